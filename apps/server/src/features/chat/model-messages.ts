import {
  ACTION_RESULTS_PART,
  type ActionResult,
  BUILD_CHECK_PART,
  type BuildCheckData,
  type ChatAttachment,
  parseActionReply,
} from '@atelier/shared';
import type { FilePart, ImagePart, ModelMessage, TextPart } from 'ai';
import { issueLines } from './build-check.ts';
import type { ChatMessageRow } from './chat.repo.ts';

/** How many earlier messages go to the model with a new one. */
export const HISTORY_FOR_MODEL = 20;

/** Largest text attachment put into the prompt as text. */
const MAX_TEXT_ATTACHMENT_CHARS = 50_000;

/** What happened to an action, as the model reads it (issue 21 §5: failures are not successes). */
function outcomeOf(result: ActionResult | undefined): string {
  if (!result) return '';
  if (result.outcome === 'applied') return result.message ? ` — applied: ${result.message}` : ' — applied';
  const details = (result.details ?? []).filter((d) => d !== result.message).slice(0, 3);
  const reason = [result.message ?? '', ...details].filter(Boolean).join('; ');
  return ` — ${result.outcome === 'failed' ? 'FAILED' : 'NOT APPLIED'}${reason ? `: ${reason}` : ''}`;
}

/** What the build check left broken, for the model. */
function checkNote(check: BuildCheckData | undefined): string {
  if (check?.status === 'failed') {
    return `\n\n(After this reply the app still did not build:\n${issueLines(check.issues)})`;
  }
  if (check?.status === 'skipped') return '\n\n(The build of this reply could not be checked.)';
  return '';
}

/**
 * A reply's text for the model: its prose, with each action shortened to one line (the files are in
 * the prompt) saying what happened to it — applied, failed with the reason, not applied (truncated,
 * stopped…) — and what the build check left broken.
 */
export function replyForModel(
  content: string,
  results: readonly ActionResult[] = [],
  check?: BuildCheckData,
): string {
  const byIndex = new Map(results.map((result) => [result.index, result]));
  const text = parseActionReply(content)
    .segments.map((segment) => {
      if (segment.kind === 'text') return segment.text;
      const { action } = segment;
      const target = action.path ?? action.entity ?? '';
      return `[${action.type}${target ? ` ${target}` : ''}: ${action.title}${outcomeOf(byIndex.get(action.index))}]`;
    })
    .join('')
    .trim();
  return text ? `${text}${checkNote(check)}` : '';
}

/** The data of a stored message's part `data-{name}`, if any. */
function partData<T>(row: ChatMessageRow, name: string): T | undefined {
  const part = row.parts.find((p) => p.type === `data-${name}`) as { data?: T } | undefined;
  return part?.data;
}

/** The files the replies among `rows` changed, most recent first. */
export function recentPaths(rows: readonly ChatMessageRow[]): string[] {
  const paths: string[] = [];
  for (const row of [...rows].reverse()) {
    if (row.role !== 'assistant') continue;
    for (const result of partData<{ results: ActionResult[] }>(row, ACTION_RESULTS_PART)?.results ?? []) {
      if (result.outcome === 'applied' && result.path && !paths.includes(result.path))
        paths.push(result.path);
    }
  }
  return paths;
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
      const text = replyForModel(
        row.content,
        partData<{ results: ActionResult[] }>(row, ACTION_RESULTS_PART)?.results,
        partData<BuildCheckData>(row, BUILD_CHECK_PART),
      );
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
