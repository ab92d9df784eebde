import {
  ENTITY_FIELD_TYPES,
  ENTITY_NAME_PATTERN,
  type EntityFieldSchema,
  type EntitySchema,
  parseEntitySchema,
} from '@atelier/shared';
import { type ParseError, parse as parseJsonc, printParseErrorCode } from 'jsonc-parser';
import { type TS, ts } from '../../platform/typescript.ts';
import { parseCode } from './source-files.ts';

/** What became of one entity of the export. */
export interface ImportedEntity {
  name: string;
  fields: number;
  /** `translated`: its Base44 rules run as they are; `default`: it had none; `dropped`: they could not be used (see `problem`). */
  rules: 'translated' | 'default' | 'dropped';
  /** Created from the code's use (no entity file in the export). */
  inferred: boolean;
  problem?: string;
  /** The rules as exported, when they were dropped. */
  originalRules?: unknown;
}

const TYPES = new Set<string>(ENTITY_FIELD_TYPES);
/** Base44 (and JSON Schema written by hand) types Atelier reads as one of its own. */
const TYPE_ALIASES: Record<string, string> = {
  date: 'string',
  datetime: 'string',
  text: 'string',
  int: 'integer',
  float: 'number',
  bool: 'boolean',
};
/** Fields Base44 adds to every record: Atelier records carry them already. */
const SYSTEM_FIELDS = new Set(['id', 'created_date', 'updated_date', 'created_by', 'created_by_id']);

function cleanField(field: unknown): EntityFieldSchema {
  if (!field || typeof field !== 'object' || Array.isArray(field)) return { type: 'string' };
  const out = { ...(field as EntityFieldSchema) };
  const fixType = (type: unknown) => {
    const name = typeof type === 'string' ? (TYPE_ALIASES[type] ?? type) : 'string';
    return (TYPES.has(name) ? name : 'string') as EntityFieldSchema['type'] & string;
  };
  if (Array.isArray(out.type)) out.type = out.type.map(fixType) as EntityFieldSchema['type'];
  else if (out.type !== undefined) out.type = fixType(out.type);
  if (out.items !== undefined) out.items = cleanField(out.items);
  if (out.properties && typeof out.properties === 'object') {
    out.properties = Object.fromEntries(Object.entries(out.properties).map(([k, v]) => [k, cleanField(v)]));
  }
  return out;
}

/**
 * An exported `base44/entities/<Name>.jsonc` (or `<kebab-name>.jsonc` with its `name`) as an Atelier entity file: comments and trailing
 * commas read by jsonc-parser, Base44's system fields left to Atelier's, unknown types read as
 * strings, the `rls` block kept in Base44's format (Atelier's rule engine runs it); rules the
 * engine cannot run are dropped for the default (only the creator) and reported.
 */
export function translateEntityFile(
  fileName: string,
  text: string,
):
  | { ok: true; name: string; schema: EntitySchema; entity: ImportedEntity }
  | { ok: false; name: string; message: string } {
  const errors: ParseError[] = [];
  const json = parseJsonc(text, errors, { allowTrailingComma: true });
  // The file's name, or (Base44's CLI names the files in kebab case: match-decision.jsonc) the
  // `name` the file gives.
  const fileBase = fileName.replace(/\.jsonc?$/, '');
  const given = (json as { name?: unknown } | undefined)?.name;
  const name =
    !ENTITY_NAME_PATTERN.test(fileBase) && typeof given === 'string' && ENTITY_NAME_PATTERN.test(given)
      ? given
      : fileBase;
  if (!ENTITY_NAME_PATTERN.test(name))
    return { ok: false, name, message: `"${name}" is not a usable entity name.` };
  if (errors.length > 0 || !json || typeof json !== 'object' || Array.isArray(json)) {
    const first = errors[0];
    return {
      ok: false,
      name,
      message: first
        ? `Invalid JSON with comments: ${printParseErrorCode(first.error)} at offset ${first.offset}.`
        : 'The file is not a JSON object.',
    };
  }
  const raw = json as Record<string, unknown>;
  const properties = Object.fromEntries(
    Object.entries((raw.properties as Record<string, unknown> | undefined) ?? {})
      .filter(([key]) => !SYSTEM_FIELDS.has(key))
      .map(([key, value]) => [key, cleanField(value)]),
  );
  const required = Array.isArray(raw.required)
    ? raw.required.filter((key) => typeof key === 'string' && key in properties)
    : undefined;
  const schema: EntitySchema = {
    ...raw,
    name,
    type: 'object',
    properties,
    ...(required && required.length > 0 ? { required: required as string[] } : {}),
  };
  if (!required?.length) delete schema.required;
  const fieldRules = withoutFieldRules(properties);
  const hasRules = raw.rls !== undefined || fieldRules;
  let parsed = parseEntitySchema(JSON.stringify(schema));
  let problem: string | undefined;
  if (!parsed.ok && hasRules) {
    problem = parsed.message;
    delete schema.rls;
    schema.properties = fieldRules || properties;
    parsed = parseEntitySchema(JSON.stringify(schema));
  }
  if (!parsed.ok) return { ok: false, name, message: parsed.message };
  return {
    ok: true,
    name,
    schema: parsed.schema,
    entity: {
      name,
      fields: Object.keys(properties).length,
      rules: !hasRules ? 'default' : problem ? 'dropped' : 'translated',
      inferred: false,
      ...(problem ? { problem, originalRules: raw.rls } : {}),
    },
  };
}

/**
 * The properties without their field-level rules (`rls` of a field, at any depth), or false when
 * none has any: rules the engine cannot run are dropped with the entity's, for the default.
 */
function withoutFieldRules(
  properties: Record<string, EntityFieldSchema>,
): Record<string, EntityFieldSchema> | false {
  let found = false;
  const strip = (field: EntityFieldSchema): EntityFieldSchema => {
    const { rls, ...rest } = field;
    if (rls !== undefined) found = true;
    if (rest.items) rest.items = strip(rest.items);
    if (rest.properties) {
      rest.properties = Object.fromEntries(Object.entries(rest.properties).map(([k, v]) => [k, strip(v)]));
    }
    return rest;
  };
  const stripped = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, strip(v)]));
  return found && stripped;
}

const ENTITY_METHODS_WITH_DATA: Record<string, number> = {
  create: 0,
  update: 1,
  bulkCreate: 0,
  updateMany: 1,
};

/** Calls whose argument is a query: its keys are fields too (`filter({ is_active: true })`). */
const ENTITY_METHODS_WITH_QUERY: Record<string, number> = {
  filter: 0,
  updateMany: 0,
  deleteMany: 0,
  count: 0,
};

export type FieldType = 'string' | 'number' | 'boolean' | 'array' | 'object';

export function literalType(node: TS.Expression): FieldType {
  if (ts.isNumericLiteral(node) || ts.isPrefixUnaryExpression(node)) return 'number';
  if (node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword) return 'boolean';
  if (ts.isArrayLiteralExpression(node)) return 'array';
  if (ts.isObjectLiteralExpression(node)) return 'object';
  if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
    if (
      node.expression.text === 'Number' ||
      node.expression.text === 'parseFloat' ||
      node.expression.text === 'parseInt'
    )
      return 'number';
    if (node.expression.text === 'Boolean') return 'boolean';
  }
  return 'string';
}

/**
 * Entities the code uses: `<client>.entities.Name` anywhere, and names imported from an
 * `api/entities` module (older exports re-export `base44.entities.X` from it); with the fields
 * written by `create`/`update`/`bulkCreate` calls (object literals), typed by their values.
 */
export function entitiesUsedInCode(
  files: { path: string; content: string }[],
): Map<string, Map<string, FieldType>> {
  const used = new Map<string, Map<string, FieldType>>();
  /** The app's own User fields: what `auth.updateMe(…)` (`User.updateMyUserData(…)`) and `User.update` write. */
  const userFields = new Map<string, FieldType>();
  const note = (name: string) => {
    if (name === 'User') return userFields;
    // Base44 entity names are PascalCase; `x.entities.entities` and the like are not entities.
    if (!ENTITY_NAME_PATTERN.test(name) || !/^[A-Z]/.test(name)) return undefined;
    let fields = used.get(name);
    if (!fields) {
      fields = new Map();
      used.set(name, fields);
    }
    return fields;
  };
  const addFields = (
    fields: Map<string, FieldType> | undefined,
    arg: TS.Expression | undefined,
    query = false,
  ) => {
    if (!fields || !arg) return;
    const objects = ts.isArrayLiteralExpression(arg) ? arg.elements : [arg];
    for (const object of objects) {
      if (!ts.isObjectLiteralExpression(object)) continue;
      for (const property of object.properties) {
        if (
          (ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property)) &&
          property.name &&
          (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
        ) {
          const key = property.name.text;
          if (SYSTEM_FIELDS.has(key)) continue;
          if (query && key.startsWith('$')) {
            // `$or: [{ a: 1 }, { b: 2 }]`: the fields of each condition.
            if (ts.isPropertyAssignment(property)) addFields(fields, property.initializer, true);
            continue;
          }
          let value = ts.isPropertyAssignment(property) ? property.initializer : undefined;
          // `{ age: { $gte: 18 } }`: the operator's operand is the field's value.
          if (query && value && ts.isObjectLiteralExpression(value)) {
            const operand = value.properties.find(ts.isPropertyAssignment);
            value =
              operand && !ts.isArrayLiteralExpression(operand.initializer) ? operand.initializer : undefined;
          }
          const type = value ? literalType(value) : 'string';
          if (!fields.has(key) || fields.get(key) === 'string') fields.set(key, type);
        }
      }
    }
  };
  for (const file of files) {
    if (!/\.(jsx?|tsx?)$/.test(file.path) || !/entities|updateMe|updateMyUserData/.test(file.content))
      continue;
    const source = parseCode(file.path, file.content);
    const aliases = new Map<string, string>();
    // `import { Task, Project as P } from '@/api/entities'`
    for (const statement of source.statements) {
      if (
        ts.isImportDeclaration(statement) &&
        ts.isStringLiteral(statement.moduleSpecifier) &&
        /(^|\/)entities(\.[jt]sx?)?$/.test(statement.moduleSpecifier.text)
      ) {
        const bindings = statement.importClause?.namedBindings;
        if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements) {
            const name = (element.propertyName ?? element.name).text;
            aliases.set(element.name.text, name);
            note(name);
          }
        }
      }
    }
    const entityOf = (node: TS.Expression): string | undefined => {
      if (ts.isPropertyAccessExpression(node)) {
        const owner = node.expression;
        if (ts.isPropertyAccessExpression(owner) && owner.name.text === 'entities') return node.name.text;
        if (ts.isIdentifier(owner) && owner.text === 'entities') return node.name.text;
      }
      if (ts.isIdentifier(node)) return aliases.get(node.text);
      return undefined;
    };
    const visit = (node: TS.Node) => {
      if (ts.isPropertyAccessExpression(node)) {
        const name = entityOf(node);
        if (name && !aliases.has(name)) note(name);
      }
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const method = node.expression.name.text;
        const owner = node.expression.expression;
        // `base44.auth.updateMe({ … })`, older code's `User.updateMyUserData({ … })`.
        if (
          USER_UPDATES.has(method) &&
          ((ts.isPropertyAccessExpression(owner) && owner.name.text === 'auth') ||
            (ts.isIdentifier(owner) && (owner.text === 'User' || aliases.get(owner.text) === 'User')))
        )
          addFields(userFields, node.arguments[0]);
        const name = entityOf(node.expression.expression);
        if (name && method in ENTITY_METHODS_WITH_DATA) {
          addFields(note(name), node.arguments[ENTITY_METHODS_WITH_DATA[method]!]);
        }
        if (name && method in ENTITY_METHODS_WITH_QUERY) {
          addFields(note(name), node.arguments[ENTITY_METHODS_WITH_QUERY[method]!], true);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  if (userFields.size > 0) used.set('User', userFields);
  return used;
}

const USER_UPDATES = new Set(['updateMe', 'updateMyUserData']);

/** An entity created from the code's use: its fields as found, no rules (the default: only the creator). */
export function inferredEntitySchema(name: string, fields: Map<string, FieldType>): EntitySchema {
  return {
    name,
    type: 'object',
    properties: Object.fromEntries(
      [...fields].sort(([a], [b]) => a.localeCompare(b)).map(([key, type]) => [key, { type }]),
    ),
  };
}
