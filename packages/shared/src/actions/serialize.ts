import { ACTION_CLOSE, ACTION_OPEN_PREFIX, PARTIAL_EDIT_MARKERS, type PermissionRole } from './tags.ts';

/** A JSON value, as carried by entity and record actions. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export interface SearchReplace {
  search: string;
  replace: string;
}

/** An entity's schema as stored in `entities/<Name>.json`: JSON Schema plus the `rls` extension. */
export interface EntitySchemaDocument extends JsonObject {
  name: string;
  type: 'object';
  properties: { [field: string]: JsonObject };
  rls: { read: PermissionRole; write: PermissionRole };
}

export interface ImportColumnMapping extends JsonObject {
  csvHeader: string;
  schemaField: string;
  dataType: string;
}

export interface SecretRequest extends JsonObject {
  secretName: string;
  description: string;
  required: boolean;
}

/** One action to write, structured; `serializeAction` turns it into protocol text. */
export type ActionInput =
  | { type: 'add_file' | 'edit_file'; title: string; path: string; content: string }
  | { type: 'partial_edit'; title: string; path: string; edits: SearchReplace[] }
  | { type: 'delete_file'; title: string; path: string }
  | { type: 'add_entity' | 'edit_entity'; title: string; entity: string; schema: EntitySchemaDocument }
  | {
      type: 'import_entities';
      title: string;
      entity: string;
      source: string;
      mappings: ImportColumnMapping[];
    }
  | { type: 'insert_entity_records'; title: string; entity: string; records: JsonObject[] }
  | { type: 'request_secrets'; title: string; secrets: SecretRequest[] }
  | { type: 'add_package'; title: string; package: string; version?: string };

export class ActionSerializeError extends Error {
  override name = 'ActionSerializeError';
}

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '"': '&quot;',
  '<': '&lt;',
  '>': '&gt;',
  '\n': '&#10;',
};

/** Escapes an attribute value (protocol.md "Attributes"). */
export function escapeAttribute(value: string): string {
  return value.replace(/[&"<>\n]/g, (char) => ATTRIBUTE_ESCAPES[char]!);
}

const ATTRIBUTE_UNESCAPES: Record<string, string> = Object.fromEntries(
  Object.entries(ATTRIBUTE_ESCAPES).map(([char, entity]) => [entity, char]),
);

/** Reverses `escapeAttribute`; the parsers read attribute values with it. */
export function unescapeAttribute(value: string): string {
  return value.replace(/&(?:amp|quot|lt|gt|#10);/g, (entity) => ATTRIBUTE_UNESCAPES[entity]!);
}

function attributesOf(action: ActionInput): [string, string][] {
  const attributes: [string, string][] = [['type', action.type]];
  if ('path' in action) attributes.push(['path', action.path]);
  if ('entity' in action) attributes.push(['entity', action.entity]);
  if ('source' in action) attributes.push(['source', action.source]);
  if ('package' in action) attributes.push(['package', action.package]);
  if ('version' in action && action.version !== undefined) attributes.push(['version', action.version]);
  attributes.push(['title', action.title]);
  return attributes;
}

function contentOf(action: ActionInput): string {
  switch (action.type) {
    case 'add_file':
    case 'edit_file':
      return action.content;
    case 'partial_edit':
      return serializeSearchReplace(action.edits);
    case 'delete_file':
    case 'add_package':
      return '';
    case 'add_entity':
    case 'edit_entity':
      return JSON.stringify(action.schema, null, 2);
    case 'import_entities':
      return JSON.stringify({ mappings: action.mappings }, null, 2);
    case 'insert_entity_records':
      return JSON.stringify(action.records, null, 2);
    case 'request_secrets':
      return JSON.stringify(action.secrets, null, 2);
    default:
      return assertNever(action);
  }
}

function assertNever(value: never): never {
  throw new ActionSerializeError(`Unknown action: ${JSON.stringify(value)}`);
}

const MARKER_LINES = new Set<string>(Object.values(PARTIAL_EDIT_MARKERS));

/** Writes search/replace blocks (protocol.md "partial_edit"). */
export function serializeSearchReplace(edits: readonly SearchReplace[]): string {
  if (edits.length === 0) throw new ActionSerializeError('partial_edit needs at least one block');
  return edits
    .map(({ search, replace }) => {
      if (search.length === 0) throw new ActionSerializeError('A SEARCH text must not be empty');
      for (const text of [search, replace]) {
        if (text.split('\n').some((line) => MARKER_LINES.has(line))) {
          throw new ActionSerializeError('SEARCH/REPLACE text must not contain a marker line');
        }
      }
      const replaceBlock = replace.length > 0 ? `${replace}\n` : '';
      return `${PARTIAL_EDIT_MARKERS.search}\n${search}\n${PARTIAL_EDIT_MARKERS.divider}\n${replaceBlock}${PARTIAL_EDIT_MARKERS.replace}`;
    })
    .join('\n');
}

/** One action as protocol text: `<atelier-action type="…" …>\ncontent\n</atelier-action>`. */
export function serializeAction(action: ActionInput): string {
  const attributes = attributesOf(action)
    .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
    .join(' ');
  const content = contentOf(action);
  if (content.includes(ACTION_CLOSE)) {
    throw new ActionSerializeError(`Action content must not contain ${ACTION_CLOSE}`);
  }
  const open = `${ACTION_OPEN_PREFIX} ${attributes}>`;
  return content.length === 0 ? `${open}${ACTION_CLOSE}` : `${open}\n${content}\n${ACTION_CLOSE}`;
}
