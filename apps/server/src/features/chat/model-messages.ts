import { type ChatAttachment, parseActionReply } from '@atelier/shared';
import type { FilePart, ImagePart, ModelMessage, TextPart } from 'ai';
import type { ChatMessageRow } from './chat.repo.ts';

/** How many earlier messages go to the model with a new one. */
export const HISTORY_FOR_MODEL = 20;

/** Largest text attachment put into the prompt as text. */
const MAX_TEXT_ATTACHMENT_CHARS = 50_000;

/** A reply's text for the model: its prose, with each action shortened to one line (the files are in the prompt). */
export function replyForModel(content: string): string {
  return parseActionReply(content)
    .segments.map((segment) => {
      if (segment.kind === 'text') return segment.text;
      const { action } = segment;
      const target = action.path ?? action.entity ?? '';
      return `[${action.type}${target ? ` ${target}` : ''}: ${action.title}]`;
    })
    .join('')
    .trim();
}

/** Earlier messages as model messages (failed replies and empty texts left out). */
export function historyForModel(rows: readonly ChatMessageRow[]): ModelMessage[] {
  const messages: ModelMessage[] = [];
  for (const row of rows) {
    if (row.status === 'failed') continue;
    if (row.role === 'user') {
      const names = row.attachments.map((a) => a.name);
      const text = names.length > 0 ? `${row.content}\n\n(Attached: ${names.join(', ')})` : row.content;
      if (text.trim()) messages.push({ role: 'user', content: text });
    } else {
      const text = replyForModel(row.content);
      if (text) messages.push({ role: 'assistant', content: text });
    }
  }
  return messages;
}

export interface LoadedAttachment extends ChatAttachment {
  data: Buffer;
}

const isTextType = (type: string) =>
  type.startsWith('text/') || ['application/json', 'application/xml', 'text/csv'].includes(type);

/** The user's new message with its attachments: images and PDFs as files, text files inline. */
export function userMessageForModel(text: string, attachments: readonly LoadedAttachment[]): ModelMessage {
  if (attachments.length === 0) return { role: 'user', content: text };
  const parts: (TextPart | ImagePart | FilePart)[] = [];
  const notes: string[] = [];
  for (const attachment of attachments) {
    if (attachment.contentType.startsWith('image/')) {
      parts.push({ type: 'image', image: attachment.data, mediaType: attachment.contentType });
    } else if (attachment.contentType === 'application/pdf') {
      parts.push({
        type: 'file',
        data: attachment.data,
        mediaType: attachment.contentType,
        filename: attachment.name,
      });
    } else if (isTextType(attachment.contentType)) {
      const body = attachment.data.toString('utf8').slice(0, MAX_TEXT_ATTACHMENT_CHARS);
      notes.push(`Attached file ${attachment.name}:\n\`\`\`\n${body}\n\`\`\``);
    } else {
      notes.push(`(Attached file ${attachment.name}, ${attachment.contentType})`);
    }
  }
  const fullText = [text, ...notes].filter(Boolean).join('\n\n');
  return { role: 'user', content: [{ type: 'text', text: fullText }, ...parts] };
}
