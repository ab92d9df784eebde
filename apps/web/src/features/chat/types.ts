import {
  ACTION_RESULTS_PART,
  type ActionResult,
  BUILD_CHECK_PART,
  type BuildCheckData,
  type ChatMessage,
  type ChatUIDataTypes,
  type ChatUIMetadata,
  fromSpecParts,
} from '@atelier/shared';
import type { UIMessage } from 'ai';

/** A chat message on the client: the AI SDK UI message with the spec's annotation as its metadata. */
export type ChatUIMessage = UIMessage<ChatUIMetadata, ChatUIDataTypes>;

/** A stored message (history, restore answers) as a UI message. */
export function toUIMessage(message: ChatMessage): ChatUIMessage {
  return {
    id: message.id,
    role: message.role,
    // The API answers the spec's part shapes; the chat state holds the AI SDK's UI parts.
    parts: fromSpecParts(message.parts) as ChatUIMessage['parts'],
    metadata: {
      ...(message.annotations[0] ?? {}),
      createdAt: message.createdAt,
      attachments: message.experimental_attachments,
    },
  };
}

/** The text of a message (its text parts joined). */
export function textOf(message: ChatUIMessage): string {
  return message.parts
    .filter((part): part is { type: 'text'; text: string } => part.type === 'text')
    .map((part) => part.text)
    .join('');
}

/** The action results the server reported for a reply. */
export function actionResultsOf(message: ChatUIMessage): ActionResult[] {
  const part = message.parts.find((p) => p.type === `data-${ACTION_RESULTS_PART}`) as
    | { data: ChatUIDataTypes[typeof ACTION_RESULTS_PART] }
    | undefined;
  return part?.data.results ?? [];
}

/** The build check of a reply that changed code (issue 21 §5), if it had one. */
export function buildCheckOf(message: ChatUIMessage): BuildCheckData | undefined {
  const part = message.parts.find((p) => p.type === `data-${BUILD_CHECK_PART}`) as
    | { data: BuildCheckData }
    | undefined;
  return part?.data;
}

/** The files attached to a user message. */
export function attachmentsOf(message: ChatUIMessage): { name: string; url: string; contentType: string }[] {
  if (message.metadata?.attachments?.length) return message.metadata.attachments;
  return message.parts.flatMap((part) =>
    part.type === 'file'
      ? [{ name: part.filename ?? 'file', url: part.url, contentType: part.mediaType }]
      : [],
  );
}

export const isFailed = (message: ChatUIMessage) => message.metadata?.status === 'failed';
export const isDiscuss = (message: ChatUIMessage) =>
  message.metadata?.discussModeMetadata?.isDiscussMode === true;

export const isStopped = (message: ChatUIMessage) => message.metadata?.stopped === true;

/** The reasoning the model streamed before its answer (its reasoning parts joined). */
export function reasoningOf(message: ChatUIMessage): string {
  return message.parts
    .filter((part): part is { type: 'reasoning'; text: string } => part.type === 'reasoning')
    .map((part) => part.text)
    .join('');
}

/**
 * The reply shows something: text, reasoning or an action result. Until then the list shows
 * "Thinking..." instead of an empty bubble (issue 21 §1).
 */
export function hasVisibleContent(message: ChatUIMessage): boolean {
  return (
    textOf(message).trim() !== '' ||
    reasoningOf(message).trim() !== '' ||
    actionResultsOf(message).length > 0 ||
    isFailed(message)
  );
}

/** The web pages a reply drew on (its source parts), for the links under it. */
export function sourcesOf(message: ChatUIMessage): { url: string; title: string }[] {
  return message.parts.flatMap((part) =>
    part.type === 'source-url' ? [{ url: part.url, title: part.title ?? part.url }] : [],
  );
}
