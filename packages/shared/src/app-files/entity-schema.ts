import { z } from 'zod';
import { DEFAULT_PERMISSIONS, PERMISSION_ROLES, type PermissionRole } from '../actions/tags.ts';

/** Zod schema of a permission role (`PERMISSION_ROLES`, spec 3 §3). */
export const permissionRoleSchema = z.enum(PERMISSION_ROLES);

/** Who may read and who may write the records of an entity. */
export interface EntityRls {
  read: PermissionRole;
  write: PermissionRole;
}

/** Access rules of an entity that declares none: only the creator reads and writes. */
export const DEFAULT_ENTITY_RLS: EntityRls = DEFAULT_PERMISSIONS;

export const ENTITY_FIELD_TYPES = [
  'string',
  'number',
  'integer',
  'boolean',
  'array',
  'object',
  'null',
] as const;

/** One property of an entity's JSON Schema (the subset the builder understands; other keywords pass through). */
export interface EntityFieldSchema {
  type?: (typeof ENTITY_FIELD_TYPES)[number] | (typeof ENTITY_FIELD_TYPES)[number][];
  description?: string;
  title?: string;
  enum?: unknown[];
  format?: string;
  default?: unknown;
  items?: EntityFieldSchema;
  properties?: Record<string, EntityFieldSchema>;
  [keyword: string]: unknown;
}

/** An entity file (`entities/<Name>.json`): a JSON Schema object with the `rls` extension. */
export interface EntitySchema {
  name?: string;
  description?: string;
  type: 'object';
  properties: Record<string, EntityFieldSchema>;
  required?: string[];
  rls?: Partial<EntityRls>;
  [keyword: string]: unknown;
}

const fieldSchema: z.ZodType<EntityFieldSchema> = z.lazy(() =>
  z
    .object({
      type: z.union([z.enum(ENTITY_FIELD_TYPES), z.array(z.enum(ENTITY_FIELD_TYPES))]).optional(),
      description: z.string().optional(),
      title: z.string().optional(),
      enum: z.array(z.unknown()).optional(),
      format: z.string().optional(),
      default: z.unknown().optional(),
      items: fieldSchema.optional(),
      properties: z.record(z.string(), fieldSchema).optional(),
    })
    .loose()
    // A named schema lets the OpenAPI generator refer to itself instead of recursing forever.
    .meta({ id: 'EntityField' }),
);

export const entitySchemaSchema = z
  .object({
    name: z.string().optional(),
    description: z.string().optional(),
    type: z.literal('object'),
    properties: z.record(z.string(), fieldSchema),
    required: z.array(z.string()).optional(),
    rls: z
      .object({ read: permissionRoleSchema.optional(), write: permissionRoleSchema.optional() })
      .optional(),
  })
  .loose()
  .meta({ id: 'EntitySchema' });

/** Entity names: a letter, then letters, digits or `_` (they become URL segments and SDK keys). */
export const ENTITY_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

/** The effective access rules of an entity: its `rls` with the defaults filled in. */
export function resolveRls(schema: Pick<EntitySchema, 'rls'>): EntityRls {
  return {
    read: schema.rls?.read ?? DEFAULT_ENTITY_RLS.read,
    write: schema.rls?.write ?? DEFAULT_ENTITY_RLS.write,
  };
}

export type EntitySchemaParse =
  | { ok: true; schema: EntitySchema }
  | { ok: false; message: string; line?: number; column?: number };

/** Parses the text of an entity file; a problem names its line and column when JSON parsing fails. */
export function parseEntitySchema(text: string): EntitySchemaParse {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message);
    if (!position) return { ok: false, message: `Invalid JSON: ${message}` };
    const offset = Number(position[1]);
    const before = text.slice(0, offset).split('\n');
    return {
      ok: false,
      message: `Invalid JSON: ${message.replace(/ in JSON at position \d+.*$/, '')}`,
      line: before.length,
      column: (before.at(-1)?.length ?? 0) + 1,
    };
  }
  const parsed = entitySchemaSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return { ok: false, message: `Invalid entity schema: ${where}${issue.message}` };
  }
  return { ok: true, schema: parsed.data as EntitySchema };
}
