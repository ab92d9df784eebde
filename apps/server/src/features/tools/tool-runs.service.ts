import { createHash, randomUUID } from 'node:crypto';
import {
  DEFAULT_CREDITS_PER_RUN,
  isEmptyToolValue,
  type MemoriesResponse,
  type PublicTool,
  type PublicToolField,
  type RunToolResponse,
  TOOL_MESSAGES,
  TOOL_RUN_PASSAGES,
  type ToolFieldValue,
  toolRunProblem,
} from '@atelier/shared';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/auth/actor.ts';
import { toolMemories, toolRuns } from '../../platform/db/schema/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { type Passage, toolRunSystemPrompt } from '../../platform/llm/index.ts';
import { repeatsPrompt } from './prompt-leak.ts';
import { type ToolContent, toolContentOf } from './tool-content.ts';
import type { ToolsRuntime } from './tools.runtime.ts';

/**
 * The public side of tools: `/tool/{path}` (spec 3 §2), its runs and the end users' memories.
 * A tool is reachable while it is active (live); anyone may run it, signed in or not. Runs count
 * `creditsPerRun` (default 1, 0 = free) against the app's daily and weekly per-user limits
 * (spec 1 §5), in rolling windows of 24 hours and 7 days.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const notFoundByPath = (path: string) => notFound(TOOL_MESSAGES.notFoundByPath(path));

/** A live tool by path; with `appId` (`{appBase}/tool/{toolPath}`) only a tool of that app. */
async function liveTool(runtime: ToolsRuntime, path: string, appId?: string): Promise<ToolContent> {
  const tool = await runtime.tools.unsafeFindByPath(path);
  if (tool?.status !== 'active') throw notFoundByPath(path);
  if (appId !== undefined && tool.appId !== appId) throw notFoundByPath(path);
  const app = await runtime.apps.unsafeFindById(tool.appId);
  if (!app) throw notFoundByPath(path);
  return toolContentOf(app, tool);
}

export async function publicTool(runtime: ToolsRuntime, path: string, appId?: string): Promise<PublicTool> {
  return (await liveTool(runtime, path, appId)).view;
}

/** Who runs: a signed-in user by id, else the address (hashed with the app, never stored in clear). */
export interface Runner {
  actor: Actor | undefined;
  ip: string;
}

const subjectOf = (runner: Runner, appId: string) =>
  runner.actor
    ? `user:${runner.actor.userId}`
    : `anon:${createHash('sha256').update(`${appId}\u0000${runner.ip}`).digest('hex').slice(0, 32)}`;

/** The field rules alone (required, e-mail, number, date), the main input counted as given. */
export function validateValues(
  fields: readonly PublicToolField[],
  values: Record<string, ToolFieldValue>,
): void {
  validateRun(fields, values, 'given');
}

/** Refuses a run whose inputs break the tool's rules (toolRunProblem, shared with the tool's page). */
export function validateRun(
  fields: readonly PublicToolField[],
  values: Record<string, ToolFieldValue>,
  input: string | undefined,
): void {
  const problem = toolRunProblem(fields, values, input);
  if (problem) throw new AppError('validation_error', problem.message, { field: problem.field });
}

const asText = (value: ToolFieldValue | undefined): string =>
  Array.isArray(value) ? value.join(', ') : value === undefined || value === null ? '' : String(value);

/**
 * The tool's prompt filled with the user's inputs: `{{name}}` and `{name}` tags (and `input` for
 * the main input) are replaced, and the inputs are listed after the prompt.
 */
export function fillPrompt(
  prompt: string,
  view: Pick<PublicTool, 'fields' | 'texts'>,
  input: string | undefined,
  values: Record<string, ToolFieldValue>,
): string {
  const byName = new Map<string, string>();
  if (input?.trim()) byName.set('input', input.trim());
  for (const field of view.fields) {
    const text = asText(values[field.name]).trim();
    if (text) byName.set(field.name, text);
  }
  const filled = prompt.replace(/\{\{\s*([\w-]+)\s*\}\}|\{([\w-]+)\}/g, (tag, a?: string, b?: string) => {
    const name = a ?? b ?? '';
    return byName.has(name) ? (byName.get(name) as string) : tag;
  });
  const lines: string[] = [];
  if (byName.has('input')) lines.push(`- ${view.texts.inputLabel ?? 'Input'}: ${byName.get('input')}`);
  for (const field of view.fields) {
    if (byName.has(field.name)) lines.push(`- ${field.label}: ${byName.get(field.name)}`);
  }
  const parts = [filled.trim(), lines.length > 0 ? `Inputs:\n${lines.join('\n')}` : ''].filter(Boolean);
  return parts.join('\n\n');
}

/** Replaces the values of personal fields in a text that is kept (the stored answer). */
export function redactPersonal(
  text: string,
  fields: readonly PublicToolField[],
  values: Record<string, ToolFieldValue>,
): string {
  let out = text;
  for (const field of fields) {
    if (!field.personal) continue;
    const raw = values[field.name];
    const parts = Array.isArray(raw) ? raw : [asText(raw)];
    for (const part of parts) {
      const needle = part.trim();
      if (needle.length >= 2) out = out.split(needle).join('[personal]');
    }
  }
  return out;
}

const numberSetting = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** Credits used by a subject in an app since `since` (runs in progress count; failed runs do not). */
async function creditsSince(runtime: ToolsRuntime, appId: string, subject: string, since: Date) {
  const [row] = await runtime.db
    .select({ used: sql<number>`coalesce(sum(${toolRuns.credits}), 0)::int` })
    .from(toolRuns)
    .where(
      and(
        eq(toolRuns.appId, appId),
        eq(toolRuns.subject, subject),
        gt(toolRuns.createdAt, since),
        inArray(toolRuns.status, ['running', 'success']),
      ),
    );
  return Number(row?.used ?? 0);
}

export interface RunInput {
  input?: string | undefined;
  values: Record<string, ToolFieldValue>;
  /** Run from `{appBase}/tool/{toolPath}`: the tool must belong to this app. */
  appId?: string | undefined;
}

export async function runTool(
  runtime: ToolsRuntime,
  path: string,
  runner: Runner,
  body: RunInput,
  abortSignal?: AbortSignal,
): Promise<RunToolResponse> {
  const { view, prompt, settings } = await liveTool(runtime, path, body.appId);
  const values: Record<string, ToolFieldValue> = {};
  for (const field of view.fields) {
    const value = body.values[field.name];
    if (value !== undefined) values[field.name] = value;
  }
  const input = view.texts.isInputHidden ? undefined : body.input;
  validateRun(view.fields, values, input);

  const credits = numberSetting(settings.creditsPerRun) ?? DEFAULT_CREDITS_PER_RUN;
  const subject = subjectOf(runner, view.appId);
  const stored: Record<string, ToolFieldValue> = {};
  if (input !== undefined) stored.input = input;
  for (const field of view.fields)
    if (!field.personal && field.name in values) stored[field.name] = values[field.name] ?? null;

  // The run is recorded first, then the windows are summed with it: two runs at once cannot both
  // slip under a limit (both may be refused at the edge, never both let through).
  const runId = randomUUID();
  await runtime.db.insert(toolRuns).values({
    id: runId,
    appId: view.appId,
    toolId: view.toolId,
    userId: runner.actor?.userId ?? null,
    subject,
    status: 'running',
    credits,
    inputs: stored,
  });
  try {
    await assertWithinUserLimits(runtime, view.appId, subject, credits, settings);
  } catch (error) {
    await runtime.db.delete(toolRuns).where(eq(toolRuns.id, runId));
    throw error;
  }

  const filled = fillPrompt(prompt, view, input, values);
  try {
    const query = [input ?? '', ...view.fields.map((field) => asText(values[field.name]))].join(' ').trim();
    const found = query ? await runtime.index.searchBm25(view.appId, query, TOOL_RUN_PASSAGES) : [];
    const passages: Passage[] = found.map((p) => ({ source: p.itemName, text: p.text, score: p.score }));
    const answer = await runtime.llm.generateText({
      purpose: 'tool_run',
      appId: view.appId,
      userId: runner.actor?.userId ?? null,
      appSettings: {
        aiModel: typeof settings.aiModel === 'string' ? settings.aiModel : undefined,
        modelTemperature: numberSetting(settings.modelTemperature) ?? undefined,
      },
      system: toolRunSystemPrompt({ toolTitle: view.header ?? view.title, passages }),
      prompt: filled,
      abortSignal,
    });
    // The builder's prompt never reaches the person running the tool, whatever the model says.
    const output = repeatsPrompt(answer.text, prompt) ? TOOL_MESSAGES.promptWithheld : answer.text;
    await runtime.db
      .update(toolRuns)
      .set({
        status: 'success',
        output: redactPersonal(output, view.fields, values),
        model: answer.info.id,
        finishedAt: new Date(),
      })
      .where(eq(toolRuns.id, runId));
    if (runner.actor?.appId === view.appId) await remember(runtime, view, runner.actor.userId, values);
    return { runId, status: 'success', output, creditsUsed: credits };
  } catch (error) {
    await runtime.db
      .update(toolRuns)
      .set({ status: 'error', error: TOOL_MESSAGES.runFailed, finishedAt: new Date() })
      .where(eq(toolRuns.id, runId));
    if (error instanceof AppError) throw error;
    throw new AppError('service_unavailable', TOOL_MESSAGES.runFailed);
  }
}

async function assertWithinUserLimits(
  runtime: ToolsRuntime,
  appId: string,
  subject: string,
  credits: number,
  settings: Record<string, unknown>,
): Promise<void> {
  if (credits === 0) return;
  const now = Date.now();
  const daily = numberSetting(settings.dailyUserLimit);
  if (daily !== null && (await creditsSince(runtime, appId, subject, new Date(now - DAY_MS))) > daily) {
    throw new AppError('rate_limited', TOOL_MESSAGES.dailyLimitReached(daily), {
      limit: 'daily',
      max: daily,
    });
  }
  const weekly = numberSetting(settings.weeklyUserLimit);
  if (weekly !== null && (await creditsSince(runtime, appId, subject, new Date(now - 7 * DAY_MS))) > weekly) {
    throw new AppError('rate_limited', TOOL_MESSAGES.weeklyLimitReached(weekly), {
      limit: 'weekly',
      max: weekly,
    });
  }
}

/** Keeps the end user's last answer to each memorized field (prefilled next time). */
async function remember(
  runtime: ToolsRuntime,
  view: PublicTool,
  userId: string,
  values: Record<string, ToolFieldValue>,
): Promise<void> {
  for (const field of view.fields) {
    if (!field.memorize || isEmptyToolValue(values[field.name])) continue;
    const value = values[field.name] ?? null;
    await runtime.db
      .insert(toolMemories)
      .values({ appId: view.appId, userId, fieldName: field.name, value })
      .onConflictDoUpdate({
        target: [toolMemories.appId, toolMemories.userId, toolMemories.fieldName],
        set: { value, updatedAt: new Date() },
      });
  }
}

/** `GET /api/live_api/user/memories/current?appId=`: the signed-in end user's memories of the app. */
export async function memoriesOf(
  runtime: ToolsRuntime,
  actor: Actor,
  appId: string,
): Promise<MemoriesResponse> {
  const rows = await runtime.db
    .select({ fieldName: toolMemories.fieldName, value: toolMemories.value })
    .from(toolMemories)
    .where(and(eq(toolMemories.appId, appId), eq(toolMemories.userId, actor.userId)));
  return {
    appId,
    memories: Object.fromEntries(rows.map((row) => [row.fieldName, row.value as ToolFieldValue])),
  };
}
