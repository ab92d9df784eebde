import type { FieldSpec } from './entity-fields.ts';
import { pluralize, pluralLabel, quote, words } from './words.ts';

/**
 * Pages written by the offline assistant: pure functions from an entity and its fields to the text
 * of a React 19 page (default export, the template's shadcn/ui components from `@/components/ui`,
 * Tailwind classes, lucide icons, data through the app SDK).
 * A page keeps its fields in one `const FIELDS` block, so adding a field is one search/replace.
 */

/** lucide-react icons for common entities (singular, lower case); others get Database. */
const ICONS: Record<string, string> = {
  contact: 'Users',
  customer: 'Users',
  client: 'Users',
  lead: 'Users',
  person: 'Users',
  member: 'Users',
  employee: 'Briefcase',
  student: 'GraduationCap',
  company: 'Building',
  organization: 'Building',
  account: 'Building',
  supplier: 'Building',
  deal: 'Handshake',
  opportunity: 'Handshake',
  task: 'ListChecks',
  todo: 'ListChecks',
  project: 'FolderKanban',
  product: 'Package',
  item: 'Boxes',
  order: 'ShoppingCart',
  invoice: 'Receipt',
  book: 'BookOpen',
  author: 'PenLine',
  event: 'CalendarDays',
  meeting: 'CalendarDays',
  appointment: 'Calendar',
  note: 'StickyNote',
  post: 'Newspaper',
  article: 'Newspaper',
  ticket: 'Ticket',
  issue: 'Ticket',
  expense: 'Wallet',
  payment: 'Wallet',
  recipe: 'ChefHat',
  course: 'GraduationCap',
  review: 'Star',
};

export function iconFor(entity: string): string {
  return ICONS[words(entity).at(-1) ?? ''] ?? 'Database';
}

export const pageFilePath = (pageName: string) => `pages/${pageName}.tsx`;

/** The page of an entity is named after its plural ("Contact" → "Contacts"). */
export function entityPageName(entity: string): string {
  return pluralize(entity);
}

function fieldLine(field: FieldSpec): string {
  const parts = [`name: ${quote(field.name)}`, `label: ${quote(field.label)}`, `kind: ${quote(field.kind)}`];
  if (field.options) parts.push(`options: [${field.options.map(quote).join(', ')}]`);
  if (field.required) parts.push('required: true');
  return `  { ${parts.join(', ')} },`;
}

const FIELDS_BLOCK = /const FIELDS: Field\[\] = \[\n[\s\S]*?\n\];/;

/** The `const FIELDS` declaration of a page. */
export function fieldsBlock(fields: readonly FieldSpec[]): string {
  return `const FIELDS: Field[] = [\n${fields.map(fieldLine).join('\n')}\n];`;
}

/** The `const FIELDS` declaration as it stands in a page, if the page has one. */
export function findFieldsBlock(pageContent: string): string | undefined {
  return FIELDS_BLOCK.exec(pageContent)?.[0];
}

/** A list + create page for one entity: a small form above a table of the latest 50 records. */
export function entityPage(input: { entity: string; fields: readonly FieldSpec[] }): string {
  const { entity, fields } = input;
  const title = pluralLabel(entity);
  const plural = title.toLowerCase();
  const singular = words(entity).join(' ');
  const icon = iconFor(entity);
  const component = `${entityPageName(entity)}Page`;
  return `import { entities } from '@atelier/app-sdk';
import { ${icon}, Plus } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Textarea } from '@/components/ui/textarea';

type FieldKind = 'text' | 'textarea' | 'email' | 'phone' | 'url' | 'number' | 'date' | 'boolean' | 'select';
type Field = { name: string; label: string; kind: FieldKind; options?: string[]; required?: boolean };
type Row = { id: string; [field: string]: unknown };

${fieldsBlock(fields)}

const INPUT_TYPES: Record<string, string> = { email: 'email', phone: 'tel', url: 'url', number: 'number', date: 'date' };

const emptyDraft = () =>
  Object.fromEntries(FIELDS.map((field) => [field.name, field.kind === 'boolean' ? false : ''])) as Record<string, unknown>;

function toValue(field: Field, raw: unknown): unknown {
  if (field.kind === 'boolean') return Boolean(raw);
  if (raw === '' || raw === undefined || raw === null) return undefined;
  if (field.kind === 'number') return Number(raw);
  if (field.kind === 'date') return new Date(String(raw)).toISOString();
  return raw;
}

function display(field: Field, value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (field.kind === 'boolean') return value ? 'Yes' : 'No';
  if (field.kind === 'date') return new Date(String(value)).toLocaleDateString();
  if (field.kind === 'number') return Number(value).toLocaleString();
  return String(value);
}

export default function ${component}() {
  const [rows, setRows] = useState<Row[]>([]);
  const [draft, setDraft] = useState<Record<string, unknown>>(emptyDraft);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');

  async function load() {
    try {
      setRows((await entities.${entity}.list('-createdAt', 50)) as Row[]);
    } catch {
      setError(${quote(`Could not load ${plural}.`)});
    } finally {
      setLoading(false);
    }
  }

  useEffect(() => {
    void load();
  }, []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    setError('');
    try {
      const record = Object.fromEntries(
        FIELDS.map((field) => [field.name, toValue(field, draft[field.name])]).filter(([, value]) => value !== undefined),
      );
      await entities.${entity}.create(record);
      setDraft(emptyDraft());
      toast.success(${quote(`${capitalize(singular)} added`)});
      await load();
    } catch {
      setError(${quote(`Could not save the ${singular}.`)});
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="space-y-6">
      <header className="flex items-center gap-3">
        <div className="rounded-xl bg-primary/10 p-2.5 text-primary">
          <${icon} className="size-5" />
        </div>
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">${title}</h1>
          <p className="text-sm text-muted-foreground">${`Add ${plural} and keep track of them in one place.`}</p>
        </div>
      </header>

      <Card>
        <CardContent>
          <form onSubmit={handleSubmit} className="grid gap-4 sm:grid-cols-2">
            {FIELDS.map((field) => (
              <div key={field.name} className={field.kind === 'textarea' ? 'grid gap-2 sm:col-span-2' : 'grid gap-2'}>
                <Label htmlFor={\`field-\${field.name}\`}>{field.label}</Label>
                <FieldInput
                  field={field}
                  value={draft[field.name]}
                  onChange={(value) => setDraft((current) => ({ ...current, [field.name]: value }))}
                />
              </div>
            ))}
            <div className="flex items-center gap-3 sm:col-span-2">
              <Button type="submit" disabled={saving}>
                <Plus />
                {saving ? 'Saving…' : ${quote(`Add ${singular}`)}}
              </Button>
              {error && <p className="text-sm text-destructive">{error}</p>}
            </div>
          </form>
        </CardContent>
      </Card>

      <Card className="py-0">
        <Table>
          <TableHeader>
            <TableRow>
              {FIELDS.map((field) => (
                <TableHead key={field.name}>{field.label}</TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                {FIELDS.map((field) => (
                  <TableCell key={field.name}>{display(field, row[field.name])}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {loading && <p className="p-6 text-center text-sm text-muted-foreground">Loading…</p>}
        {!loading && rows.length === 0 && (
          <p className="p-6 text-center text-sm text-muted-foreground">${`No ${plural} yet. Add the first one above.`}</p>
        )}
      </Card>
    </div>
  );
}

function FieldInput({ field, value, onChange }: { field: Field; value: unknown; onChange: (value: unknown) => void }) {
  const id = \`field-\${field.name}\`;
  if (field.kind === 'boolean') {
    return <Checkbox id={id} checked={Boolean(value)} onCheckedChange={(checked) => onChange(checked === true)} />;
  }
  if (field.kind === 'textarea') {
    return (
      <Textarea
        id={id}
        rows={3}
        value={String(value ?? '')}
        required={field.required}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  if (field.kind === 'select') {
    return (
      <Select value={String(value ?? '')} required={field.required} onValueChange={onChange}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue placeholder="Choose…" />
        </SelectTrigger>
        <SelectContent>
          {field.options?.map((option) => (
            <SelectItem key={option} value={option}>
              {option}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    );
  }
  return (
    <Input
      id={id}
      type={INPUT_TYPES[field.kind] ?? 'text'}
      step={field.kind === 'number' ? 'any' : undefined}
      value={String(value ?? '')}
      required={field.required}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
`;
}

const capitalize = (text: string) => text.replace(/^./, (c) => c.toUpperCase());

/** A simple content page ("add an About page"). */
export function staticPage(input: { pageName: string; title: string }): string {
  return `import { FileText } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';

export default function ${input.pageName}Page() {
  return (
    <div className="space-y-6">
      <header className="flex items-center gap-3">
        <div className="rounded-xl bg-primary/10 p-2.5 text-primary">
          <FileText className="size-5" />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight">${input.title}</h1>
      </header>
      <Card>
        <CardContent>
          <p className="text-muted-foreground">Coming soon.</p>
        </CardContent>
      </Card>
    </div>
  );
}
`;
}

/**
 * The home page of a generated app (replaces the template's): the app's title, what it keeps, and
 * a card linking each page. Only end-user copy: no builder advice (issue 19 item 6).
 */
export function homePage(input: {
  title: string;
  links: readonly { to: string; label: string; entity: string }[];
}): string {
  const icons = [...new Set(input.links.map((link) => iconFor(link.entity)))];
  const things = input.links.map((link) => link.label.toLowerCase());
  const summary =
    things.length === 0
      ? 'Welcome.'
      : `Keep track of your ${things.length === 1 ? things[0] : `${things.slice(0, -1).join(', ')} and ${things.at(-1)}`} in one place.`;
  const cards = input.links
    .map((link) => `  { to: ${quote(link.to)}, label: ${quote(link.label)}, icon: ${iconFor(link.entity)} },`)
    .join('\n');
  return `import { ${[...icons, 'ArrowRight'].join(', ')} } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';

const SECTIONS = [
${cards}
];

export default function Home() {
  return (
    <div className="space-y-8">
      <section className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">${escapeJsx(input.title)}</h1>
        <p className="max-w-2xl text-lg text-muted-foreground">${escapeJsx(summary)}</p>
      </section>
      <div className="grid gap-4 sm:grid-cols-2">
        {SECTIONS.map((section) => (
          <Link key={section.to} to={section.to} className="group rounded-xl focus-visible:outline-2 focus-visible:outline-ring">
            <Card className="flex-row items-center gap-4 px-5 py-5 transition group-hover:border-primary/40 group-hover:shadow-md">
              <span className="rounded-xl bg-primary/10 p-2.5 text-primary">
                <section.icon className="size-5" />
              </span>
              <span className="flex-1 font-medium">{section.label}</span>
              <ArrowRight className="size-4 text-muted-foreground transition group-hover:translate-x-0.5 group-hover:text-primary" />
            </Card>
          </Link>
        ))}
      </div>
    </div>
  );
}
`;
}

const escapeJsx = (text: string) => text.replace(/[{}<>&]/g, (c) => `{${JSON.stringify(c)}}`);
