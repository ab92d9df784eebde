import { useChat } from '@ai-sdk/react';
import {
  CHAT_MESSAGES,
  type ChatAttachment,
  type ChatMessage,
  type ChatRating,
  type ChatUIDataTypes,
  type SystemActionType,
} from '@atelier/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '../../../components/ui/toaster.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { queryKeys as appKeys } from '../../apps/api.ts';
import { errorMessage } from '../../auth/error-message.ts';
import { chatApi, chatKeys } from '../api.ts';
import { createChatTransport } from '../transport.ts';
import { attachmentsOf, type ChatUIMessage, isFailed, textOf, toUIMessage } from '../types.ts';

export interface SendOptions {
  attachments?: ChatAttachment[];
  discuss?: boolean;
  systemActionType?: SystemActionType;
}

/**
 * The builder chat of one app: history pages, sending through the AI SDK's `useChat`, retry,
 * continue, and replacing the conversation after a restore.
 */
export function useAppChat(appId: string) {
  const client = useQueryClient();
  const transport = useMemo(() => createChatTransport(appId), [appId]);
  // Throttled: a fast stream (many chunks in one network read) would otherwise update React more
  // often than it allows in one tick ("Maximum update depth exceeded").
  const finishListeners = useRef(new Set<(message: ChatUIMessage) => void>());
  const draftListeners = useRef(new Set<(versionId: string) => void>());
  const afterReplyRef = useRef<() => void>(() => undefined);
  /** The error of the send in progress (the AI SDK reports it here; sendMessage itself resolves). */
  const sendErrorRef = useRef<Error | null>(null);
  const chat = useChat<ChatUIMessage>({
    id: `app-chat-${appId}`,
    transport,
    experimental_throttle: 50,
    onError: (error) => {
      sendErrorRef.current = error;
    },
    // A file action closed: the server built a draft of the files so far (issue 21 §8).
    onData: (part) => {
      if (part.type !== 'data-draft') return;
      const { versionId } = part.data as ChatUIDataTypes['draft'];
      for (const listener of draftListeners.current) listener(versionId);
    },
    onFinish: ({ message }) => {
      // A sent reply and a resumed one (reload, second tab) end the same way.
      if (message.role === 'assistant') afterReplyRef.current();
      for (const listener of finishListeners.current) listener(message);
    },
  });
  const { setMessages, resumeStream } = chat;
  const [historyState, setHistoryState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [hasMore, setHasMore] = useState(false);
  /** The conversation held more than one page when opened (spec 3 §2 "start of the conversation"). */
  const [pagedBack, setPagedBack] = useState(false);
  const messagesRef = useRef(chat.messages);
  messagesRef.current = chat.messages;

  useEffect(() => {
    const controller = new AbortController();
    setHistoryState('loading');
    chatApi
      .history(appId, undefined, controller.signal)
      .then((page) => {
        setMessages(page.messages.map(toUIMessage));
        setHasMore(page.hasMore);
        setPagedBack(false);
        setHistoryState('ready');
        // A reply is being written (sent before a reload, or from another tab): follow it live.
        if (page.running) void resumeStream();
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setHistoryState('error');
        // Signed out: the page sends the visitor to the login page.
        if (!(error instanceof ApiError && error.status === 401)) toast.error(errorMessage(error));
      });
    return () => controller.abort();
  }, [appId, setMessages, resumeStream]);

  /** Loads the page before the first message; answers how many messages it added. */
  const loadOlder = useCallback(async (): Promise<number> => {
    const first = messagesRef.current[0];
    if (!first) return 0;
    const page = await chatApi.history(appId, first.id);
    setMessages((current) => [...page.messages.map(toUIMessage), ...current]);
    setHasMore(page.hasMore);
    setPagedBack(true);
    return page.messages.length;
  }, [appId, setMessages]);

  const afterReply = useCallback(() => {
    void client.invalidateQueries({ queryKey: appKeys.app(appId) });
    void client.invalidateQueries({ queryKey: chatKeys.versions(appId) });
    void client.invalidateQueries({ queryKey: chatKeys.usage(appId) });
    // The reply's version belongs to the user's message too (Revert is offered there).
    setMessages((current) => {
      const reply = current.at(-1);
      const userId = reply?.metadata?.userMessageId;
      if (reply?.role !== 'assistant' || !userId) return current;
      return current.map((m) =>
        m.id === userId
          ? {
              ...m,
              metadata: {
                ...m.metadata,
                versionId: reply.metadata?.versionId ?? null,
                replyMessageId: reply.id,
              },
            }
          : m,
      );
    });
  }, [appId, client, setMessages]);
  afterReplyRef.current = afterReply;

  const send = useCallback(
    async (text: string, options: SendOptions = {}, extraBody: Record<string, unknown> = {}) => {
      const files = (options.attachments ?? []).map((a) => ({
        type: 'file' as const,
        mediaType: a.contentType,
        url: a.url,
        filename: a.name,
      }));
      const body = {
        ...(options.discuss ? { discuss: true } : {}),
        ...(options.systemActionType ? { systemActionType: options.systemActionType } : {}),
        ...extraBody,
      };
      const metadata = {
        createdAt: new Date().toISOString(),
        ...(options.discuss ? { discussModeMetadata: { isDiscussMode: true } } : {}),
        ...(options.attachments?.length ? { attachments: options.attachments } : {}),
      };
      sendErrorRef.current = null;
      await chat.sendMessage(files.length > 0 ? { text, files, metadata } : { text, metadata }, { body });
      // The request or the stream failed (refused, signed out, broken): the caller may say so.
      return sendErrorRef.current === null;
    },
    [chat.sendMessage],
  );

  /** Stop (issue 21 §2): the server aborts the model; the stream then ends with the kept actions. */
  const [stopping, setStopping] = useState(false);
  const stop = useCallback(async () => {
    setStopping(true);
    try {
      const { stopped } = await chatApi.stop(appId);
      // Nothing ran on the server (it had just ended): stop listening here too.
      if (!stopped) await chat.stop();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setStopping(false);
    }
  }, [appId, chat.stop]);

  /** Spec 3 §4 "Retry": only the last user message; it and a failed reply after it are sent again. */
  const retry = useCallback(
    async (message: ChatUIMessage) => {
      const all = messagesRef.current;
      const index = all.findIndex((m) => m.id === message.id);
      const rest = all.slice(index + 1);
      const isLast = index >= 0 && rest.every((m) => m.role === 'assistant' && isFailed(m));
      const lastUser = [...all].reverse().find((m) => m.role === 'user');
      if (!isLast || lastUser?.id !== message.id) {
        toast.error(CHAT_MESSAGES.retryLastOnly);
        return;
      }
      // A message refused before the server stored it is simply sent again.
      const neverStored = chat.status === 'error' && all.at(-1)?.id === message.id;
      chat.clearError();
      setMessages(all.slice(0, index));
      await send(
        textOf(message),
        {
          attachments: attachmentsOf(message),
          discuss: message.metadata?.discussModeMetadata?.isDiscussMode,
        },
        neverStored ? {} : { retry: true, messageId: message.id },
      );
    },
    [chat.clearError, chat.status, send, setMessages],
  );

  /** Puts the server's conversation in place (after a restore or undo restore). */
  const replaceMessages = useCallback(
    (messages: ChatMessage[], more: boolean) => {
      setMessages(messages.map(toUIMessage));
      setHasMore(more);
      setPagedBack(false);
      void client.invalidateQueries({ queryKey: appKeys.app(appId) });
      void client.invalidateQueries({ queryKey: chatKeys.versions(appId) });
    },
    [appId, client, setMessages],
  );

  const setRating = useCallback(
    (messageId: string, rating: ChatRating) =>
      setMessages((current) =>
        current.map((m) => (m.id === messageId ? { ...m, metadata: { ...m.metadata, rating } } : m)),
      ),
    [setMessages],
  );

  /** Calls `listener` with each reply once it has finished streaming; answers the unsubscribe. */
  const onReplyFinished = useCallback((listener: (message: ChatUIMessage) => void) => {
    finishListeners.current.add(listener);
    return () => {
      finishListeners.current.delete(listener);
    };
  }, []);

  /** Calls `listener` with each draft of the running reply's files (previewable by id); answers the unsubscribe. */
  const onDraft = useCallback((listener: (versionId: string) => void) => {
    draftListeners.current.add(listener);
    return () => {
      draftListeners.current.delete(listener);
    };
  }, []);

  const busy = chat.status === 'submitted' || chat.status === 'streaming';
  return {
    messages: chat.messages,
    status: chat.status,
    error: chat.error,
    busy,
    stop,
    stopping,
    historyState,
    hasMore,
    pagedBack,
    loadOlder,
    send,
    retry,
    replaceMessages,
    setRating,
    onReplyFinished,
    onDraft,
  };
}

export type AppChat = ReturnType<typeof useAppChat>;
