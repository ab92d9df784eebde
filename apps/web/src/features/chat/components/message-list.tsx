import { type ActionResult, CHAT_MESSAGES } from '@atelier/shared';
import { Loader2, MessageSquare } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import type { AppChat } from '../hooks/use-app-chat.ts';
import { messageElementId, useChatScroll } from '../hooks/use-chat-scroll.ts';
import { canRetry } from '../message-logic.ts';
import { type ChatUIMessage, hasVisibleContent, isFailed } from '../types.ts';
import { AssistantMessage } from './assistant-message.tsx';
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
  > {
  appId: string;
  chat: AppChat;
  targetMessageId: string | null;
  onTargetFound?: (message: ChatUIMessage) => void;
  onRevert: (message: ChatUIMessage) => void;
  onContinue: () => void;
  onEnterSecrets: (secrets: NonNullable<ActionResult['secrets']>) => void;
}

/** The conversation (spec 3 §2 "Chat message list"). */
export function MessageList(props: MessageListProps) {
  const { chat, targetMessageId, onTargetFound } = props;
  const container = useRef<HTMLDivElement | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const { onScroll, showLoadPrevious, loadPrevious } = useChatScroll({
    container,
    messages: chat.messages,
    ready: chat.historyState === 'ready',
    hasMore: chat.hasMore,
    loadOlder: chat.loadOlder,
    targetMessageId,
    onTargetFound,
  });
  const messages = chat.messages;
  const last = messages.at(-1);
  const lastUserIndex = messages.findLastIndex((m) => m.role === 'user');
  const sendFailed = chat.status === 'error' && last?.role === 'user';
  // The stream broke on the client after the reply began (the server still stores the reply).
  const streamBroken = chat.status === 'error' && last?.role === 'assistant' && !isFailed(last);
  // From send until the provider's first token or reasoning reaches us (issue 21 §1).
  const thinking = chat.busy && (last?.role === 'user' || (last !== undefined && !hasVisibleContent(last)));

  if (chat.historyState === 'loading') {
    return (
      <div className="flex flex-1 flex-col gap-3 p-4">
        <Skeleton className="h-12 w-3/4 self-end" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  return (
    <div
      ref={container}
      onScroll={onScroll}
      className="relative min-h-0 flex-1 overflow-y-auto px-3 py-3"
      aria-live="polite"
    >
      {showLoadPrevious ? (
        <div className="sticky top-0 z-10 flex justify-center pb-2">
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
        <div className="flex h-full flex-col items-center justify-center gap-2 px-6 text-center">
          <MessageSquare aria-hidden="true" className="size-8 text-muted-foreground" />
          <h2 className="font-semibold text-base">{CHAT_MESSAGES.emptyTitle}</h2>
          <p className="text-muted-foreground">{CHAT_MESSAGES.emptyHint}</p>
        </div>
      ) : null}
      <ol className="flex flex-col gap-4">
        {(thinking && last?.role === 'assistant' ? messages.slice(0, -1) : messages).map((message, index) => (
          <li key={message.id} id={messageElementId(message.id)} className="scroll-mt-12">
            {message.role === 'user' ? (
              <UserMessage
                message={message}
                failed={sendFailed && index === messages.length - 1}
                canRetry={
                  index === lastUserIndex &&
                  !chat.busy &&
                  ((sendFailed && index === messages.length - 1) ||
                    (index < messages.length - 1 && canRetry(messages, index)))
                }
                busy={chat.busy}
                onRetry={(m) => void chat.retry(m)}
                onRevert={props.onRevert}
              />
            ) : (
              <AssistantMessage
                {...props}
                message={message}
                streaming={chat.busy && index === messages.length - 1}
                isLast={index === messages.length - 1}
                busy={chat.busy}
              />
            )}
          </li>
        ))}
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
