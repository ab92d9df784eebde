import { randomUUID } from 'node:crypto';
import {
  APP_MESSAGES,
  CHAT_HISTORY_PAGE_SIZE,
  CHAT_MESSAGES,
  type RestoreResponse,
  type SystemActionInfo,
  type UndoRestoreResponse,
} from '@atelier/shared';
import { notFound } from '../../platform/errors.ts';
import { type ChatMessageRow, toChatMessage } from './chat.repo.ts';
import type { ChatRuntime } from './chat.runtime.ts';
import { type ChatActor, ownedApp } from './chat.service.ts';

/**
 * Restore and undo restore from the chat (spec 3 §4). A restore writes the old files as a NEW
 * version (history is never rewritten), removes the messages after the restored message's exchange
 * and adds a restore message that remembers what it reverted from; undo restore writes the version
 * that was current before that restore as a new version and removes the messages after it.
 */

/** "2026-05-01 14:03 UTC" */
export const formatVersionDate = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

async function latestPage(runtime: ChatRuntime, appId: string) {
  const { rows, hasMore } = await runtime.repo.page(appId, CHAT_HISTORY_PAGE_SIZE);
  return { messages: rows.map(toChatMessage), hasMore };
}

/** The last message of `message`'s exchange: a user message with the replies that follow it. */
async function endOfExchange(runtime: ChatRuntime, appId: string, message: ChatMessageRow): Promise<number> {
  if (message.role !== 'user') return message.seq;
  let end = message.seq;
  for (const next of await runtime.repo.messagesAfter(appId, message.seq)) {
    if (next.role !== 'assistant') break;
    end = next.seq;
  }
  return end;
}

/** The user message a restore or an undo restore adds, tied to the version it wrote. */
function insertActionMessage(
  runtime: ChatRuntime,
  appId: string,
  input: { id: string; content: string; systemActionInfo: SystemActionInfo; versionId: string },
) {
  return runtime.repo.insertMessage({
    id: input.id,
    appId,
    role: 'user',
    content: input.content,
    parts: [{ type: 'text', text: input.content }],
    annotations: { systemActionInfo: input.systemActionInfo },
    versionId: input.versionId,
  });
}

export async function restoreVersion(
  runtime: ChatRuntime,
  actor: ChatActor,
  appId: string,
  versionId: string,
  messageId: string,
): Promise<RestoreResponse> {
  const app = await ownedApp(runtime, actor, appId);
  const target = await runtime.apps.versions.getVersion(actor, appId, versionId);
  if (!target) throw notFound(APP_MESSAGES.versionNotFound);
  // A version whose message a revert removed restores by its id: nothing of the chat is removed.
  const message = await runtime.repo.findMessage(appId, messageId);

  const restoreMessageId = randomUUID();
  const date = target.version.timestamp;
  const content = CHAT_MESSAGES.restoredVersion(formatVersionDate(date));
  const created = await runtime.apps.versions.createVersion(actor, appId, {
    files: target.files,
    messageId: restoreMessageId,
    userRequest: null,
    description: content,
  });
  if (message) {
    const end = await endOfExchange(runtime, appId, message);
    await runtime.repo.deleteFromSeq(appId, end + 1);
  }
  await insertActionMessage(runtime, appId, {
    id: restoreMessageId,
    content,
    systemActionInfo: {
      type: 'restore',
      restoredVersionDate: date,
      ...(message ? { revertedFromMessageId: messageId } : {}),
    },
    versionId: created.version.id,
  });
  await runtime.repo.insertRestore({
    messageId: restoreMessageId,
    appId,
    restoredVersionId: versionId,
    previousVersionId: app.currentVersionId,
    createdVersionId: created.version.id,
  });
  return { ...(await latestPage(runtime, appId)), versionId: created.version.id };
}

export async function undoRestore(
  runtime: ChatRuntime,
  actor: ChatActor,
  appId: string,
  versionId: string,
  messageId: string,
): Promise<UndoRestoreResponse> {
  await ownedApp(runtime, actor, appId);
  const fail = async (error: string): Promise<UndoRestoreResponse> => ({
    ...(await latestPage(runtime, appId)),
    versionId: null,
    error,
  });
  const message = await runtime.repo.findMessage(appId, messageId);
  const restore = message && (await runtime.repo.findRestore(appId, messageId));
  if (!message || !restore || restore.undoneAt) return fail(CHAT_MESSAGES.restoreNotFound);
  if (versionId !== restore.createdVersionId && versionId !== restore.previousVersionId) {
    return fail(CHAT_MESSAGES.restoreNotFound);
  }
  if (!restore.previousVersionId) return fail(CHAT_MESSAGES.noPreviousVersion);
  const previous = await runtime.apps.versions.getVersion(actor, appId, restore.previousVersionId);
  if (!previous) return fail(CHAT_MESSAGES.noPreviousVersion);
  if (!(await runtime.repo.markRestoreUndone(appId, messageId))) return fail(CHAT_MESSAGES.restoreNotFound);

  const undoMessageId = randomUUID();
  const date = previous.version.timestamp;
  const content = CHAT_MESSAGES.undidRestore(formatVersionDate(date));
  const created = await runtime.apps.versions.createVersion(actor, appId, {
    files: previous.files,
    messageId: undoMessageId,
    userRequest: null,
    description: content,
  });
  await runtime.repo.deleteFromSeq(appId, message.seq + 1);
  // The restore is undone: it no longer offers "Undo restore".
  const info = message.annotations.systemActionInfo as { restoredVersionDate?: string } | undefined;
  await runtime.repo.annotate(appId, messageId, {
    systemActionInfo: {
      type: 'restore',
      ...(info?.restoredVersionDate ? { restoredVersionDate: info.restoredVersionDate } : {}),
    },
  });
  await insertActionMessage(runtime, appId, {
    id: undoMessageId,
    content,
    systemActionInfo: { type: 'undo_restore', restoredVersionDate: date },
    versionId: created.version.id,
  });
  return { ...(await latestPage(runtime, appId)), versionId: created.version.id, error: null };
}
