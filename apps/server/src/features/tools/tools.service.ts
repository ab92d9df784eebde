import {
  APP_MESSAGES,
  type CreateToolRequest,
  GENERATED_TOOL_PATH_MAX,
  isValidToolPath,
  limitsFor,
  TOOL_MESSAGES,
  type ToolsListResponse,
  toolPathCandidate,
  toolPathFromTitle,
  type UpdateToolRequest,
} from '@atelier/shared';
import { AppError, notFound } from '../../platform/errors.ts';
import type { AppActor, AppRow } from '../apps/apps.repo.ts';
import { assertWithinLimit, createPlanReader, planLimitError } from '../plans/enforce.ts';
import { type ToolRow, type ToolsRepo, toToolView } from './tools.repo.ts';
import type { ToolsRuntime } from './tools.runtime.ts';

/**
 * Tools of an app (spec 2 §2 App tools panel, Activate tool modal; §4–§5): create, rename, change
 * path, activate, delete, reorder. Paths are letters, numbers and dashes, unique across the
 * platform; activation needs a title and stays within the plan's live-tool cap (the app owner's
 * plan, counted over all their apps); an app holds at most the tools-per-app maximum.
 */

/** Single-tool apps: the tool is the app itself (its texts, fields, prompt). */
export const isSingleToolApp = (app: Pick<AppRow, 'type'>) => app.type === 'AI_TOOL' || app.type === 'AI_APP';

/** The title a tool is activated and shown with: a single-tool app's header, else the tool's own title. */
export const toolTitleOf = (app: Pick<AppRow, 'type' | 'header' | 'name'>, tool: Pick<ToolRow, 'title'>) =>
  (isSingleToolApp(app) ? app.header : tool.title)?.trim() ?? '';

const toolNotFound = () => notFound(TOOL_MESSAGES.toolNotFound);
const invalidPath = () => new AppError('validation_error', TOOL_MESSAGES.pathInvalid, { field: 'path' });
const pathTaken = () => new AppError('conflict', TOOL_MESSAGES.pathTaken, { field: 'path' });

async function openApp(runtime: ToolsRuntime, actor: AppActor, appId: string): Promise<AppRow> {
  const app = await runtime.apps.find(actor, appId);
  if (!app) throw notFound(APP_MESSAGES.appNotFound);
  return app;
}

/** A free path from a title: `trip-planner`, then `trip-planner-2`, `-3`… */
async function freePath(repo: ToolsRepo, title: string): Promise<string> {
  for (let n = 1; n < 1000; n++) {
    const path = toolPathCandidate(title, n);
    if (!(await repo.unsafeFindByPath(path))) return path;
  }
  return `${toolPathFromTitle(title, GENERATED_TOOL_PATH_MAX - 9)}-${crypto.randomUUID().slice(0, 8)}`;
}

async function assertPathFree(repo: ToolsRepo, path: string, toolId?: string): Promise<void> {
  if (!isValidToolPath(path)) throw invalidPath();
  const other = await repo.unsafeFindByPath(path);
  if (other && other.id !== toolId) throw pathTaken();
}

const isUniqueViolation = (error: unknown) => {
  const text = String((error as { cause?: unknown })?.cause ?? error);
  return /tools_path_key|duplicate key|unique/i.test(text);
};

/** Writes with a path: a concurrent writer of the same path loses with 409, not 500. */
async function withPathGuard<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw pathTaken();
    throw error;
  }
}

/** The single tool of a single-tool app, made on first need (path from the app's name). */
async function ensureSingleTool(runtime: ToolsRuntime, app: AppRow): Promise<void> {
  if (!isSingleToolApp(app)) return;
  if ((await runtime.tools.countInApp(app.id)) > 0) return;
  // Two first loads at once (two tabs) must not make two tools: they take turns and re-count.
  await inTurn(runtime, `single-tool:${app.id}`, async () => {
    if ((await runtime.tools.countInApp(app.id)) > 0) return;
    const title = app.header?.trim() || app.name;
    await withPathGuard(async () =>
      runtime.tools.insert({ appId: app.id, title, path: await freePath(runtime.tools, title), position: 0 }),
    );
    await runtime.tools.syncAppEntries(app.id);
  });
}

export async function listTools(
  runtime: ToolsRuntime,
  actor: AppActor,
  appId: string,
): Promise<ToolsListResponse> {
  const app = await openApp(runtime, actor, appId);
  await ensureSingleTool(runtime, app);
  const [rows, plan, count] = await Promise.all([
    runtime.tools.listByApp(app.id),
    createPlanReader(runtime.db).planOf(app.ownerId),
    runtime.tools.countActiveOfOwner(app.ownerId),
  ]);
  const limits = limitsFor(plan);
  return {
    tools: rows.map((row) => ({ ...toToolView(row), title: toolTitleOf(app, row) || row.title })),
    liveTools: { count, cap: limits.liveToolsCap },
    maxTools: limits.toolsPerApp,
  };
}

export async function createTool(
  runtime: ToolsRuntime,
  actor: AppActor,
  appId: string,
  input: CreateToolRequest,
): Promise<ToolRow> {
  const app = await openApp(runtime, actor, appId);
  if (isSingleToolApp(app) && (await runtime.tools.countInApp(app.id)) > 0) {
    throw new AppError('conflict', TOOL_MESSAGES.singleToolOnly);
  }
  const plan = await createPlanReader(runtime.db).planOf(app.ownerId);
  const existing = await runtime.tools.countInApp(app.id);
  assertWithinLimit(plan, 'toolsPerApp', existing);
  const title = input.title.trim();
  const path = input.path ?? (await freePath(runtime.tools, title));
  await assertPathFree(runtime.tools, path);
  const row = await withPathGuard(() =>
    runtime.tools.insert({ appId: app.id, title, path, position: existing }),
  );
  await runtime.tools.syncAppEntries(app.id);
  return row;
}

export async function updateTool(
  runtime: ToolsRuntime,
  actor: AppActor,
  appId: string,
  toolId: string,
  input: UpdateToolRequest,
): Promise<ToolRow> {
  const app = await openApp(runtime, actor, appId);
  const tool = await runtime.tools.findInApp(app.id, toolId);
  if (!tool) throw toolNotFound();
  const changes: Partial<Pick<ToolRow, 'title' | 'path' | 'status' | 'imageUrl'>> = {};
  if (input.title !== undefined) changes.title = input.title.trim();
  if (input.imageUrl !== undefined) changes.imageUrl = input.imageUrl;
  let contentPatch: Record<string, unknown> | undefined;
  if (input.content !== undefined) {
    if (isSingleToolApp(app)) throw new AppError('validation_error', TOOL_MESSAGES.singleToolContent);
    contentPatch = Object.fromEntries(Object.entries(input.content).filter(([, v]) => v !== undefined));
  }
  if (input.path !== undefined && input.path !== tool.path) {
    await assertPathFree(runtime.tools, input.path, tool.id);
    changes.path = input.path;
  }
  const activate = async () => {
    await assertActivationAllowed(runtime, app, { ...tool, ...changes });
    return withPathGuard(() =>
      runtime.tools.update(app.id, tool.id, { ...changes, status: 'active' }, contentPatch),
    );
  };
  let updated: ToolRow | undefined;
  if (input.status === 'active' && tool.status !== 'active') {
    // One owner's activations take turns, so two at once cannot both pass the cap.
    updated = await inTurn(runtime, `owner:${app.ownerId}`, activate);
  } else {
    if (input.status !== undefined) changes.status = input.status;
    if (tool.status === 'active' && changes.title !== undefined && !isSingleToolApp(app) && !changes.title)
      throw new AppError('validation_error', TOOL_MESSAGES.titleRequired, { field: 'title' });
    updated = await withPathGuard(() => runtime.tools.update(app.id, tool.id, changes, contentPatch));
  }
  if (!updated) throw toolNotFound();
  await runtime.tools.syncAppEntries(app.id);
  return updated;
}

/**
 * spec 2 §4: activation is refused when the tool has no title, and blocked when the active tools
 * have reached the plan's live-tool cap (unless the tool is already active).
 */
async function assertActivationAllowed(
  runtime: ToolsRuntime,
  app: AppRow,
  tool: Pick<ToolRow, 'title' | 'status'>,
): Promise<void> {
  if (!toolTitleOf(app, tool)) {
    throw new AppError('validation_error', TOOL_MESSAGES.titleRequired, { field: 'title' });
  }
  if (tool.status === 'active') return;
  const plan = await createPlanReader(runtime.db).planOf(app.ownerId);
  const active = await runtime.tools.countActiveOfOwner(app.ownerId);
  if (active >= limitsFor(plan).liveToolsCap) throw planLimitError(plan, 'liveToolsCap');
}

const turns = new Map<string, Promise<unknown>>();

/**
 * Runs `fn` in turn with the other holders of `name`: across instances with a database advisory
 * lock (PostgreSQL), and within this process with a promise chain (PGlite's lock is a no-op and
 * its requests interleave at every await).
 */
function inTurn<T>(runtime: ToolsRuntime, name: string, fn: () => Promise<T>): Promise<T> {
  const previous = turns.get(name) ?? Promise.resolve();
  const next = previous
    .catch(() => undefined)
    .then(() => runtime.database.withAdvisoryLock(lockKeyOf(name), fn));
  const tail = next.catch(() => undefined);
  turns.set(name, tail);
  void tail.then(() => {
    if (turns.get(name) === tail) turns.delete(name);
  });
  return next;
}

/** A 31-bit advisory lock key of a name (an owner id, or a single tool's app). */
function lockKeyOf(name: string): number {
  let hash = 0x7a11;
  for (let i = 0; i < name.length; i++) hash = (Math.imul(hash, 31) + name.charCodeAt(i)) | 0;
  return hash & 0x7fffffff;
}

export async function deleteTool(
  runtime: ToolsRuntime,
  actor: AppActor,
  appId: string,
  toolId: string,
): Promise<void> {
  const app = await openApp(runtime, actor, appId);
  if (!(await runtime.tools.delete(app.id, toolId))) throw toolNotFound();
  await runtime.tools.syncAppEntries(app.id);
}

/** Puts the tools in the given order; ids not named keep their relative order after them. */
export async function reorderTools(
  runtime: ToolsRuntime,
  actor: AppActor,
  appId: string,
  toolIds: readonly string[],
): Promise<ToolRow[]> {
  const app = await openApp(runtime, actor, appId);
  const rows = await runtime.tools.listByApp(app.id);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const unknown = toolIds.find((id) => !byId.has(id));
  if (unknown) throw toolNotFound();
  const named = new Set(toolIds);
  const order = [...toolIds, ...rows.filter((row) => !named.has(row.id)).map((row) => row.id)];
  for (const [position, id] of order.entries()) {
    if (byId.get(id)?.position !== position) await runtime.tools.update(app.id, id, { position });
  }
  await runtime.tools.syncAppEntries(app.id);
  return runtime.tools.listByApp(app.id);
}

export type ToolEntry = {
  toolId: string;
  title: string;
  path: string;
  status: 'active' | 'draft';
  imageUrl?: string | null | undefined;
};

/**
 * `PATCH /api/apps/{appId}` with `tools` (spec 2 §7 "App saving" sends the whole list): the list
 * becomes the app's tools through the same rules as the tool calls: new entries are created (tools
 * per app), changed ones updated (path rules, activation with title and live-tool cap), missing
 * ones deleted, and the order kept.
 */
export async function saveToolEntries(
  runtime: ToolsRuntime,
  actor: AppActor,
  appId: string,
  entries: readonly ToolEntry[],
): Promise<void> {
  const app = await openApp(runtime, actor, appId);
  const seenPaths = new Set<string>();
  for (const entry of entries) {
    if (!isValidToolPath(entry.path)) throw invalidPath();
    const key = entry.path.toLowerCase();
    if (seenPaths.has(key)) throw pathTaken();
    seenPaths.add(key);
  }
  const rows = await runtime.tools.listByApp(app.id);
  const wanted = new Set(entries.map((entry) => entry.toolId));
  for (const row of rows) if (!wanted.has(row.id)) await deleteTool(runtime, actor, app.id, row.id);
  const existing = new Set(rows.map((row) => row.id));
  for (const entry of entries) {
    const imageUrl = entry.imageUrl ?? null;
    if (existing.has(entry.toolId)) {
      await updateTool(runtime, actor, app.id, entry.toolId, {
        title: entry.title,
        path: entry.path,
        imageUrl,
        status: entry.status,
      });
    } else {
      const created = await createTool(runtime, actor, app.id, {
        title: entry.title || 'Untitled tool',
        path: entry.path,
      });
      if (entry.status === 'active' || imageUrl)
        await updateTool(runtime, actor, app.id, created.id, { status: entry.status, imageUrl });
    }
  }
  const after = await runtime.tools.listByApp(app.id);
  const byPath = new Map(after.map((row) => [row.path.toLowerCase(), row.id]));
  await reorderTools(
    runtime,
    actor,
    app.id,
    entries.map((entry) => byPath.get(entry.path.toLowerCase()) ?? entry.toolId).filter((id) => !!id),
  );
}
