import {
  ACTION_RESULTS_PART,
  type ActionResult,
  type AppModelSettings,
  BUILD_CHECK_PART,
  BUILD_FIX_ROUNDS,
  type BuildCheckData,
  CHAT_MESSAGES,
  type ChatAnnotation,
  type ChatUIDataTypes,
  type ChatUIMetadata,
  CONTEXT_RERANK_TOKEN_LIMIT,
  IncrementalActionParser,
  LLM_ERROR_MESSAGE,
  type LlmErrorReason,
  llmErrorReason,
  type Passage,
  type StreamedAction,
  type UsageRecord,
  unclosedActionNote,
  withoutOpenAction,
} from '@atelier/shared';
import type { ModelMessage, UIMessageChunk } from 'ai';
import { toLlmCallError } from '../../platform/llm/errors.ts';
import type { Llm } from '../../platform/llm/index.ts';
import { builderSystemPrompt } from '../../platform/llm/index.ts';
import { renderPassages } from '../../platform/llm/prompts/index.ts';
import { tokenCounter } from '../../platform/llm/tokens.ts';
import type { Logger } from '../../platform/logger.ts';
import type { AppActor } from '../apps/apps.repo.ts';
import type { TreeFile } from '../apps/file-tree.ts';
import { missingTemplateFiles } from '../apps/template/index.ts';
import type { VersionsRepo } from '../apps/versions.repo.ts';
import type { ReplyDrafts } from '../preview/reply-drafts.ts';
import { applyAction, notApplied, type RecordActionsPort, treeChanges } from './action-applier.ts';
import { type BuildChecker, changesCode, checkPart, checkReply, fixRequest } from './build-check.ts';
import { actionResultsPart, type ChatRepo } from './chat.repo.ts';
import { selectContext, withRelevantFiles } from './context.ts';
import { planPrompt, promptBudget } from './context-budget.ts';
import { replyForModel } from './model-messages.ts';

/**
 * One assistant reply, produced on the server whatever happens to the HTTP stream: the model's text
 * goes through the incremental parser; each action is applied to a working tree as soon as its
 * closing tag arrives; at the end the tree becomes ONE new version tied to the user's message, and
 * the reply is stored. `emit` forwards UI-message chunks to the client while it listens.
 */
export interface ReplyDeps {
  llm: Llm;
  versions: VersionsRepo;
  repo: ChatRepo;
  logger: Logger;
  records: RecordActionsPort;
  /** Where the files applied so far are published for the preview while the reply runs (issue 21 §8). */
  drafts?: Pick<ReplyDrafts, 'put'> | undefined;
  /** Builds and type-checks a tree (issue 21 §5); absent: replies are not checked. */
  check?: BuildChecker;
}

export interface ReplyRequest {
  /** The assistant message's id (claimed in chat_replies before the reply starts). */
  messageId: string;
  /** Aborted by Stop: the provider call ends, the completed actions are kept. */
  signal?: AbortSignal;
  actor: AppActor;
  app: { id: string; name: string; settings: AppModelSettings | null };
  userMessageId: string;
  userText: string;
  /** The conversation for the model, ending with the user's message. */
  messages: ModelMessage[];
  /** The chat's stored summary of the messages older than `messages` (issue 21 §6). */
  summary?: string;
  /** Files the latest replies changed, most recent first (they go in first when not all fit). */
  recent?: string[];
  discuss: boolean;
  base: { versionId: string | null; files: readonly TreeFile[] };
  passages: readonly Passage[];
}

export interface ReplyOutcome {
  messageId: string;
  failed: boolean;
  versionId: string | null;
  results: ActionResult[];
  truncated: boolean;
  stopped: boolean;
}

export type Emit = (chunk: UIMessageChunk<ChatUIMetadata, ChatUIDataTypes>) => void;

const TEXT_ID = 'reply-text';
/** The transient data part naming the newest draft of the reply's files (the preview loads it). */
export const DRAFT_PART = 'draft';
const REASONING_ID = 'reply-reasoning';

const DISCUSS_NOTE = `

The builder is in discuss mode: answer, explain and advise only. Do not write action tags; nothing
you write is applied to the app in this mode.`;

function systemPrompt(
  request: ReplyRequest,
  files: { path: string; content: string }[],
  summary: string,
): string {
  let system = builderSystemPrompt({ appName: request.app.name, files });
  if (summary) {
    system += `\n\nThe earlier conversation, summarised (its newest messages follow in full):\n${summary}`;
  }
  if (request.passages.length > 0) {
    const passages = renderPassages(
      request.passages.map((p) => ({ source: p.itemName, text: p.text, score: p.score })),
    );
    system += `\n\nPassages from the app's data sources that may help with this request:\n\n${passages}`;
  }
  if (request.discuss) system += DISCUSS_NOTE;
  return system;
}

/** The web pages among the data-source passages the reply was given: its sources (spec 3 §3 `source`). */
function sourceParts(passages: readonly Passage[]) {
  const seen = new Map<string, Passage & { url: string }>();
  for (const passage of passages) {
    if (passage.url && !seen.has(passage.url)) seen.set(passage.url, { ...passage, url: passage.url });
  }
  return [...seen.values()].map((p) => ({
    type: 'source-url' as const,
    sourceId: p.chunkId,
    url: p.url,
    title: p.itemName,
  }));
}

function describeChanges(results: readonly ActionResult[]): string {
  const titles = results.filter((r) => r.outcome === 'applied' && r.title).map((r) => r.title);
  if (titles.length === 0) return 'Changes from the chat';
  const shown = titles.slice(0, 3).join('; ');
  return titles.length > 3 ? `${shown} and ${titles.length - 3} more` : shown;
}

/** Record actions that were accepted while streaming are carried out once the version is committed. */
async function insertRecords(deps: ReplyDeps, actions: readonly StreamedAction[], results: ActionResult[]) {
  const insert = deps.records.insert;
  if (!insert) return;
  for (const action of actions) {
    const result = results[action.index];
    if (action.type !== 'insert_entity_records' || result?.outcome !== 'applied') continue;
    try {
      const count = await insert(
        action.entity ?? '',
        JSON.parse(action.content) as Record<string, unknown>[],
      );
      results[action.index] = { ...result, message: CHAT_MESSAGES.insertedRecords(count) };
    } catch (error) {
      results[action.index] = {
        ...result,
        outcome: 'failed',
        message: error instanceof Error ? error.message : String(error),
      };
    }
  }
}

/** Whether an action writes the app's files (a record insert or a secrets request does not). */
function changesFiles(action: StreamedAction): boolean {
  return (
    action.type !== 'insert_entity_records' &&
    action.type !== 'request_secrets' &&
    action.type !== 'import_entities'
  );
}

/** The reply's usage: its one call's, or every call of the message added up (fixing rounds). */
async function lastUsage(
  deps: ReplyDeps,
  messageId: string,
  usages: Promise<UsageRecord | undefined>[],
): Promise<UsageRecord | undefined> {
  const records = await Promise.all(usages.map((usage) => usage.catch(() => undefined)));
  if (records.length <= 1) return records[0];
  return (await deps.llm.usage.forMessage(messageId).catch(() => undefined)) ?? records.at(-1);
}

export async function runReply(deps: ReplyDeps, request: ReplyRequest, emit: Emit): Promise<ReplyOutcome> {
  const messageId = request.messageId;
  const createdAt = new Date().toISOString();
  const discussMeta: Pick<ChatAnnotation, 'discussModeMetadata'> = request.discuss
    ? { discussModeMetadata: { isDiscussMode: true } }
    : {};
  emit({
    type: 'start',
    messageId,
    messageMetadata: { createdAt, userMessageId: request.userMessageId, ...discussMeta },
  });

  // The prompt within the model's window (issue 21 §6).
  const { info } = await deps.llm.resolveModel(request.app.settings);
  const { count } = await tokenCounter(info);
  const plan = (budget: number | null) => {
    const planned = planPrompt({
      budget,
      count,
      fixedTokens: count(systemPrompt(request, [], '')),
      messages: request.messages,
      storedSummary: request.summary ?? '',
      defaultFileLimit: CONTEXT_RERANK_TOKEN_LIMIT,
    });
    const files = request.base.files.map((f) => ({ path: f.path, content: f.content }));
    const chosen = selectContext(files, request.userText, request.passages, {
      limit: planned.fileLimit,
      count,
      recent: request.recent ?? [],
    });
    return { ...planned, selection: chosen, system: systemPrompt(request, chosen.files, planned.summary) };
  };
  const budget = promptBudget(info);
  let prompt = plan(budget);
  let selection = prompt.selection;
  const before = new Map(request.base.files.map((file) => [file.path, file.content]));
  const tree = new Map(before);
  const parser = new IncrementalActionParser();
  const results: ActionResult[] = [];
  let drafts = 0;
  let draftsStored: Promise<void> = Promise.resolve();
  let text = '';
  let failed = false;

  const record = (action: StreamedAction, result: ActionResult) => {
    results[action.index] = result;
    emit({ type: `data-${ACTION_RESULTS_PART}`, id: 'actions', data: { results: results.filter(Boolean) } });
  };
  const handle = (action: StreamedAction) => {
    if (action.status === 'truncated')
      record(action, notApplied(action, unclosedActionNote(action, CHAT_MESSAGES.notAppliedTruncated)));
    else if (request.discuss) record(action, notApplied(action, CHAT_MESSAGES.notAppliedDiscuss));
    else {
      const result = applyAction(tree, action, deps.records);
      record(action, result);
      if (result.outcome === 'applied' && deps.drafts && changesFiles(action)) {
        const files = [...tree].map(([path, content]) => ({ path, content }));
        const { id, stored } = deps.drafts.put(request.app.id, messageId, ++drafts, files, {
          baseVersionId: request.base.versionId,
          changes: treeChanges(before, tree),
        });
        // Named once the reply's row carries it: a preview on another instance finds it there.
        draftsStored = draftsStored
          .then(() => stored)
          .then(() => emit({ type: `data-${DRAFT_PART}`, data: { versionId: id }, transient: true }));
      }
    }
  };

  // The text and reasoning parts open when the provider sends them: until then the client shows
  // "Thinking..." (issue 21 §1).
  let reasoning = '';
  const open = { text: false, reasoning: false };
  const closeReasoning = () => {
    if (open.reasoning) emit({ type: 'reasoning-end', id: REASONING_ID });
    open.reasoning = false;
  };
  let stopped = false;
  let lengthLimit = false;
  let errorReason: LlmErrorReason | undefined;
  const usages: Promise<UsageRecord | undefined>[] = [];
  let offline = false;
  /** One call of the model whose text continues the reply; answers whether it failed. */
  const streamRound = async (system: string, messages: ModelMessage[], separator: string) => {
    try {
      const stream = await deps.llm.streamText({
        purpose: 'chat',
        appId: request.app.id,
        userId: request.actor.userId,
        messageId,
        appSettings: request.app.settings,
        system,
        messages,
        abortSignal: request.signal,
      });
      offline = stream.info.provider === 'offline';
      usages.push(stream.usage);
      let first = true;
      for await (const delta of stream.deltas) {
        if (delta.type === 'reasoning') {
          if (!open.reasoning) emit({ type: 'reasoning-start', id: REASONING_ID });
          open.reasoning = true;
          reasoning += delta.text;
          emit({ type: 'reasoning-delta', id: REASONING_ID, delta: delta.text });
          continue;
        }
        closeReasoning();
        if (!open.text) emit({ type: 'text-start', id: TEXT_ID });
        open.text = true;
        const piece = first && text ? `${separator}${delta.text}` : delta.text;
        first = false;
        text += piece;
        emit({ type: 'text-delta', id: TEXT_ID, delta: piece });
        for (const action of parser.push(piece)) handle(action);
      }
      stopped = request.signal?.aborted === true;
      // The provider stopped at its output limit (said to the builder, issue 21 §11).
      lengthLimit =
        !stopped && (await Promise.resolve(stream.result.finishReason).catch(() => undefined)) === 'length';
      return false;
    } catch (error) {
      stopped = request.signal?.aborted === true;
      if (stopped) return false;
      const failure = toLlmCallError(error);
      errorReason = llmErrorReason(failure.detail, failure.failure);
      deps.logger.warn({ err: error, appId: request.app.id, messageId }, 'chat reply failed');
      return true;
    }
  };
  failed = await streamRound(prompt.system, prompt.messages, '');
  if (failed && errorReason === 'context_too_long' && !open.text && !open.reasoning) {
    // The provider counts otherwise: once more with half of what was sent (issue 21 §6).
    const sent =
      count(prompt.system) + prompt.messages.reduce((sum, m) => sum + count(JSON.stringify(m.content)), 0);
    deps.logger.info({ appId: request.app.id, messageId, sent }, 'chat: context too long, retrying smaller');
    prompt = plan(Math.floor(Math.min(budget ?? sent, sent) / 2));
    selection = prompt.selection;
    errorReason = undefined;
    failed = await streamRound(prompt.system, prompt.messages, '');
  }

  // A reply that failed after some of its actions completed (a model that stalls or drops mid-reply)
  // keeps them, in one version, as Stop does; one that failed before any keeps nothing (Retry runs
  // it again from the same version).
  const keepsCompleted = failed && results.some((result) => result?.outcome === 'applied');

  // The build check (issue 21 §5): a reply that changed code is built and type-checked; the errors
  // it brought in go back to the model, in the same reply, up to BUILD_FIX_ROUNDS times.
  let check: BuildCheckData | undefined;
  const emitCheck = (data: BuildCheckData) => {
    check = data;
    emit({ type: `data-${BUILD_CHECK_PART}`, id: 'build-check', data });
  };
  const checkable = () => !failed && !stopped && !request.discuss && !parser.snapshot().truncated;
  const changedPaths = () => new Set(treeChanges(before, tree).map((change) => change.path));
  // The template's shadcn/ui files the reply's code imports and the app lacks (an app made before
  // the template had them): models expect the whole set, as every new app has it.
  const addTemplateFiles = () => {
    if ((failed && !keepsCompleted) || treeChanges(before, tree).length === 0) return;
    for (const file of missingTemplateFiles(tree)) tree.set(file.path, file.content);
  };
  addTemplateFiles();
  if (deps.check && checkable() && changesCode([...changedPaths()])) {
    emitCheck(checkPart('checking', 0, 0));
    let fixed = 0;
    for (let round = 0; ; round++) {
      if (round > 0) addTemplateFiles();
      const issues = await checkReply(deps.check, before, tree, changedPaths());
      if (issues === null) {
        emitCheck(checkPart('skipped', round, 0));
        break;
      }
      if (issues.length === 0) {
        emitCheck(round === 0 ? checkPart('passed', 0, 0) : checkPart('fixed', round, fixed));
        break;
      }
      if (round >= BUILD_FIX_ROUNDS || offline || !checkable()) {
        emitCheck(checkPart('failed', round, issues.length, issues));
        break;
      }
      fixed = Math.max(fixed, issues.length);
      emitCheck(checkPart('fixing', round + 1, issues.length, issues));
      const files = [...tree].map(([path, content]) => ({ path, content }));
      const shown = new Set([...selection.files.map((f) => f.path), ...changedPaths()]);
      const applied = results.filter(Boolean).length;
      const fixFailed = await streamRound(
        systemPrompt(
          request,
          files.filter((f) => shown.has(f.path)),
          prompt.summary,
        ),
        [
          ...prompt.messages,
          { role: 'assistant', content: replyForModel(text, results.filter(Boolean)) || '(no text)' },
          { role: 'user', content: fixRequest(issues) },
        ],
        '\n\n',
      );
      if (fixFailed || (stopped && results.filter(Boolean).length === applied)) {
        // The reply itself stands: what the fix could not do is reported with the errors left (a
        // Stop that came before the round changed anything ends the reply without another check).
        emitCheck(checkPart('failed', round + 1, issues.length, issues));
        break;
      }
    }
  }
  closeReasoning();
  if (stopped || keepsCompleted) {
    const note = stopped ? CHAT_MESSAGES.notAppliedStopped : CHAT_MESSAGES.notAppliedFailedReply;
    for (const action of parser.finish()) record(action, notApplied(action, note));
    text = withoutOpenAction(text);
  } else if (!failed) for (const action of parser.finish()) handle(action);
  addTemplateFiles();
  await draftsStored;
  if (open.text) emit({ type: 'text-end', id: TEXT_ID });
  const truncated = !failed && !stopped && parser.snapshot().truncated;

  let versionId: string | null = null;
  let relevant: string[] = [];
  if (failed && !keepsCompleted) {
    // Nothing of a reply that failed before an action completed becomes a version.
    for (const [index, result] of results.entries()) {
      if (result?.outcome === 'applied') {
        results[index] = { ...result, outcome: 'not_applied', message: CHAT_MESSAGES.notAppliedFailedReply };
      }
    }
  } else {
    const changes = treeChanges(before, tree);
    relevant = changes.map((change) => change.path).filter((path) => before.has(path));
    if (changes.length > 0) {
      try {
        const created = await deps.versions.createVersion(request.actor, request.app.id, {
          changes,
          messageId: request.userMessageId,
          userRequest: request.userText.slice(0, 2000),
          description: `${stopped ? `${CHAT_MESSAGES.stopped}: ` : ''}${describeChanges(results.filter(Boolean))}`,
        });
        versionId = created.created ? created.version.id : null;
      } catch (error) {
        deps.logger.warn({ err: error, appId: request.app.id }, 'chat reply: the version was refused');
        const message = error instanceof Error ? error.message : String(error);
        for (const [index, result] of results.entries()) {
          if (result?.outcome === 'applied' && result.type !== 'request_secrets') {
            results[index] = { ...result, outcome: 'failed', message };
          }
        }
      }
    }
  }

  if (!failed || keepsCompleted) await insertRecords(deps, parser.snapshot().actions, results);

  const usage = await lastUsage(deps, messageId, usages);
  const annotation: ChatAnnotation = {
    ...(failed ? { status: 'failed' as const, error: { reason: errorReason ?? 'provider' } } : {}),
    ...(stopped ? { stopped: true } : {}),
    ...(lengthLimit && !failed ? { lengthLimit: true } : {}),
    ...(usage ? { usage } : {}),
    contextFiles: selection.metadata.retrievedFiles.map((f) => ({
      filePath: f.filePath,
      tokenEstimation: f.tokenEstimation,
    })),
    contextMetadata: withRelevantFiles(selection.metadata, relevant),
    userMessageId: request.userMessageId,
    ...discussMeta,
  };
  const finalResults = results.filter(Boolean);
  await deps.repo.insertMessage({
    id: messageId,
    appId: request.app.id,
    role: 'assistant',
    content: text,
    parts: [
      ...(reasoning ? [{ type: 'reasoning', text: reasoning }] : []),
      { type: 'text', text },
      ...sourceParts(request.passages),
      actionResultsPart(finalResults),
      ...(check ? [{ type: `data-${BUILD_CHECK_PART}`, id: 'build-check', data: check }] : []),
    ],
    annotations: annotation,
    status: failed ? 'failed' : 'normal',
    versionId,
  });
  await deps.repo.annotate(request.app.id, request.userMessageId, { replyMessageId: messageId }, versionId);

  if (finalResults.length > 0) {
    emit({ type: `data-${ACTION_RESULTS_PART}`, id: 'actions', data: { results: finalResults } });
  }
  // The reply's sources, live (they are stored with it too).
  for (const source of sourceParts(request.passages)) emit(source);
  const metadata: ChatUIMetadata = { ...annotation, createdAt, versionId };
  emit({ type: 'message-metadata', messageMetadata: metadata });
  if (failed) emit({ type: 'error', errorText: LLM_ERROR_MESSAGE });
  emit({ type: 'finish', finishReason: failed ? 'error' : 'stop', messageMetadata: metadata });
  return { messageId, failed, versionId, results: finalResults, truncated, stopped };
}
