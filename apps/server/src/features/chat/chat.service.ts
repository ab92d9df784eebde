import { randomUUID } from 'node:crypto';
import {
  appModelSettingsSchema,
  CHAT_MESSAGES,
  type ChatAnnotation,
  type ChatAttachment,
  type ChatHistoryResponse,
  type ChatRating,
  CONTEXT_PASSAGES,
  LLM_ERROR_MESSAGE,
  type Passage,
  type RatingRequest,
  ratingRequestSchema,
  type SendChatRequest,
} from '@atelier/shared';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { AppActor, AppRow } from '../apps/apps.repo.ts';
import { findApp } from '../apps/apps.service.ts';
import { validateFiles } from '../code-editor/validate.service.ts';
import { createChatAttachments } from './attachments.ts';
import { type ChatMessageRow, toChatMessage } from './chat.repo.ts';
import type { ChatRuntime } from './chat.runtime.ts';
import { HISTORY_FOR_MODEL, historyForModel, recentPaths, userMessageForModel } from './model-messages.ts';
import type { Chunk } from './outlet.ts';
import { type Emit, type ReplyOutcome, runReply } from './reply.ts';
import type { ReplyLog } from './reply-runs.ts';
import { chatSummary } from './summary.ts';

/** The chat's behaviour (README.md in this folder). Every function checks the actor's access to the app. */

/** Who calls the chat: a builder, and whether they are a platform admin (who may read any app's chat). */
export type ChatActor = AppActor & { isAdmin?: boolean };

/**
 * Acting on the chat (send, retry, stop, rate, revert, undo restore, attach): the app's builders
 * only (owner and collaborators). A platform admin reading another builder's chat in the read-only
 * view (spec 3 §6) is refused with 403 `CHAT_MESSAGES.readOnly`; anyone else gets 404.
 */
export async function ownedApp(runtime: ChatRuntime, actor: ChatActor, appId: string): Promise<AppRow> {
  const app = await runtime.apps.apps.find(actor, appId);
  if (app) return app;
  if (actor.isAdmin && (await runtime.apps.apps.findForPlatformAdmin(appId))) {
    throw new AppError('forbidden', CHAT_MESSAGES.readOnly);
  }
  return findApp(runtime.apps, actor, appId);
}

/**
 * Reading the chat (history, the running reply, attachments): the app's builders, and platform
 * admins on any app — support reads a builder's conversation read-only (spec 3 §6); 404 otherwise.
 */
export async function readableApp(runtime: ChatRuntime, actor: ChatActor, appId: string): Promise<AppRow> {
  const app = await runtime.apps.apps.find(actor, appId);
  if (app) return app;
  const other = actor.isAdmin ? await runtime.apps.apps.findForPlatformAdmin(appId) : undefined;
  if (!other) return findApp(runtime.apps, actor, appId);
  runtime.logger.info({ adminId: actor.userId, appId }, "admin read another builder's chat");
  return other;
}

export async function history(
  runtime: ChatRuntime,
  actor: ChatActor,
  appId: string,
  query: { fromMessageId?: string | undefined; limit: number },
): Promise<ChatHistoryResponse> {
  await readableApp(runtime, actor, appId);
  let beforeSeq: number | undefined;
  if (query.fromMessageId) {
    const from = await runtime.repo.findMessage(appId, query.fromMessageId);
    if (!from) throw notFound(CHAT_MESSAGES.messageNotFound(query.fromMessageId));
    beforeSeq = from.seq;
  }
  const { rows, hasMore } = await runtime.repo.page(appId, query.limit, beforeSeq);
  const running = beforeSeq === undefined ? await runtime.runs.running(appId) : null;
  return { messages: rows.map(toChatMessage), hasMore, running };
}

/**
 * Retry (spec 3 §4): only the last user message, which is then removed with a directly following
 * failed reply; its content and attachments are sent again.
 */
async function takeBackForRetry(
  runtime: ChatRuntime,
  appId: string,
  messageId: string | undefined,
): Promise<ChatMessageRow> {
  const tail = await runtime.repo.lastMessages(appId, 2);
  const last = tail.at(-1);
  const beforeLast = tail.at(-2);
  const target =
    last?.role === 'user'
      ? last
      : last?.role === 'assistant' && last.status === 'failed' && beforeLast?.role === 'user'
        ? beforeLast
        : undefined;
  if (!target || (messageId && target.id !== messageId)) {
    throw new AppError('bad_request', CHAT_MESSAGES.retryLastOnly);
  }
  await runtime.repo.deleteFromSeq(appId, target.seq);
  return target;
}

function fileParts(attachments: readonly ChatAttachment[]): Record<string, unknown>[] {
  return attachments.map((a) => ({ type: 'file', mediaType: a.contentType, url: a.url, filename: a.name }));
}

export interface StartedReply {
  userMessageId: string;
  /** Resolves when the reply is stored (whether or not anyone still listens); undefined if it crashed. */
  done: Promise<ReplyOutcome | undefined>;
}

/**
 * Stores the user's message and starts the reply. The reply runs to its end on the server (it is
 * never aborted because the client went away) and is stored with its version.
 */
export async function sendMessage(
  runtime: ChatRuntime,
  actor: ChatActor,
  appId: string,
  body: SendChatRequest,
  emit: Emit,
  signedIn?: Actor,
): Promise<StartedReply> {
  const app = await ownedApp(runtime, actor, appId);
  const text = body.text.trim();
  const attachments = body.attachments ?? [];
  if (!text && attachments.length === 0 && !body.retry) {
    throw new AppError('bad_request', CHAT_MESSAGES.messageRequired);
  }
  const userMessageId = body.userMessageId ?? randomUUID();
  if (await runtime.repo.findMessage(appId, userMessageId)) {
    throw new AppError('conflict', `A message with the id ${userMessageId} exists already`);
  }
  // One reply at a time per app (409 otherwise), claimed before anything is written.
  const log = await runtime.runs.claim(appId, randomUUID(), userMessageId);
  try {
    return await startReply(
      runtime,
      actor,
      app,
      { ...body, userMessageId },
      { text, attachments },
      (chunk) => {
        log.write(chunk);
        emit(chunk);
      },
      log,
      signedIn,
    );
  } catch (error) {
    await log.close();
    throw error;
  }
}

async function startReply(
  runtime: ChatRuntime,
  actor: ChatActor,
  app: AppRow,
  body: SendChatRequest & { userMessageId: string },
  input: { text: string; attachments: ChatAttachment[] },
  emit: Emit,
  log: ReplyLog,
  signedIn: Actor | undefined,
): Promise<StartedReply> {
  const appId = app.id;
  const userMessageId = body.userMessageId;
  let { text, attachments } = input;
  if (body.retry) {
    const previous = await takeBackForRetry(runtime, appId, body.messageId);
    if (!text) text = previous.content;
    if (attachments.length === 0) attachments = previous.attachments;
  }
  if (!text && attachments.length === 0) throw new AppError('bad_request', CHAT_MESSAGES.messageRequired);

  const store = createChatAttachments(runtime.db);
  const loaded = await store.load(appId, attachments);
  const kept = loaded.map(({ name, url, contentType }) => ({ name, url, contentType }));
  const earlier = await runtime.repo.lastMessages(appId, HISTORY_FOR_MODEL);
  const annotations: ChatAnnotation = {
    ...(body.discuss ? { discussModeMetadata: { isDiscussMode: true } } : {}),
    ...(body.systemActionType ? { systemActionInfo: { type: body.systemActionType } } : {}),
  };
  await runtime.repo.insertMessage({
    id: userMessageId,
    appId,
    role: 'user',
    content: text,
    parts: [{ type: 'text', text }, ...fileParts(kept)],
    annotations,
    attachments: kept,
  });

  const base = await runtime.apps.versions.getCurrent(actor, appId);
  const passages = await runtime
    .retrieve(appId, text, CONTEXT_PASSAGES)
    .catch((error: unknown): Passage[] => {
      runtime.logger.warn({ err: error, appId }, 'chat: data-source retrieval failed');
      return [];
    });
  const settings = appModelSettingsSchema.safeParse(app.settings ?? {});
  const done = runReply(
    {
      llm: runtime.llm,
      versions: runtime.apps.versions,
      repo: runtime.repo,
      logger: runtime.logger,
      records: signedIn ? runtime.recordsFor(signedIn, appId) : { available: false },
      drafts: runtime.apps.drafts,
      check: runtime.config.llm.buildCheck
        ? async (files) =>
            (
              await validateFiles(
                {
                  runtime: runtime.apps,
                  appId,
                  userId: actor.userId,
                  modelReview: false,
                },
                files,
              )
            ).issues
        : undefined,
    },
    {
      messageId: log.replyId,
      signal: log.signal,
      actor,
      app: { id: app.id, name: app.name, settings: settings.success ? settings.data : null },
      userMessageId,
      userText: text,
      messages: [...historyForModel(earlier), userMessageForModel(text, loaded)],
      summary: await chatSummary(
        { repo: runtime.repo, llm: runtime.llm, logger: runtime.logger },
        {
          appId,
          userId: actor.userId,
          messageId: log.replyId,
          appSettings: settings.success ? settings.data : null,
          signal: log.signal,
        },
        earlier[0]?.seq,
      ),
      recent: recentPaths(earlier),
      discuss: body.discuss === true,
      base: { versionId: base.version?.id ?? null, files: base.files },
      passages,
    },
    emit,
  );
  const tracked: Promise<ReplyOutcome | undefined> = done
    .catch((error: unknown) => {
      runtime.logger.error({ err: error, appId }, 'chat reply crashed');
      emit({ type: 'error', errorText: LLM_ERROR_MESSAGE });
      emit({ type: 'finish', finishReason: 'error' });
      return undefined;
    })
    .finally(async () => {
      await log.close();
      runtime.pending.delete(tracked);
    });
  runtime.pending.add(tracked);
  return { userMessageId, done: tracked };
}

/** Stop (issue 21 §2): the instance running the app's reply aborts the model call. */
export async function stopReply(runtime: ChatRuntime, actor: ChatActor, appId: string): Promise<boolean> {
  await ownedApp(runtime, actor, appId);
  return runtime.runs.requestStop(appId);
}

/** The app's latest reply, replayed from its start and followed live (a reload, another tab). */
export async function followReply(
  runtime: ChatRuntime,
  actor: ChatActor,
  appId: string,
  signal: AbortSignal,
): Promise<AsyncGenerator<Chunk> | null> {
  await readableApp(runtime, actor, appId);
  const replyId = await runtime.runs.latest(appId);
  return replyId ? runtime.runs.follow(replyId, signal) : null;
}

export async function rateMessage(
  runtime: ChatRuntime,
  actor: ChatActor,
  appId: string,
  input: RatingRequest,
): Promise<ChatRating> {
  await ownedApp(runtime, actor, appId);
  const body = ratingRequestSchema.parse(input);
  const message = await runtime.repo.findMessage(appId, body.messageId);
  if (message?.role !== 'assistant') throw notFound(CHAT_MESSAGES.messageNotFound(body.messageId));
  const rating: ChatRating = { score: body.score, feedback: body.feedback, comment: body.comment };
  await runtime.repo.saveRating(appId, body.messageId, actor.userId, rating, randomUUID());
  return rating;
}
