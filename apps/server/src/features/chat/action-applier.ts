import {
  ACTION_APPLY_MESSAGES,
  type ActionResult,
  applySearchReplace,
  appPathProblem,
  CHAT_MESSAGES,
  ENTITY_NAME_PATTERN,
  entityFilePath,
  NPM_PACKAGE_NAME,
  PACKAGE_MANIFEST_PATH,
  parseEntitySchema,
  parseSearchReplaceBlocks,
  type StreamedAction,
  withManifestPackage,
} from '@atelier/shared';

/**
 * Applies one action of a reply to the reply's working tree (path → content), in the order the
 * actions arrive. Nothing here writes to the database: the chat commits the tree as one version at
 * the end of the reply. Each call answers what happened, for the action's card.
 */
export type WorkingTree = Map<string, string>;

/** The app database, for record actions. */
export interface RecordActionsPort {
  /** Whether record actions can be applied at all. */
  available: boolean;
  /** Adds records to an entity of the app's current version (all or none); answers how many. */
  insert?: (entity: string, records: Record<string, unknown>[]) => Promise<number>;
}

function base(action: StreamedAction): Pick<ActionResult, 'index' | 'type' | 'title' | 'path' | 'entity'> {
  return {
    index: action.index,
    type: action.type,
    title: action.title,
    ...(action.path === undefined ? {} : { path: action.path }),
    ...(action.entity === undefined ? {} : { entity: action.entity }),
  };
}

const failed = (action: StreamedAction, message: string, details?: string[]): ActionResult => ({
  ...base(action),
  outcome: 'failed',
  message,
  ...(details && details.length > 0 ? { details } : {}),
});

const applied = (action: StreamedAction, extra: Partial<ActionResult> = {}): ActionResult => ({
  ...base(action),
  outcome: 'applied',
  ...extra,
});

export const notApplied = (action: StreamedAction, message: string): ActionResult => ({
  ...base(action),
  outcome: 'not_applied',
  message,
});

function parseJson(content: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(content) };
  } catch (error) {
    return { ok: false, message: ACTION_APPLY_MESSAGES.badJson((error as Error).message) };
  }
}

function checkPath(action: StreamedAction): string | undefined {
  // The problem names the path already (once is enough).
  return appPathProblem(action.path ?? '') ?? undefined;
}

function applyEntity(tree: WorkingTree, action: StreamedAction): ActionResult {
  const entity = action.entity ?? '';
  if (!ENTITY_NAME_PATTERN.test(entity)) return failed(action, ACTION_APPLY_MESSAGES.badEntityName(entity));
  const parsed = parseEntitySchema(action.content);
  if (!parsed.ok) return failed(action, parsed.message);
  // The document is stored under the action's entity name, whatever it calls itself.
  const document = { ...(JSON.parse(action.content) as Record<string, unknown>), name: entity };
  const path = entityFilePath(entity);
  tree.set(path, `${JSON.stringify(document, null, 2)}\n`);
  return applied(action, { path });
}

function applySecrets(action: StreamedAction): ActionResult {
  const parsed = parseJson(action.content);
  if (!parsed.ok) return failed(action, parsed.message);
  const list = parsed.value;
  if (
    !Array.isArray(list) ||
    list.some(
      (item) =>
        typeof item !== 'object' ||
        item === null ||
        typeof (item as { secretName?: unknown }).secretName !== 'string',
    )
  ) {
    return failed(action, ACTION_APPLY_MESSAGES.badSecrets);
  }
  const secrets = (list as { secretName: string; description?: unknown; required?: unknown }[]).map(
    (item) => ({
      secretName: item.secretName,
      description: typeof item.description === 'string' ? item.description : '',
      required: item.required !== false,
    }),
  );
  return applied(action, { secrets });
}

function checkRecords(action: StreamedAction, records: RecordActionsPort): ActionResult {
  const parsed = parseJson(action.content);
  if (!parsed.ok) return failed(action, parsed.message);
  if (action.type === 'insert_entity_records') {
    if (!Array.isArray(parsed.value) || parsed.value.some((r) => typeof r !== 'object' || r === null)) {
      return failed(action, ACTION_APPLY_MESSAGES.badRecords);
    }
  } else {
    const mappings = (parsed.value as { mappings?: unknown } | null)?.mappings;
    if (!Array.isArray(mappings)) return failed(action, ACTION_APPLY_MESSAGES.badMappings);
  }
  if (action.type === 'import_entities') return notApplied(action, CHAT_MESSAGES.notAppliedImport);
  if (!records.available || !records.insert) return notApplied(action, CHAT_MESSAGES.notAppliedNoDatabase);
  // Checked now, inserted once the reply's version (with the entity) is committed.
  return applied(action);
}

/** A version or range as package.json takes it: `1.2.3`, `^1.2`, `~4 || 5`, `latest` (never a URL or a path). */
const PACKAGE_RANGE = /^[\w.^~<>=|* -]{1,64}$/;

/** add_package: names the package in package.json's dependencies (the server installs it at the next build). */
function applyPackage(tree: WorkingTree, action: StreamedAction): ActionResult {
  const name = action.attributes.package ?? '';
  const range = (action.attributes.version ?? '').trim() || 'latest';
  if (!NPM_PACKAGE_NAME.test(name)) return failed(action, ACTION_APPLY_MESSAGES.badPackageName(name));
  if (!PACKAGE_RANGE.test(range)) return failed(action, ACTION_APPLY_MESSAGES.badPackageVersion(range));
  try {
    tree.set(PACKAGE_MANIFEST_PATH, withManifestPackage(tree.get(PACKAGE_MANIFEST_PATH), name, range));
  } catch (error) {
    return failed(action, (error as Error).message);
  }
  return applied(action, { path: PACKAGE_MANIFEST_PATH });
}

/** Applies a complete action to the tree; an action with a parse error fails with that error. */
export function applyAction(
  tree: WorkingTree,
  action: StreamedAction,
  records: RecordActionsPort = { available: false },
): ActionResult {
  if (action.error) return failed(action, action.error);
  switch (action.type) {
    case 'add_file':
    case 'edit_file': {
      const problem = checkPath(action);
      if (problem) return failed(action, problem);
      tree.set(action.path!, action.content);
      return applied(action);
    }
    case 'partial_edit': {
      const problem = checkPath(action);
      if (problem) return failed(action, problem);
      const current = tree.get(action.path!);
      if (current === undefined) return failed(action, ACTION_APPLY_MESSAGES.fileMissing(action.path!));
      const { blocks, errors } = parseSearchReplaceBlocks(action.content);
      if (errors.length > 0) return failed(action, errors[0]!, errors);
      const outcome = applySearchReplace(current, blocks, action.path);
      if (!outcome.ok) return failed(action, outcome.failures[0]!, outcome.failures);
      tree.set(action.path!, outcome.content);
      return applied(action);
    }
    case 'delete_file': {
      if (!tree.delete(action.path!)) return failed(action, ACTION_APPLY_MESSAGES.fileMissing(action.path!));
      return applied(action);
    }
    case 'add_entity':
    case 'edit_entity':
      return applyEntity(tree, action);
    case 'request_secrets':
      return applySecrets(action);
    case 'insert_entity_records':
    case 'import_entities':
      return checkRecords(action, records);
    case 'add_package':
      return applyPackage(tree, action);
    default:
      return failed(action, action.error ?? `Unknown action type "${action.type}"`);
  }
}

/** The file changes that turn `before` into `after` (for `createVersion`). */
export function treeChanges(
  before: ReadonlyMap<string, string>,
  after: ReadonlyMap<string, string>,
): ({ op: 'upsert'; path: string; content: string } | { op: 'delete'; path: string })[] {
  const changes: ({ op: 'upsert'; path: string; content: string } | { op: 'delete'; path: string })[] = [];
  for (const [path, content] of after) {
    if (before.get(path) !== content) changes.push({ op: 'upsert', path, content });
  }
  for (const path of before.keys()) {
    if (!after.has(path)) changes.push({ op: 'delete', path });
  }
  return changes;
}
