import { DefaultChatTransport } from 'ai';
import { ApiError } from '../../lib/api-client.ts';
import { GENERIC_ERROR_MESSAGE } from '../../lib/constants.ts';
import { attachmentsOf, type ChatUIMessage, textOf } from './types.ts';

/** Turns an error answer into an ApiError with the server's (spec) message. */
async function chatFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, { ...init, credentials: 'include' });
  if (response.ok) return response;
  let message = GENERIC_ERROR_MESSAGE;
  let code = `http_${response.status}`;
  try {
    const body = (await response.json()) as { error?: { code?: string; message?: string } };
    message = body.error?.message || message;
    code = body.error?.code || code;
  } catch {
    // not JSON: keep the generic text
  }
  throw new ApiError({ code, message, status: response.status });
}

/**
 * The chat's transport: `POST /api/apps/{appId}/chat {text, attachments, userMessageId, …}` with only
 * the new message (the server keeps the conversation), answered by the UI-message stream. Resuming
 * (a reload while a reply runs) reads `GET /api/apps/{appId}/chat/stream` (204: nothing runs).
 */
export function createChatTransport(appId: string) {
  return new DefaultChatTransport<ChatUIMessage>({
    api: `/api/apps/${encodeURIComponent(appId)}/chat`,
    fetch: chatFetch,
    prepareReconnectToStreamRequest: () => ({
      api: `/api/apps/${encodeURIComponent(appId)}/chat/stream`,
    }),
    prepareSendMessagesRequest: ({ messages, body }) => {
      const last = messages.at(-1);
      if (!last) throw new Error('Nothing to send');
      return {
        body: { text: textOf(last), attachments: attachmentsOf(last), userMessageId: last.id, ...body },
      };
    },
  });
}
