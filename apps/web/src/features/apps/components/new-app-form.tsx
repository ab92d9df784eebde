import { APP_NAME_MAX_LENGTH, type AppTypeName, createAppRequestSchema } from '@atelier/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Field, FormError } from '../../auth/components/field.tsx';
import { errorMessage } from '../../auth/error-message.ts';
import { useCreateApp } from '../api.ts';

const TYPE_OPTIONS: { value: AppTypeName; label: string }[] = [
  { value: 'GEN_APP', label: 'Generated app' },
  { value: 'AI_TOOL', label: 'AI tool' },
  { value: 'AI_APP', label: 'AI app' },
  { value: 'SPACE_APP', label: 'Space app' },
  { value: 'CHAT', label: 'Chat' },
];

type NewAppValues = z.input<typeof createAppRequestSchema>;

/** Name and type of a new app; creates it and opens the builder. */
export function NewAppForm() {
  const navigate = useNavigate();
  const create = useCreateApp();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<NewAppValues, unknown, z.output<typeof createAppRequestSchema>>({
    resolver: zodResolver(createAppRequestSchema),
    defaultValues: { name: '', type: 'GEN_APP' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const app = await create.mutateAsync(values);
      navigate(`/build/app/${app.id}`);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-lg border border-border p-4">
      <h2 className="font-medium">New app</h2>
      <FormError message={failure} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1">
          <Field id="new-app-name" label="App name" error={errors.name?.message}>
            <Input id="new-app-name" maxLength={APP_NAME_MAX_LENGTH} {...form.register('name')} />
          </Field>
        </div>
        <Field id="new-app-type" label="Type">
          <select
            id="new-app-type"
            className="h-9 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
            {...form.register('type')}
          >
            {TYPE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Button type="submit" disabled={isSubmitting} className="self-start">
        {isSubmitting ? 'Creating…' : 'Create app'}
      </Button>
    </form>
  );
}
