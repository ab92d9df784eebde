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
  /** Loads the page before the first message; answers how many messages it added. */
  loadOlder: () => Promise<number>;
  targetMessageId: string | null;
  onTargetFound?: (message: ChatUIMessage) => void;
  /** Brings a row into view (the list is virtualised: a row far away is not in the page). */
  scrollToIndex: (index: number, align: 'start' | 'center' | 'end') => void;
}) {
  const { container, messages, ready, hasMore, loadOlder, targetMessageId, onTargetFound } = options;
  const scrollToIndexRef = useRef(options.scrollToIndex);
  scrollToIndexRef.current = options.scrollToIndex;
  const [nearTop, setNearTop] = useState(false);
  const stickToBottom = useRef(true);
  const handledTarget = useRef<string | null>(null);
  /** The list's scrollTop at the last scroll event: a smaller one is the builder scrolling up. */
  const lastScrollTop = useRef(0);

  // Following stops only when the builder scrolls up, and starts again at the bottom: content that
  // grows below the view (a measured row, a footer, an action card) must not end the following.
  const onScroll = useCallback(() => {
    const el = container.current;
    if (!el) return;
    setNearTop(isNearTop(el.scrollTop));
    if (el.scrollHeight - el.scrollTop - el.clientHeight < 80) stickToBottom.current = true;
    else if (el.scrollTop < lastScrollTop.current) stickToBottom.current = false;
    lastScrollTop.current = el.scrollTop;
  }, [container]);

  // To the bottom when opened and while new text arrives (unless the builder scrolled up).
  // The newest message is a new object each time a streaming reply grows (and only then).
  const last = messages.at(-1);
  // A message the builder just sent: back to the bottom, wherever the list was scrolled.
  const sentId = last?.role === 'user' ? last.id : null;
  const seenSent = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the newest message's growth
  useEffect(() => {
    const el = container.current;
    if (!el || !ready || (targetMessageId && handledTarget.current !== targetMessageId)) return;
    if (sentId !== null && seenSent.current !== sentId) stickToBottom.current = true;
    seenSent.current = sentId;
    if (stickToBottom.current) el.scrollTop = el.scrollHeight;
    onScroll();
  }, [ready, messages.length, last]);

  // Rows are measured after they render (and grow while a reply streams), and the list itself
  // shrinks when content below it arrives late (the admin's usage card, the input's queued message):
  // stay at the bottom through both, unless the builder scrolled up.
  useEffect(() => {
    const el = container.current;
    const content = el?.querySelector('[data-testid="message-rows"]');
    if (!el || !content || !ready) return;
    const observer = new ResizeObserver(() => {
      if (stickToBottom.current && (!targetMessageId || handledTarget.current === targetMessageId)) {
        el.scrollTop = el.scrollHeight;
      }
    });
    observer.observe(content);
    observer.observe(el);
    return () => observer.disconnect();
  }, [container, ready, targetMessageId]);

  /** The first message id an older page was asked for (a page per first message). */
  const requestedBefore = useRef<string | null>(null);
  useEffect(() => {
    if (!ready || !targetMessageId || handledTarget.current === targetMessageId) return;
    const found = messages.find((m) => m.id === targetMessageId);
    const first = messages[0]?.id ?? null;
    // An older page asked for and not in the list yet: the chat's messages are throttled, so the
    // history's "no more" can arrive a render before the page's messages do.
    if (!found && first !== null && requestedBefore.current === first) return;
    if (!found && hasMore) {
      // Older pages until the message is found; this effect runs again with them.
      requestedBefore.current = first;
      const notFound = () => {
        handledTarget.current = targetMessageId;
        toast.error(CHAT_MESSAGES.messageNotFound(targetMessageId));
      };
      // An empty older page changes nothing to run this effect again: it ends the search here.
      loadOlder()
        .then((added) => {
          if (added === 0) notFound();
        })
        .catch(notFound);
      return;
    }
    handledTarget.current = targetMessageId;
    if (!found) {
      toast.error(CHAT_MESSAGES.messageNotFound(targetMessageId));
      return;
    }
    stickToBottom.current = false;
    scrollToMessageLater(() => {
      scrollToIndexRef.current(messages.indexOf(found), 'center');
      onTargetFound?.(found);
    });
  }, [ready, targetMessageId, messages, hasMore, loadOlder, onTargetFound]);

  /** The message at the top before older ones were loaded above it: it stays at the top. */
  const anchor = useRef<string | null>(null);
  const loadPrevious = useCallback(async () => {
    stickToBottom.current = false;
    anchor.current = messages[0]?.id ?? null;
    await loadOlder();
  }, [messages, loadOlder]);
  useEffect(() => {
    if (!anchor.current) return;
    const index = messages.findIndex((m) => m.id === anchor.current);
    if (index <= 0) return;
    anchor.current = null;
    scrollToIndexRef.current(index, 'start');
  }, [messages]);

  return { onScroll, showLoadPrevious: nearTop && hasMore, loadPrevious };
}
