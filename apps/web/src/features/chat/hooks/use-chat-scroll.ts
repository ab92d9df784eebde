import { CHAT_MESSAGES } from '@atelier/shared';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../components/ui/toaster.tsx';
import { isNearTop, scrollToMessageLater } from '../message-logic.ts';
import type { ChatUIMessage } from '../types.ts';

export const messageElementId = (id: string) => `chat-message-${id}`;

/**
 * Scrolling of the message list (spec 3 §2): to the bottom when opened and as a reply streams in;
 * 'Load previous messages' near the top; and to a target message (`?messageId=`) after 100 ms,
 * loading older pages until it is found or the history is exhausted.
 */
export function useChatScroll(options: {
  container: RefObject<HTMLDivElement | null>;
  messages: readonly ChatUIMessage[];
  ready: boolean;
  hasMore: boolean;
  loadOlder: () => Promise<boolean>;
  targetMessageId: string | null;
  onTargetFound?: (message: ChatUIMessage) => void;
}) {
  const { container, messages, ready, hasMore, loadOlder, targetMessageId, onTargetFound } = options;
  const [nearTop, setNearTop] = useState(false);
  const stickToBottom = useRef(true);
  const handledTarget = useRef<string | null>(null);

  const onScroll = useCallback(() => {
    const el = container.current;
    if (!el) return;
    setNearTop(isNearTop(el.scrollTop));
    stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
  }, [container]);

  // To the bottom when opened and while new text arrives (unless the builder scrolled up).
  const last = messages.at(-1);
  const lastLength = last ? JSON.stringify(last.parts).length : 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the newest message's growth
  useEffect(() => {
    const el = container.current;
    if (!el || !ready || (targetMessageId && handledTarget.current !== targetMessageId)) return;
    if (stickToBottom.current) el.scrollTop = el.scrollHeight;
    onScroll();
  }, [ready, messages.length, lastLength]);

  /** The first message id an older page was asked for (a page per first message). */
  const requestedBefore = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || !targetMessageId || handledTarget.current === targetMessageId) return;
    const found = messages.find((m) => m.id === targetMessageId);
    if (!found && hasMore) {
      // Older pages until the message is found; this effect runs again with them.
      const first = messages[0]?.id ?? null;
      if (requestedBefore.current === first) return;
      requestedBefore.current = first;
      loadOlder().catch(() => {
        handledTarget.current = targetMessageId;
        toast.error(CHAT_MESSAGES.messageNotFound(targetMessageId));
      });
      return;
    }
    handledTarget.current = targetMessageId;
    if (!found) {
      toast.error(CHAT_MESSAGES.messageNotFound(targetMessageId));
      return;
    }
    stickToBottom.current = false;
    scrollToMessageLater(() => {
      document.getElementById(messageElementId(found.id))?.scrollIntoView({ block: 'center' });
      onTargetFound?.(found);
    });
  }, [ready, targetMessageId, messages, hasMore, loadOlder, onTargetFound]);

  const loadPrevious = useCallback(async () => {
    const el = container.current;
    const before = el ? el.scrollHeight - el.scrollTop : 0;
    stickToBottom.current = false;
    await loadOlder();
    // Keep the view where it was: the older messages appear above it.
    requestAnimationFrame(() => {
      if (el) el.scrollTop = el.scrollHeight - before;
    });
  }, [container, loadOlder]);

  return { onScroll, showLoadPrevious: nearTop && hasMore, loadPrevious };
}
