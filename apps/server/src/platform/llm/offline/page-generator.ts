import type { FieldSpec } from './entity-fields.ts';
import { pluralize, pluralLabel, quote, words } from './words.ts';

/**
 * Pages written by the offline assistant: pure functions from an entity and its fields to the text
 * of a React 19 page (default export, Tailwind classes, lucide icons, data through the app SDK).
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

type FieldKind = 'text' | 'textarea' | 'email' | 'phone' | 'url' | 'number' | 'date' | 'boolean' | 'select';
type Field = { name: string; label: string; kind: FieldKind; options?: string[]; required?: boolean };
type Row = { id: string; [field: string]: unknown };

${fieldsBlock(fields)}

const INPUT_TYPES: Record<string, string> = { email: 'email', phone: 'tel', url: 'url', number: 'number', date: 'date' };
const inputClass =
  'w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm text-gray-900 focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/20';

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
          <${icon} className="h-5 w-5" />
        </div>
        <div>
          <h1 className="text-2xl font-semibold text-gray-900">${title}</h1>
          <p className="text-sm text-gray-500">${`Add ${plural} and keep track of them in one place.`}</p>
        </div>
      </header>

      <form
        onSubmit={handleSubmit}
        className="grid gap-4 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:grid-cols-2"
      >
        {FIELDS.map((field) => (
          <label key={field.name} className={field.kind === 'textarea' ? 'space-y-1 sm:col-span-2' : 'space-y-1'}>
            <span className="block text-sm font-medium text-gray-700">{field.label}</span>
            <FieldInput
              field={field}
              value={draft[field.name]}
              onChange={(value) => setDraft((current) => ({ ...current, [field.name]: value }))}
            />
          </label>
        ))}
        <div className="flex items-center gap-3 sm:col-span-2">
          <button
            type="submit"
            disabled={saving}
            className="inline-flex items-center gap-2 rounded-lg bg-primary px-4 py-2 text-sm font-medium text-white shadow-sm hover:opacity-90 disabled:opacity-50"
          >
            <Plus className="h-4 w-4" />
            {saving ? 'Saving…' : ${quote(`Add ${singular}`)}}
          </button>
          {error && <p className="text-sm text-red-600">{error}</p>}
        </div>
      </form>

      <div className="overflow-x-auto rounded-2xl border border-gray-200 bg-white shadow-sm">
        <table className="min-w-full divide-y divide-gray-200 text-sm">
          <thead className="bg-gray-50">
            <tr>
              {FIELDS.map((field) => (
                <th key={field.name} className="px-4 py-3 text-left font-medium text-gray-600">
                  {field.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {rows.map((row) => (
              <tr key={row.id} className="hover:bg-gray-50">
                {FIELDS.map((field) => (
                  <td key={field.name} className="px-4 py-3 text-gray-800">
                    {display(field, row[field.name])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {loading && <p className="p-6 text-center text-sm text-gray-500">Loading…</p>}
        {!loading && rows.length === 0 && (
          <p className="p-6 text-center text-sm text-gray-500">${`No ${plural} yet. Add the first one above.`}</p>
        )}
      </div>
    </div>
  );
}

function FieldInput({ field, value, onChange }: { field: Field; value: unknown; onChange: (value: unknown) => void }) {
  if (field.kind === 'boolean') {
    return (
      <input
        type="checkbox"
        checked={Boolean(value)}
        onChange={(event) => onChange(event.target.checked)}
        className="h-4 w-4 accent-primary"
      />
    );
  }
  if (field.kind === 'textarea') {
    return (
      <textarea
        rows={3}
        value={String(value ?? '')}
        required={field.required}
        onChange={(event) => onChange(event.target.value)}
        className={inputClass}
      />
    );
  }
  if (field.kind === 'select') {
    return (
      <select
        value={String(value ?? '')}
        required={field.required}
        onChange={(event) => onChange(event.target.value)}
        className={inputClass}
      >
        <option value="">Choose…</option>
        {field.options?.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      type={INPUT_TYPES[field.kind] ?? 'text'}
      step={field.kind === 'number' ? 'any' : undefined}
      value={String(value ?? '')}
      required={field.required}
      onChange={(event) => onChange(event.target.value)}
      className={inputClass}
    />
  );
}
`;
}

/** A simple content page ("add an About page"). */
export function staticPage(input: { pageName: string; title: string }): string {
  return `import { FileText } from 'lucide-react';

export default function ${input.pageName}Page() {
  return (
    <div className="space-y-6">
      <header className="flex items-center gap-3">
        <div className="rounded-xl bg-primary/10 p-2.5 text-primary">
          <FileText className="h-5 w-5" />
        </div>
        <h1 className="text-2xl font-semibold text-gray-900">${input.title}</h1>
      </header>
      <div className="rounded-2xl border border-gray-200 bg-white p-6 text-gray-700 shadow-sm">
        <p>Coming soon.</p>
      </div>
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

const SECTIONS = [
${cards}
];

export default function Home() {
  return (
    <div className="space-y-8">
      <section className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-gray-900">${escapeJsx(input.title)}</h1>
        <p className="max-w-2xl text-lg text-gray-600">${escapeJsx(summary)}</p>
      </section>
      <div className="grid gap-4 sm:grid-cols-2">
        {SECTIONS.map((section) => (
          <Link
            key={section.to}
            to={section.to}
            className="group flex items-center gap-4 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm transition hover:border-primary/40 hover:shadow"
          >
            <span className="rounded-xl bg-primary/10 p-2.5 text-primary">
              <section.icon className="h-5 w-5" />
            </span>
            <span className="flex-1 font-medium text-gray-900">{section.label}</span>
            <ArrowRight className="h-4 w-4 text-gray-400 transition group-hover:translate-x-0.5 group-hover:text-primary" />
          </Link>
        ))}
      </div>
    </div>
  );
}
`;
}

const escapeJsx = (text: string) => text.replace(/[{}<>&]/g, (c) => `{${JSON.stringify(c)}}`);
