import { COLUMN_DATA_TYPES, type ColumnDataType } from '@atelier/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { errorMessage } from '../../auth/error-message.ts';
import { databaseKeys, recordsApi } from '../api.ts';

const TYPE_LABELS: Record<ColumnDataType, string> = {
  text: 'Text',
  number: 'Number',
  boolean: 'Checkbox',
  datetime: 'Date and time',
  select: 'Select',
  multiselect: 'Multi-select',
  image: 'Image',
  json: 'JSON',
};

/** Adds a column: the entity's schema gains a property, in a new version of the app. */
export function AddColumnDialog({ appId, entity }: { appId: string; entity: string }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [dataType, setDataType] = useState<ColumnDataType>('text');
  const [options, setOptions] = useState('');
  const add = useMutation({
    mutationFn: () =>
      recordsApi.addColumn(appId, entity, {
        name: name.trim(),
        dataType,
        options: options
          .split(',')
          .map((option) => option.trim())
          .filter(Boolean),
      }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: databaseKeys.entities(appId) });
      setOpen(false);
      setName('');
      setOptions('');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  const withOptions = dataType === 'select' || dataType === 'multiselect';
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Plus aria-hidden="true" />
          Add column
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Add a column to {entity}</DialogTitle>
            <DialogDescription>The entity’s schema changes in a new version of the app.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="column-name">Column name</Label>
            <Input id="column-name" value={name} onChange={(event) => setName(event.target.value)} required />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="column-type">Type</Label>
            <select
              id="column-type"
              className="h-9 rounded-md border border-input bg-background px-2 text-sm"
              value={dataType}
              onChange={(event) => setDataType(event.target.value as ColumnDataType)}
            >
              {COLUMN_DATA_TYPES.map((type) => (
                <option key={type} value={type}>
                  {TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </div>
          {withOptions && (
            <div className="grid gap-2">
              <Label htmlFor="column-options">Options (separated by commas)</Label>
              <Input
                id="column-options"
                value={options}
                onChange={(event) => setOptions(event.target.value)}
              />
            </div>
          )}
          {add.isError && (
            <p role="alert" className="text-destructive text-sm">
              {errorMessage(add.error)}
            </p>
          )}
          <DialogFooter>
            <Button type="submit" disabled={add.isPending}>
              Add column
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
