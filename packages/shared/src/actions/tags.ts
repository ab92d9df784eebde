/**
 * The action-tag protocol's names, as constants. The protocol itself (grammar, content of each
 * action type, escaping, streaming states) is documented in `protocol.md` beside this file.
 */

/** The element name of every action: `<atelier-action type="…" …>content</atelier-action>`. */
export const ACTION_TAG = 'atelier-action';
export const ACTION_OPEN_PREFIX = `<${ACTION_TAG}`;
export const ACTION_CLOSE = `</${ACTION_TAG}>`;

/** The action types of spec 2 §3 "Chat action", in the spec's order. */
export const ACTION_TYPES = [
  'add_file',
  'edit_file',
  'partial_edit',
  'add_entity',
  'edit_entity',
  'delete_file',
  'import_entities',
  'request_secrets',
  'insert_entity_records',
  'add_package',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export function isActionType(value: string): value is ActionType {
  return (ACTION_TYPES as readonly string[]).includes(value);
}

/** Attribute names used on the opening tag. */
export const ACTION_ATTRIBUTES = {
  /** Every action: one of ACTION_TYPES. */
  type: 'type',
  /** Every action: a short human title shown on the action card ("Add contacts page"). */
  title: 'title',
  /** File actions (add_file, edit_file, partial_edit, delete_file): the file path in the app tree. */
  path: 'path',
  /** Entity actions (add_entity, edit_entity, import_entities, insert_entity_records): the entity name. */
  entity: 'entity',
  /** import_entities: the uploaded file the records come from. */
  source: 'source',
  /** add_package: the npm package's name. */
  package: 'package',
  /** add_package: its version or range (default `latest`). */
  version: 'version',
} as const;
export type ActionAttribute = (typeof ACTION_ATTRIBUTES)[keyof typeof ACTION_ATTRIBUTES];

/** Which attributes each action type requires (besides `type`; `title` is required on every action). */
export const REQUIRED_ATTRIBUTES: Record<ActionType, readonly ActionAttribute[]> = {
  add_file: ['title', 'path'],
  edit_file: ['title', 'path'],
  partial_edit: ['title', 'path'],
  delete_file: ['title', 'path'],
  add_entity: ['title', 'entity'],
  edit_entity: ['title', 'entity'],
  import_entities: ['title', 'entity', 'source'],
  insert_entity_records: ['title', 'entity'],
  request_secrets: ['title'],
  add_package: ['title', 'package'],
};

/** Markers of one search/replace block inside a partial_edit action (each on its own line). */
export const PARTIAL_EDIT_MARKERS = {
  search: '<<<<<<< SEARCH',
  divider: '=======',
  replace: '>>>>>>> REPLACE',
} as const;

/** Where an entity action's schema lives in the app's file tree. */
export const entityFilePath = (entity: string) => `entities/${entity}.json`;

/** Access roles of an entity's `rls` rules (spec 3 §3 "Permission roles"). */
export const PERMISSION_ROLES = ['anonymous', 'all', 'admin', 'creator', 'none'] as const;
export type PermissionRole = (typeof PERMISSION_ROLES)[number];
export const DEFAULT_PERMISSIONS = { read: 'creator', write: 'creator' } as const satisfies {
  read: PermissionRole;
  write: PermissionRole;
};
