import type { AppFile } from '@atelier/shared';

/**
 * The files a new generated app starts from: a layout with the app's name and navigation, a home
 * page that lists and creates items, one entity (`Item`) and the global styles. Small on purpose:
 * the chat grows it from here.
 */
export function templateFiles(appName: string): AppFile[] {
  const name = appName.trim() || 'My App';
  return [
    { path: 'Layout.tsx', content: layout(name) },
    { path: 'pages/Home.tsx', content: homePage(name) },
    { path: 'entities/Item.json', content: itemEntity },
    { path: 'globals.css', content: globalsCss },
  ];
}

const layout = (name: string) => `import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Sparkles } from 'lucide-react';

const APP_NAME = ${JSON.stringify(name)};

const navigation = [{ name: 'Home', label: 'Home', to: '/' }];

export default function Layout({ children, currentPageName }: { children: ReactNode; currentPageName: string }) {
  return (
    <div className="min-h-screen bg-background text-foreground">
      <header className="sticky top-0 z-10 border-b border-border bg-background/80 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between px-6">
          <Link to="/" className="flex items-center gap-2 font-semibold tracking-tight">
            <span className="inline-flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <Sparkles className="size-4" />
            </span>
            {APP_NAME}
          </Link>
          <nav className="flex items-center gap-1">
            {navigation.map((item) => (
              <Link
                key={item.name}
                to={item.to}
                className={
                  currentPageName === item.name
                    ? 'rounded-md bg-muted px-3 py-2 text-sm font-medium text-foreground'
                    : 'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:text-foreground'
                }
              >
                {item.label}
              </Link>
            ))}
          </nav>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-6 py-10">{children}</main>
    </div>
  );
}
`;

const homePage = (name: string) => `import { type FormEvent, useEffect, useState } from 'react';
import { CheckCircle2, Circle, Clock, Plus, Trash2 } from 'lucide-react';
import { entities } from '@atelier/app-sdk';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Input, Textarea } from '@atelier/ui';

type Status = 'todo' | 'in_progress' | 'done';

interface Item {
  id: string;
  name: string;
  description?: string;
  status: Status;
}

const STATUS = {
  todo: { label: 'To do', icon: Circle, badge: 'secondary' },
  in_progress: { label: 'In progress', icon: Clock, badge: 'warning' },
  done: { label: 'Done', icon: CheckCircle2, badge: 'success' },
} as const;

const NEXT_STATUS: Record<Status, Status> = { todo: 'in_progress', in_progress: 'done', done: 'todo' };

export default function Home() {
  const [items, setItems] = useState<Item[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    entities.Item.list('-createdAt', 50)
      .then((rows) => setItems(rows as unknown as Item[]))
      .catch((cause: Error) => setError(cause.message))
      .finally(() => setLoading(false));
  }, []);

  async function addItem(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return;
    setSaving(true);
    try {
      const created = await entities.Item.create({ name: name.trim(), description: description.trim(), status: 'todo' });
      setItems((current) => [created as unknown as Item, ...current]);
      setName('');
      setDescription('');
      setError(null);
    } catch (cause) {
      setError((cause as Error).message);
    } finally {
      setSaving(false);
    }
  }

  async function advance(item: Item) {
    const status = NEXT_STATUS[item.status];
    setItems((current) => current.map((row) => (row.id === item.id ? { ...row, status } : row)));
    await entities.Item.update(item.id, { status }).catch((cause: Error) => setError(cause.message));
  }

  async function remove(item: Item) {
    setItems((current) => current.filter((row) => row.id !== item.id));
    await entities.Item.delete(item.id).catch((cause: Error) => setError(cause.message));
  }

  return (
    <div className="space-y-10">
      <section className="space-y-3">
        <p className="text-sm font-medium text-primary">Welcome</p>
        <h1 className="text-4xl font-bold tracking-tight">{${JSON.stringify(name)}}</h1>
        <p className="max-w-2xl text-lg text-muted-foreground">
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
              <Input value={name} onChange={(event) => setName(event.target.value)} placeholder="Name" aria-label="Name" />
              <Textarea
                value={description}
                onChange={(event) => setDescription(event.target.value)}
                placeholder="Description (optional)"
                aria-label="Description"
                rows={3}
              />
              <Button type="submit" disabled={saving || !name.trim()} className="w-full">
                <Plus /> Add item
              </Button>
            </form>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Items</CardTitle>
            <CardDescription>
              {loading ? 'Loading…' : items.length === 0 ? 'Nothing here yet.' : \`\${items.length} item\${items.length === 1 ? '' : 's'}\`}
            </CardDescription>
          </CardHeader>
          <CardContent>
            {error && <p className="mb-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">{error}</p>}
            {!loading && items.length === 0 ? (
              <div className="rounded-lg border border-dashed border-border py-10 text-center text-sm text-muted-foreground">
                Your items will appear here.
              </div>
            ) : (
              <ul className="divide-y divide-border">
                {items.map((item) => {
                  const status = STATUS[item.status] ?? STATUS.todo;
                  const Icon = status.icon;
                  return (
                    <li key={item.id} className="flex items-center gap-3 py-3">
                      <button
                        type="button"
                        onClick={() => advance(item)}
                        className="text-muted-foreground hover:text-primary"
                        aria-label={\`Mark \${item.name} as \${STATUS[NEXT_STATUS[item.status]].label}\`}
                      >
                        <Icon className="size-5" />
                      </button>
                      <div className="min-w-0 flex-1">
                        <p className={item.status === 'done' ? 'truncate font-medium text-muted-foreground line-through' : 'truncate font-medium'}>
                          {item.name}
                        </p>
                        {item.description && <p className="truncate text-sm text-muted-foreground">{item.description}</p>}
                      </div>
                      <Badge variant={status.badge}>{status.label}</Badge>
                      <Button variant="ghost" size="icon" onClick={() => remove(item)} aria-label={\`Delete \${item.name}\`}>
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
`;

const itemEntity = `${JSON.stringify(
  {
    name: 'Item',
    type: 'object',
    properties: {
      name: { type: 'string', description: 'What the item is called' },
      description: { type: 'string', description: 'A few words about it' },
      status: { type: 'string', enum: ['todo', 'in_progress', 'done'], default: 'todo' },
    },
    required: ['name'],
    rls: { read: 'creator', write: 'creator' },
  },
  null,
  2,
)}\n`;

const globalsCss = `@import "tailwindcss";

/* Colours and fonts of the app: change them here (names match the UI kit's tokens). */
@theme {
  --color-primary: oklch(0.511 0.262 276.966);
  --color-primary-foreground: #ffffff;
  --font-sans: ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
}

body {
  @apply bg-background font-sans text-foreground antialiased;
}
`;
