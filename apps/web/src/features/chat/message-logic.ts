import {
  type ActionResult,
  type AppVersion,
  LOAD_PREVIOUS_THRESHOLD_PX,
  SCROLL_TO_MESSAGE_DELAY_MS,
  type StreamedAction,
  VERSION_LIST_VISIBLE,
} from '@atelier/shared';
import { type ChatUIMessage, isDiscuss } from './types.ts';

/** Spec 3 §2: the newest 10 versions, plus the current version if it is older than those. */
export function visibleVersions(
  versions: readonly AppVersion[],
  currentVersionId: string | null,
): AppVersion[] {
  const newest = versions.slice(0, VERSION_LIST_VISIBLE);
  const current = versions.find((v) => v.id === currentVersionId);
  return current && !newest.includes(current) ? [...newest, current] : newest;
}

/**
 * Spec 3 §4 "Revert": offered on user messages with a version, except autofix and discuss-mode
 * ones; on a restore that carries a reverted-from reference it is "Undo restore".
 */
export function revertKind(message: ChatUIMessage): 'revert' | 'undo' | null {
  const meta = message.metadata;
  if (message.role !== 'user' || !meta?.versionId || isDiscuss(message)) return null;
  if (meta.systemActionInfo?.type === 'autofix') return null;
  if (meta.systemActionInfo?.type === 'restore' && meta.systemActionInfo.revertedFromMessageId) return 'undo';
  return 'revert';
}

/** How many messages a revert to `index` removes: those after its exchange (the message and its replies). */
export function removedByRevert(messages: readonly Pick<ChatUIMessage, 'role'>[], index: number): number {
  if (index < 0) return 0;
  let end = index;
  if (messages[index]?.role === 'user') while (messages[end + 1]?.role === 'assistant') end++;
  return messages.length - end - 1;
}

/** The state an action card shows: streaming / complete / truncated, then applied / failed / not applied. */
export function cardState(action: Pick<StreamedAction, 'status'>, result: ActionResult | undefined) {
  if (action.status === 'streaming') return { label: 'Writing…', tone: 'muted' as const };
  if (action.status === 'truncated') return { label: 'Truncated', tone: 'warning' as const };
  if (!result) return { label: 'Complete', tone: 'muted' as const };
  if (result.outcome === 'applied') return { label: 'Applied', tone: 'success' as const };
  if (result.outcome === 'failed') return { label: 'Failed', tone: 'error' as const };
  return { label: 'Not applied', tone: 'warning' as const };
}

/**
 * Spec 3 §4 "Retry": only the last user message, when nothing but a failed reply follows it.
 */
export function canRetry(messages: readonly ChatUIMessage[], index: number): boolean {
  const message = messages[index];
  if (message?.role !== 'user') return false;
  const rest = messages.slice(index + 1);
  return rest.every((m) => m.role === 'assistant' && m.metadata?.status === 'failed');
}

/** Spec 3 §2: 'Load previous messages' shows within 50 px of the top (when more history exists). */
export const isNearTop = (scrollTop: number): boolean => scrollTop <= LOAD_PREVIOUS_THRESHOLD_PX;

/** Spec 3 §2: scrolling to a target message waits 100 ms; returns a cancel function. */
export function scrollToMessageLater(scroll: () => void): () => void {
  const timer = setTimeout(scroll, SCROLL_TO_MESSAGE_DELAY_MS);
  return () => clearTimeout(timer);
}

/** The per-row state of the message list besides the message itself (a memoised row compares it). */
export interface RowState {
  /** A reply runs: the row's buttons that would start another are disabled. */
  busy: boolean;
  /** This reply is still streaming in. */
  streaming: boolean;
  isLast: boolean;
  /** User messages: sending it failed / Retry is offered. */
  failed: boolean;
  canRetry: boolean;
}

/**
 * Row `index`'s state (issue 21 §9). An earlier assistant reply's state does not change while a reply
 * starts, streams or ends (it uses `busy` only when it is the last), so its memoised row does not
 * render again: what a streaming reply costs does not grow with the conversation.
 */
export function rowState(
  messages: readonly ChatUIMessage[],
  index: number,
  chat: { busy: boolean; sendFailed: boolean; lastUserIndex: number },
): RowState {
  const message = messages[index];
  const isLast = index === messages.length - 1;
  const user = message?.role === 'user';
  return {
    busy: chat.busy && (user || isLast),
    streaming: chat.busy && isLast,
    isLast,
    failed: user && chat.sendFailed && isLast,
    canRetry:
      user &&
      index === chat.lastUserIndex &&
      !chat.busy &&
      ((chat.sendFailed && isLast) || (!isLast && canRetry(messages, index))),
  };
}
