import {
  DEFAULT_PERMISSIONS,
  type EntitySchemaDocument,
  type JsonObject,
  type PermissionRole,
} from '@atelier/shared';
import { camelCase, labelOf, words } from './words.ts';

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'email'
  | 'phone'
  | 'url'
  | 'number'
  | 'date'
  | 'boolean'
  | 'select';

/** One field of an entity, as the offline assistant's pages and schemas use it. */
export interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  options?: string[];
  required?: boolean;
}

const f = (name: string, kind: FieldKind, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  name,
  label: labelOf(name),
  kind,
  ...extra,
});
const req = { required: true };

const PERSON_WITH_COMPANY = [
  f('name', 'text', req),
  f('email', 'email'),
  f('phone', 'phone'),
  f('company', 'text'),
];
const PERSON = [f('name', 'text', req), f('email', 'email'), f('phone', 'phone'), f('notes', 'textarea')];
const ORGANISATION = [
  f('name', 'text', req),
  f('website', 'url'),
  f('industry', 'text'),
  f('phone', 'phone'),
];
const STATUS_OPTIONS = ['New', 'Active', 'Done'];
const PRIORITY_OPTIONS = ['Low', 'Medium', 'High'];

/** Sensible fields for common nouns (singular, lower case); other nouns get name, description, status. */
const KNOWN_ENTITIES: Record<string, FieldSpec[]> = {
  contact: PERSON_WITH_COMPANY,
  customer: PERSON_WITH_COMPANY,
  client: PERSON_WITH_COMPANY,
  lead: PERSON_WITH_COMPANY,
  person: PERSON,
  member: PERSON,
  subscriber: PERSON,
  guest: PERSON,
  attendee: PERSON,
  patient: PERSON,
  volunteer: PERSON,
  candidate: PERSON,
  employee: [f('name', 'text', req), f('email', 'email'), f('role', 'text'), f('startDate', 'date')],
  student: [f('name', 'text', req), f('email', 'email'), f('grade', 'text'), f('notes', 'textarea')],
  company: ORGANISATION,
  organization: ORGANISATION,
  organisation: ORGANISATION,
  account: ORGANISATION,
  supplier: ORGANISATION,
  vendor: ORGANISATION,
  deal: [
    f('title', 'text', req),
    f('amount', 'number'),
    f('stage', 'select', { options: ['Lead', 'Qualified', 'Proposal', 'Won', 'Lost'] }),
    f('closeDate', 'date'),
  ],
  opportunity: [
    f('title', 'text', req),
    f('amount', 'number'),
    f('stage', 'select', { options: ['Lead', 'Qualified', 'Proposal', 'Won', 'Lost'] }),
    f('closeDate', 'date'),
  ],
  task: [
    f('title', 'text', req),
    f('done', 'boolean'),
    f('dueDate', 'date'),
    f('priority', 'select', { options: PRIORITY_OPTIONS }),
  ],
  todo: [f('title', 'text', req), f('done', 'boolean'), f('dueDate', 'date')],
  project: [
    f('name', 'text', req),
    f('description', 'textarea'),
    f('status', 'select', { options: ['Planned', 'Active', 'Done'] }),
    f('dueDate', 'date'),
  ],
  product: [f('name', 'text', req), f('price', 'number'), f('stock', 'number'), f('description', 'textarea')],
  item: [f('name', 'text', req), f('quantity', 'number'), f('notes', 'textarea')],
  order: [
    f('reference', 'text', req),
    f('customer', 'text'),
    f('total', 'number'),
    f('status', 'select', { options: ['Pending', 'Paid', 'Shipped', 'Cancelled'] }),
    f('orderDate', 'date'),
  ],
  invoice: [
    f('number', 'text', req),
    f('customer', 'text'),
    f('amount', 'number'),
    f('dueDate', 'date'),
    f('paid', 'boolean'),
  ],
  book: [f('title', 'text', req), f('author', 'text'), f('year', 'number'), f('genre', 'text')],
  author: [f('name', 'text', req), f('country', 'text'), f('bio', 'textarea')],
  event: [f('title', 'text', req), f('date', 'date'), f('location', 'text'), f('description', 'textarea')],
  meeting: [f('title', 'text', req), f('date', 'date'), f('location', 'text'), f('notes', 'textarea')],
  appointment: [f('title', 'text', req), f('date', 'date'), f('location', 'text'), f('notes', 'textarea')],
  note: [f('title', 'text', req), f('body', 'textarea')],
  post: [f('title', 'text', req), f('body', 'textarea'), f('published', 'boolean')],
  article: [f('title', 'text', req), f('body', 'textarea'), f('published', 'boolean')],
  ticket: [
    f('title', 'text', req),
    f('description', 'textarea'),
    f('priority', 'select', { options: PRIORITY_OPTIONS }),
    f('status', 'select', { options: ['Open', 'In progress', 'Closed'] }),
  ],
  issue: [
    f('title', 'text', req),
    f('description', 'textarea'),
    f('priority', 'select', { options: PRIORITY_OPTIONS }),
    f('status', 'select', { options: ['Open', 'In progress', 'Closed'] }),
  ],
  expense: [f('description', 'text', req), f('amount', 'number'), f('date', 'date'), f('category', 'text')],
  payment: [f('description', 'text', req), f('amount', 'number'), f('date', 'date'), f('paid', 'boolean')],
  recipe: [
    f('name', 'text', req),
    f('ingredients', 'textarea'),
    f('prepMinutes', 'number'),
    f('vegetarian', 'boolean'),
  ],
  course: [f('title', 'text', req), f('description', 'textarea'), f('startDate', 'date')],
  review: [f('title', 'text', req), f('rating', 'number'), f('comment', 'textarea')],
};

const DEFAULT_FIELDS = [
  f('name', 'text', req),
  f('description', 'textarea'),
  f('status', 'select', { options: STATUS_OPTIONS }),
];

/** The fields a new entity starts with, inferred from its name ("PurchaseOrder" uses "order"). */
export function inferFields(entity: string): FieldSpec[] {
  const parts = words(entity);
  const known = KNOWN_ENTITIES[parts.join('')] ?? KNOWN_ENTITIES[parts.at(-1) ?? ''];
  return (known ?? DEFAULT_FIELDS).map((field) => ({ ...field }));
}

/** Words in a request that name a field type. */
const TYPE_WORDS: [RegExp, FieldKind][] = [
  [/\b(numbers?|numeric|integer|decimal|amount|price|currency|money)\b/, 'number'],
  [/\b(date|datetime|time|day)\b/, 'date'],
  [/\b(boolean|checkbox|check box|yes\/no|toggle|true\/false|flag)\b/, 'boolean'],
  [/\be-?mail\b/, 'email'],
  [/\b(phone|telephone)\b/, 'phone'],
  [/\b(url|link|website)\b/, 'url'],
  [/\b(long text|text ?area|multi-?line|paragraph)\b/, 'textarea'],
  [/\b(select|dropdown|drop-down|choice|enum|options?)\b/, 'select'],
  [/\b(text|string)\b/, 'text'],
];

/** The kind a field name suggests ("dueDate" → date, "isActive" → boolean, "price" → number). */
export function kindFromName(name: string): FieldKind {
  const parts = words(name);
  const has = (pattern: RegExp) => parts.some((part) => pattern.test(part));
  if (has(/^e?mail$/)) return 'email';
  if (has(/^(phone|mobile|tel|telephone)$/)) return 'phone';
  if (has(/^(url|website|link|homepage)$/)) return 'url';
  if (has(/^(date|deadline|birthday|dob|due)$/) || /At$/.test(name)) return 'date';
  if (
    parts[0] === 'is' ||
    parts[0] === 'has' ||
    has(/^(done|completed|active|paid|published|archived|enabled)$/)
  ) {
    return 'boolean';
  }
  if (
    has(
      /^(price|amount|total|cost|count|quantity|qty|age|year|score|rating|budget|stock|salary|revenue|minutes|hours|weight|height|size|number)$/,
    ) &&
    !(parts.length === 1 && parts[0] === 'number')
  ) {
    return 'number';
  }
  if (has(/^(description|notes|bio|body|content|comment|summary|address|details)$/)) return 'textarea';
  if (has(/^(status|priority|stage|category|type)$/)) return 'select';
  return 'text';
}

export function kindFromWords(text: string): FieldKind | undefined {
  const lower = text.toLowerCase();
  return TYPE_WORDS.find(([pattern]) => pattern.test(lower))?.[1];
}

function defaultOptions(name: string): string[] {
  const parts = words(name);
  if (parts.includes('priority')) return PRIORITY_OPTIONS;
  if (parts.includes('stage')) return ['Lead', 'Qualified', 'Proposal', 'Won', 'Lost'];
  return STATUS_OPTIONS;
}

/** A new field from a request: its name in camelCase, kind from explicit words or from the name. */
export function fieldFromRequest(rawName: string, kind?: FieldKind, options?: string[]): FieldSpec {
  const name = camelCase(rawName);
  const finalKind = kind ?? kindFromName(name);
  const field: FieldSpec = { name, label: labelOf(name), kind: finalKind };
  if (finalKind === 'select') field.options = options && options.length > 0 ? options : defaultOptions(name);
  return field;
}

function propertyOf(field: FieldSpec): JsonObject {
  const base: JsonObject = { title: field.label };
  switch (field.kind) {
    case 'number':
      return { type: 'number', ...base };
    case 'boolean':
      return { type: 'boolean', ...base, default: false };
    case 'date':
      return { type: 'string', format: 'date-time', ...base };
    case 'email':
      return { type: 'string', format: 'email', ...base };
    case 'url':
      return { type: 'string', format: 'uri', ...base };
    case 'select':
      return { type: 'string', enum: field.options ?? STATUS_OPTIONS, ...base };
    default:
      return { type: 'string', ...base };
  }
}

/** The entity document (JSON Schema + rls, protocol.md "Entity document"). */
export function entitySchema(
  name: string,
  fields: readonly FieldSpec[],
  rls: { read: PermissionRole; write: PermissionRole } = DEFAULT_PERMISSIONS,
): EntitySchemaDocument {
  const required = fields.filter((field) => field.required).map((field) => field.name);
  return {
    name,
    type: 'object',
    properties: Object.fromEntries(fields.map((field) => [field.name, propertyOf(field)])),
    ...(required.length > 0 ? { required } : {}),
    rls: { read: rls.read, write: rls.write },
  };
}

/** Reads fields back from an entity document (for pages of entities the offline assistant did not make). */
export function fieldsFromSchema(schema: unknown): FieldSpec[] {
  const doc = schema as { properties?: Record<string, Record<string, unknown>>; required?: unknown };
  const required = new Set(Array.isArray(doc?.required) ? (doc.required as string[]) : []);
  return Object.entries(doc?.properties ?? {}).map(([name, property]) => {
    const label = typeof property.title === 'string' ? property.title : labelOf(name);
    const field: FieldSpec = { name, label, kind: kindOfProperty(name, property) };
    if (Array.isArray(property.enum)) field.options = property.enum.map(String);
    if (required.has(name)) field.required = true;
    return field;
  });
}

function kindOfProperty(name: string, property: Record<string, unknown>): FieldKind {
  if (Array.isArray(property.enum)) return 'select';
  if (property.type === 'number' || property.type === 'integer') return 'number';
  if (property.type === 'boolean') return 'boolean';
  if (property.format === 'date' || property.format === 'date-time') return 'date';
  if (property.format === 'email') return 'email';
  if (property.format === 'uri' || property.format === 'url') return 'url';
  const byName = kindFromName(name);
  return byName === 'phone' || byName === 'textarea' ? byName : 'text';
}
