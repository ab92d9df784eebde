import { type ActionResult, CHAT_MESSAGES } from '@atelier/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Loader2 } from 'lucide-react';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import type { AppChat } from '../hooks/use-app-chat.ts';
import { messageElementId, useChatScroll } from '../hooks/use-chat-scroll.ts';
import { type RowState, rowState } from '../message-logic.ts';
import { type ChatUIMessage, hasVisibleContent, isFailed } from '../types.ts';
import { AssistantMessage } from './assistant-message.tsx';
import { EmptyChat } from './empty-chat.tsx';
import type { ReplyFooterProps } from './reply-footer.tsx';
import { UserMessage } from './user-message.tsx';

export interface MessageListProps
  extends Pick<
    ReplyFooterProps,
    | 'isAdmin'
    | 'currentVersionId'
    | 'previewVersionId'
    | 'desktop'
    | 'onPreview'
    | 'onRate'
    | 'onContext'
    | 'onValidate'
    | 'readOnly'
  > {
  appId: string;
  chat: AppChat;
  targetMessageId: string | null;
  onTargetFound?: (message: ChatUIMessage) => void;
  onRevert: (message: ChatUIMessage) => void;
  onContinue: () => void;
  onEnterSecrets: (secrets: NonNullable<ActionResult['secrets']>) => void;
}

/** A row's first guess of its height before it is measured (px). */
const ESTIMATED_ROW_PX = 160;
/** Rows rendered beyond the visible ones, above and below (keeps scrolling and find-in-page near the view smooth). */
const OVERSCAN_ROWS = 8;

type RowHandlers = Pick<
  MessageListProps,
  'onPreview' | 'onRate' | 'onContext' | 'onValidate' | 'onRevert' | 'onContinue' | 'onEnterSecrets'
> & { onRetry: (message: ChatUIMessage) => void };

interface MessageRowProps
  extends Pick<
      MessageListProps,
      'appId' | 'isAdmin' | 'currentVersionId' | 'previewVersionId' | 'desktop' | 'readOnly'
    >,
    RowState {
  message: ChatUIMessage;
  handlers: RowHandlers;
}

/**
 * One message of the list, memoised (issue 21 §9): while a reply streams, only its own row renders
 * again — the earlier ones get the same message object and the same (stable) handlers.
 */
const MessageRow = memo(function MessageRow({
  message,
  handlers,
  failed,
  canRetry,
  ...rest
}: MessageRowProps) {
  if (message.role === 'user') {
    return (
      <UserMessage
        message={message}
        failed={failed}
        canRetry={canRetry}
        busy={rest.busy}
        readOnly={rest.readOnly}
        onRetry={handlers.onRetry}
        onRevert={handlers.onRevert}
      />
    );
  }
  return <AssistantMessage {...rest} {...handlers} message={message} />;
});

/** Callbacks that keep their identity across renders and call the newest props (so rows stay memoised). */
function useStableHandlers(props: MessageListProps): RowHandlers {
  const latest = useRef(props);
  latest.current = props;
  const hasValidate = props.onValidate !== undefined;
  return useMemo(
    () => ({
      onPreview: (versionId) => latest.current.onPreview(versionId),
      onRate: (message) => latest.current.onRate(message),
      onContext: (message) => latest.current.onContext(message),
      onValidate: hasValidate ? (message) => latest.current.onValidate?.(message) : undefined,
      onRevert: (message) => latest.current.onRevert(message),
      onContinue: () => latest.current.onContinue(),
      onEnterSecrets: (secrets) => latest.current.onEnterSecrets(secrets),
      onRetry: (message) => void latest.current.chat.retry(message),
    }),
    [hasValidate],
  );
}

/**
 * The conversation (spec 3 §2 "Chat message list"), virtualised (TanStack Virtual, issue 21 §9):
 * only the rows near the view are in the page, each measured as it renders, so a long
 * conversation costs what a short one does while a reply streams.
 */
export function MessageList(props: MessageListProps) {
  const { chat, targetMessageId, onTargetFound } = props;
  const container = useRef<HTMLDivElement | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const handlers = useStableHandlers(props);
  const messages = chat.messages;
  const last = messages.at(-1);
  const lastUserIndex = messages.findLastIndex((m) => m.role === 'user');
  const sendFailed = chat.status === 'error' && last?.role === 'user';
  // The stream broke on the client after the reply began (the server still stores the reply).
  const streamBroken = chat.status === 'error' && last?.role === 'assistant' && !isFailed(last);
  // From send until the provider's first token or reasoning reaches us (issue 21 §1).
  const thinking = chat.busy && (last?.role === 'user' || (last !== undefined && !hasVisibleContent(last)));
  const rows = thinking && last?.role === 'assistant' ? messages.slice(0, -1) : messages;
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const rowIds = rows.map((m) => m.id).join(' ');

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => container.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    // New only when the rows themselves change, not on each chunk of a streaming reply (a new
    // function makes the virtualizer recompute every row's offset).
    // biome-ignore lint/correctness/useExhaustiveDependencies: the ids decide the keys
    getItemKey: useCallback((index: number) => rowsRef.current[index]?.id ?? index, [rowIds]),
    overscan: OVERSCAN_ROWS,
    gap: 16,
  });
  const { onScroll, showLoadPrevious, loadPrevious } = useChatScroll({
    container,
    messages: chat.messages,
    ready: chat.historyState === 'ready',
    hasMore: chat.hasMore,
    loadOlder: chat.loadOlder,
    targetMessageId,
    onTargetFound,
    scrollToIndex: (index, align) => virtualizer.scrollToIndex(index, { align }),
  });

  if (chat.historyState === 'loading') {
    return (
      <div className="flex flex-1 flex-col gap-3 p-4">
        <Skeleton className="h-12 w-3/4 self-end" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  const items = virtualizer.getVirtualItems();
  return (
    <div
      ref={container}
      onScroll={onScroll}
      className="relative min-h-0 flex-1 overflow-y-auto px-3 py-3"
      aria-live="polite"
    >
      {showLoadPrevious ? (
        // No height of its own: the rows below keep their offsets (the list is virtualised).
        <div className="sticky top-0 z-10 flex h-0 justify-center overflow-visible">
          <Button
            size="sm"
            variant="outline"
            className="shadow-sm"
            disabled={loadingOlder}
            onClick={() => {
              setLoadingOlder(true);
              void loadPrevious().finally(() => setLoadingOlder(false));
            }}
          >
            {loadingOlder ? <Loader2 aria-hidden="true" className="motion-safe:animate-spin" /> : null}
            {CHAT_MESSAGES.loadPrevious}
          </Button>
        </div>
      ) : null}
      {chat.pagedBack && !chat.hasMore ? (
        <p className="py-2 text-center text-muted-foreground text-xs">{CHAT_MESSAGES.startOfConversation}</p>
      ) : null}
      {messages.length === 0 ? (
        props.readOnly ? (
          <p className="py-8 text-center text-muted-foreground">{CHAT_MESSAGES.readOnlyEmpty}</p>
        ) : (
          <EmptyChat busy={chat.busy} onSend={(text) => void chat.send(text)} />
        )
      ) : null}
      <ol
        className="relative w-full"
        style={{ height: virtualizer.getTotalSize() }}
        data-testid="message-rows"
      >
        {items.map((item) => {
          const index = item.index;
          const message = rows[index] as ChatUIMessage;
          return (
            <li
              key={item.key}
              data-index={index}
              ref={virtualizer.measureElement}
              id={messageElementId(message.id)}
              className="absolute top-0 left-0 w-full scroll-mt-12"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <MessageRow
                appId={props.appId}
                isAdmin={props.isAdmin}
                currentVersionId={props.currentVersionId}
                previewVersionId={props.previewVersionId}
                desktop={props.desktop}
                readOnly={props.readOnly}
                message={message}
                handlers={handlers}
                {...rowState(messages, index, { busy: chat.busy, sendFailed, lastUserIndex })}
              />
            </li>
          );
        })}
      </ol>
      {thinking ? (
        <p className="mt-4 flex items-center gap-2 text-muted-foreground" role="status">
          <Loader2 aria-hidden="true" className="size-4 motion-safe:animate-spin" />
          {CHAT_MESSAGES.thinking}
        </p>
      ) : null}
      {streamBroken ? (
        <p role="alert" className="mt-2 text-destructive text-sm">
          {CHAT_MESSAGES.failedReply}
        </p>
      ) : null}
      {sendFailed && chat.error ? (
        <p role="alert" className="mt-2 text-destructive text-sm">
          {chat.error.message}
        </p>
      ) : null}
    </div>
  );
}
