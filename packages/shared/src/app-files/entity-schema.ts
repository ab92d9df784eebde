import { z } from 'zod';
import { DEFAULT_PERMISSIONS, PERMISSION_ROLES, type PermissionRole } from '../actions/tags.ts';
import { type Base44Rls, type Base44Rule, base44RuleProblem, isBase44Rls } from '../entities/base44-rules.ts';
import { jsonDepth } from '../json/json-depth.ts';

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
  /** Base44's field-level rules (top-level fields only; `fieldRulesOf`). */
  rls?: FieldRls;
  [keyword: string]: unknown;
}

/** Who may read and who may write one field (Base44's field-level security). */
export interface FieldRls {
  read?: Base44Rule;
  write?: Base44Rule;
}

/** An entity file (`entities/<Name>.json`): a JSON Schema object with the `rls` extension. */
export interface EntitySchema {
  name?: string;
  description?: string;
  type: 'object';
  properties: Record<string, EntityFieldSchema>;
  required?: string[];
  /** Atelier's roles (`{ read, write }`) or Base44's per-operation rules (`entities/base44-rules.ts`). */
  rls?: Partial<EntityRls> | Base44Rls;
  [keyword: string]: unknown;
}

const base44RuleSchema = z
  .union([z.boolean(), z.record(z.string(), z.unknown())])
  .superRefine((rule, ctx) => {
    const problem = base44RuleProblem(rule);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * Base44's field-level rules (`properties.<field>.rls`): who may read the field (others get the
 * record without it) and who may write it, in the same condition syntax as the entity's rules.
 */
const fieldRlsSchema = z
  .object({ read: base44RuleSchema.optional(), write: base44RuleSchema.optional() })
  .strict();

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
      rls: fieldRlsSchema.optional(),
    })
    .loose()
    // A named schema lets the OpenAPI generator refer to itself instead of recursing forever.
    .meta({ id: 'EntityField' }),
);

const MIXED_RLS = "use Atelier's roles ({ read, write }) or Base44's rules per operation, not both";

/** Base44's `rls` block: per-operation rules (`true`, `false` or a condition), `write` for all writes. */
const base44RlsSchema = z
  .object({
    create: base44RuleSchema.optional(),
    read: base44RuleSchema.optional(),
    update: base44RuleSchema.optional(),
    delete: base44RuleSchema.optional(),
    write: base44RuleSchema.optional(),
  })
  .strict()
  .refine(isBase44Rls, { message: MIXED_RLS });

export const entitySchemaSchema = z
  .object({
    name: z.string().optional(),
    description: z.string().optional(),
    type: z.literal('object'),
    properties: z.record(z.string(), fieldSchema),
    required: z.array(z.string()).optional(),
    rls: z
      .union([
        z
          .object({ read: permissionRoleSchema.optional(), write: permissionRoleSchema.optional() })
          .loose()
          .refine((rls) => !isBase44Rls(rls), { message: MIXED_RLS }),
        base44RlsSchema,
      ])
      .optional(),
  })
  .loose()
  .meta({ id: 'EntitySchema' });

/** Entity names: a letter, then letters, digits or `_` (they become URL segments and SDK keys). */
export const ENTITY_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * The effective Atelier roles of an entity: its `rls` with the defaults filled in. An entity whose
 * rules are in Base44's format has none (undefined): `resolveRules` gives what the engine runs.
 */
export function resolveRls(schema: Pick<EntitySchema, 'rls'>): EntityRls | undefined {
  if (isBase44Rls(schema.rls)) return undefined;
  const rls = schema.rls as Partial<EntityRls> | undefined;
  return {
    read: rls?.read ?? DEFAULT_ENTITY_RLS.read,
    write: rls?.write ?? DEFAULT_ENTITY_RLS.write,
  };
}

export type EntitySchemaParse =
  | { ok: true; schema: EntitySchema }
  | { ok: false; message: string; line?: number; column?: number };

/**
 * Deepest nesting of objects and arrays an entity file may have: room for records nested to their
 * limit (64 levels, two JSON levels each: `properties` and the field) and the rules. Checked before
 * anything recurses over the file (the schema check here, ajv's compiler on the server): a file
 * thousands of levels deep overflowed the stack and made every call of the app's data API fail.
 */
export const ENTITY_SCHEMA_MAX_DEPTH = 150;

/** Parses the text of an entity file; a problem names its line and column when JSON parsing fails. */
export function parseEntitySchema(text: string): EntitySchemaParse {
  if (jsonDepth(text) > ENTITY_SCHEMA_MAX_DEPTH) {
    return {
      ok: false,
      message: `Invalid entity schema: nested deeper than ${ENTITY_SCHEMA_MAX_DEPTH} levels`,
    };
  }
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
    let issue: { path: PropertyKey[]; message: string } = parsed.error.issues[0]!;
    const first = parsed.error.issues[0]!;
    if (first.code === 'invalid_union' && first.path.join('.') === 'rls') {
      // Name the problem in the format the block is written in, not "Invalid input".
      const rls = (json as { rls?: unknown }).rls;
      const branch = first.errors[isBase44Rls(rls) ? 1 : 0]?.[0];
      if (branch) issue = { path: [...first.path, ...branch.path], message: branch.message };
    }
    const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return { ok: false, message: `Invalid entity schema: ${where}${issue.message}` };
  }
  const schema = parsed.data as EntitySchema;
  const nested = nestedFieldRule(schema.properties);
  if (nested) {
    return {
      ok: false,
      message: `Invalid entity schema: properties.${nested}.rls: field rules are for top-level fields only`,
    };
  }
  return { ok: true, schema };
}

/** The dotted path of a nested property carrying field rules (only top-level ones are enforced). */
function nestedFieldRule(properties: Record<string, EntityFieldSchema>, at = ''): string | undefined {
  for (const [name, field] of Object.entries(properties)) {
    const path = at ? `${at}.properties.${name}` : name;
    if (at && field.rls !== undefined) return path;
    for (const [key, inner] of [
      ['properties', field.properties],
      ['items.properties', field.items?.properties],
    ] as const) {
      if (!inner) continue;
      const found = nestedFieldRule(inner, key === 'properties' ? path : `${path}.items`);
      if (found) return found;
    }
  }
  return undefined;
}

/** The field-level rules of an entity's top-level fields, by field (fields without rules left out). */
export function fieldRulesOf(schema: Pick<EntitySchema, 'properties'>): Record<string, FieldRls> {
  const rules: Record<string, FieldRls> = {};
  for (const [name, field] of Object.entries(schema.properties)) {
    if (field.rls && (field.rls.read !== undefined || field.rls.write !== undefined)) rules[name] = field.rls;
  }
  return rules;
}
