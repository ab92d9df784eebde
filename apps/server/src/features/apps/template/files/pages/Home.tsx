import { entities } from '@atelier/app-sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Circle, Clock, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';

type Status = 'todo' | 'in_progress' | 'done';

interface Item {
  id: string;
  name: string;
  description?: string;
  status: Status;
}

const STATUS = {
  todo: { label: 'To do', icon: Circle, badge: 'secondary' },
  in_progress: { label: 'In progress', icon: Clock, badge: 'outline' },
  done: { label: 'Done', icon: CheckCircle2, badge: 'default' },
} as const;

const NEXT_STATUS: Record<Status, Status> = { todo: 'in_progress', in_progress: 'done', done: 'todo' };

const APP_NAME = import.meta.env.VITE_APP_NAME || 'My App';
const APP_DESCRIPTION = import.meta.env.VITE_APP_DESCRIPTION;

export default function Home() {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const items = useQuery({
    queryKey: ['items'],
    queryFn: async () => (await entities.Item.list('-createdAt', 50)) as unknown as Item[],
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['items'] });
  const onError = (error: Error) => toast.error(error.message);

  const create = useMutation({
    mutationFn: (input: Omit<Item, 'id'>) => entities.Item.create(input),
    onSuccess: () => {
      setName('');
      setDescription('');
      toast.success('Item added');
      return refresh();
    },
    onError,
  });
  const update = useMutation({
    mutationFn: (item: Item) => entities.Item.update(item.id, { status: NEXT_STATUS[item.status] }),
    onSuccess: refresh,
    onError,
  });
  const remove = useMutation({
    mutationFn: (item: Item) => entities.Item.delete(item.id),
    onSuccess: refresh,
    onError,
  });

  function addItem(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return;
    create.mutate({ name: name.trim(), description: description.trim(), status: 'todo' });
  }

  const rows = items.data ?? [];
  return (
    <div className="space-y-10">
      <section className="space-y-3">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{APP_NAME}</h1>
        {APP_DESCRIPTION && <p className="max-w-2xl text-lg text-muted-foreground">{APP_DESCRIPTION}</p>}
        <p className="max-w-2xl text-muted-foreground">
          Your app is ready. Add a few items below to get started.
        </p>
      </section>

      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)]">
        <Card>
          <CardHeader>
            <CardTitle>New item</CardTitle>
            <CardDescription>Give it a name and, if you like, a short description.</CardDescription>
          </CardHeader>
          <CardContent>
            <form onSubmit={addItem} className="space-y-3">
              <Input
                value={name}
                onChange={(event) => setName(event.target.value)}
                placeholder="Name"
                aria-label="Name"
              />
              <Textarea
                value={description}
                onChange={(event) => setDescription(event.target.value)}
                placeholder="Description (optional)"
                aria-label="Description"
                rows={3}
              />
              <Button type="submit" disabled={create.isPending || !name.trim()} className="w-full">
                <Plus /> Add item
              </Button>
            </form>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Items</CardTitle>
            <CardDescription>
              {items.isPending
                ? 'Loading…'
                : rows.length === 0
                  ? 'Nothing here yet.'
                  : `${rows.length} item${rows.length === 1 ? '' : 's'}`}
            </CardDescription>
          </CardHeader>
          <CardContent>
            {items.isError && (
              <p className="mb-3 rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
                {items.error.message}
              </p>
            )}
            {items.isPending ? (
              <div className="space-y-3">
                <Skeleton className="h-10" />
                <Skeleton className="h-10" />
              </div>
            ) : rows.length === 0 ? (
              <div className="rounded-lg border border-dashed py-10 text-center text-sm text-muted-foreground">
                Your items will appear here.
              </div>
            ) : (
              <ul className="divide-y">
                {rows.map((item) => {
                  const status = STATUS[item.status] ?? STATUS.todo;
                  const Icon = status.icon;
                  return (
                    <li key={item.id} className="flex items-center gap-3 py-3">
                      <button
                        type="button"
                        onClick={() => update.mutate(item)}
                        className="text-muted-foreground hover:text-primary"
                        aria-label={`Mark ${item.name} as ${STATUS[NEXT_STATUS[item.status]].label}`}
                      >
                        <Icon className="size-5" />
                      </button>
                      <div className="min-w-0 flex-1">
                        <p
                          className={
                            item.status === 'done'
                              ? 'truncate font-medium text-muted-foreground line-through'
                              : 'truncate font-medium'
                          }
                        >
                          {item.name}
                        </p>
                        {item.description && (
                          <p className="truncate text-sm text-muted-foreground">{item.description}</p>
                        )}
                      </div>
                      <Badge variant={status.badge}>{status.label}</Badge>
                      <Button
                        variant="ghost"
                        size="icon"
                        onClick={() => remove.mutate(item)}
                        aria-label={`Delete ${item.name}`}
                      >
                        <Trash2 />
                      </Button>
                    </li>
                  );
                })}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
