import type { ModelInfo } from '@atelier/shared';
import type { ModelMessage } from 'ai';
import { outputTokenLimit } from '../../platform/llm/catalogue.ts';
import type { TokenCount } from '../../platform/llm/tokens.ts';

/**
 * The prompt of a reply within the model's window (issue 21 §6): the budget is the catalogue's
 * context size minus the reply's room (its `max_tokens`) and a margin for the messages' framing;
 * the conversation takes at most a quarter of it (the oldest messages beyond that are summarised),
 * and the app's files take what is left, by relevance (`selectContext`).
 */

/** Tokens kept free for the framing of messages and tool text. */
export const CONTEXT_MARGIN_TOKENS = 1_000;
/** Share of the budget the conversation may take before its oldest messages are summarised. */
export const HISTORY_SHARE = 0.25;
/** The longest summary of earlier messages, in tokens. */
export const SUMMARY_MAX_TOKENS = 2_000;
/** Characters of a message kept in its summary line. */
const SUMMARY_LINE_CHARS = 280;

/** The tokens a prompt may take for this model, or null when its context size is unknown. */
export function promptBudget(info: Pick<ModelInfo, 'contextWindow' | 'maxOutputTokens'>): number | null {
  if (!info.contextWindow) return null;
  return Math.max(0, info.contextWindow - outputTokenLimit(info) - CONTEXT_MARGIN_TOKENS);
}

const textOf = (message: ModelMessage): string =>
  typeof message.content === 'string'
    ? message.content
    : message.content.map((part) => (part.type === 'text' ? part.text : `(${part.type})`)).join(' ');

/**
 * The newest messages that fit `room` tokens (never splitting a message), and the older ones that
 * do not (to be summarised). The conversation keeps its order.
 */
export function fitHistory(
  history: readonly ModelMessage[],
  room: number,
  count: TokenCount,
): { kept: ModelMessage[]; dropped: ModelMessage[]; tokens: number } {
  let tokens = 0;
  let start = history.length;
  while (start > 0) {
    const next = count(textOf(history[start - 1]!));
    if (tokens + next > room) break;
    tokens += next;
    start -= 1;
  }
  // A conversation sent to the model starts with a user message.
  while (start < history.length && history[start]!.role !== 'user') {
    tokens -= count(textOf(history[start]!));
    start += 1;
  }
  return { kept: history.slice(start), dropped: history.slice(0, start), tokens };
}

/** One line per message: who said it and its first words. */
export function summaryLines(messages: readonly ModelMessage[]): string[] {
  return messages.flatMap((message) => {
    const text = textOf(message).replace(/\s+/g, ' ').trim();
    if (!text) return [];
    const short = text.length > SUMMARY_LINE_CHARS ? `${text.slice(0, SUMMARY_LINE_CHARS)}…` : text;
    return [`- ${message.role === 'user' ? 'Builder' : 'Assistant'}: ${short}`];
  });
}

/** The summary's newest lines within `maxTokens` (older lines give way, marked once). */
export function fitSummary(
  lines: readonly string[],
  count: TokenCount,
  maxTokens = SUMMARY_MAX_TOKENS,
): string {
  const kept: string[] = [];
  let tokens = 0;
  for (let index = lines.length - 1; index >= 0; index--) {
    const next = count(lines[index]!) + 1;
    if (tokens + next > maxTokens) {
      kept.unshift('- (earlier messages left out)');
      break;
    }
    tokens += next;
    kept.unshift(lines[index]!);
  }
  return kept.join('\n');
}

export interface PromptPlan {
  /** The conversation to send, ending with the user's message. */
  messages: ModelMessage[];
  /** The summary of what came before `messages` (stored and of this request), or ''. */
  summary: string;
  /** Tokens the app's files may take. */
  fileLimit: number;
}

/**
 * Splits the budget: the fixed part (system prompt without files, the user's message, passages),
 * the conversation (at most `HISTORY_SHARE`, the rest summarised), the files (what is left).
 */
export function planPrompt(input: {
  budget: number | null;
  count: TokenCount;
  /** Tokens of the system prompt without files, plus passages. */
  fixedTokens: number;
  /** The conversation, ending with the user's new message. */
  messages: readonly ModelMessage[];
  /** The chat's stored summary of messages older than `messages`. */
  storedSummary: string;
  /** Used without a known budget. */
  defaultFileLimit: number;
}): PromptPlan {
  const { budget, count } = input;
  const user = input.messages.at(-1)!;
  const history = input.messages.slice(0, -1);
  if (budget === null) {
    return { messages: [...input.messages], summary: input.storedSummary, fileLimit: input.defaultFileLimit };
  }
  const { kept, dropped, tokens } = fitHistory(history, Math.floor(budget * HISTORY_SHARE), count);
  const lines = [...(input.storedSummary ? input.storedSummary.split('\n') : []), ...summaryLines(dropped)];
  const summary = lines.length > 0 ? fitSummary(lines, count) : '';
  const used = input.fixedTokens + count(textOf(user)) + tokens + (summary ? count(summary) : 0);
  return { messages: [...kept, user], summary, fileLimit: Math.max(0, budget - used) };
}
