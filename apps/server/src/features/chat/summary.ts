import type { AppModelSettings } from '@atelier/shared';
import type { Llm } from '../../platform/llm/index.ts';
import { estimateTokenCount } from '../../platform/llm/tokens.ts';
import type { Logger } from '../../platform/logger.ts';
import type { ChatMessageRow, ChatRepo } from './chat.repo.ts';
import { fitSummary, summaryLines } from './context-budget.ts';
import { historyForModel } from './model-messages.ts';

/**
 * The chat's summary of the messages older than those a reply sends in full (issue 21 §6), stored
 * per chat (`chat_summaries`) and refreshed as the conversation grows. With a provider the model
 * writes it: once `SUMMARY_REFRESH_MESSAGES` messages have left the window since the stored summary,
 * one short call (purpose `chat_summary`, accounted like any call, on the reply's message) rewrites
 * it with them; until then their lines are added as they are. The call is bounded (tokens and
 * `SUMMARY_TIMEOUT_MS`): when it fails, times out or answers nothing, the extractive summary (one
 * line per message) is used, as it is with the offline assistant.
 */

/** Messages summarised per refresh at most (older ones stay out of the summary). */
const SUMMARY_REFRESH_ROWS = 500;
/** Messages that must have left the window before the model rewrites the summary. */
export const SUMMARY_REFRESH_MESSAGES = 10;
/** The summarisation call's longest answer, in tokens. */
export const SUMMARY_MODEL_TOKENS = 800;
/** How long a reply waits for the summarisation call before it falls back to the extractive summary. */
export const SUMMARY_TIMEOUT_MS = 10_000;
/** Messages one summarisation call reads at most (a long backlog is caught up over several replies). */
export const SUMMARY_BATCH_MESSAGES = 40;
/** Characters of each message the summarisation call reads. */
const SUMMARY_INPUT_CHARS = 1_000;

export const SUMMARY_SYSTEM_PROMPT = `You keep the summary of a conversation between a builder and the assistant that builds their app.
Rewrite the summary so that it also covers the new messages: what the builder asked for, what was built or changed (pages, components, entities, functions), decisions and preferences, and what is still open or broken.
Answer with the summary only: short bullet points starting with "- ", oldest first, at most 300 words. Never include code.`;

export interface SummaryCall {
  appId: string;
  userId: string;
  /** The reply the summary is made for: its usage row carries the call. */
  messageId: string;
  appSettings: AppModelSettings | null;
  /** The reply's signal (Stop). */
  signal?: AbortSignal | undefined;
}

const short = (text: string) =>
  text.length > SUMMARY_INPUT_CHARS ? `${text.slice(0, SUMMARY_INPUT_CHARS)}…` : text;

/** The new messages as the summarisation call reads them. */
function transcript(rows: readonly ChatMessageRow[]): string {
  return historyForModel(rows)
    .map((message) => {
      const text =
        typeof message.content === 'string'
          ? message.content
          : message.content.map((part) => (part.type === 'text' ? part.text : '')).join(' ');
      return `${message.role === 'user' ? 'Builder' : 'Assistant'}: ${short(text.trim())}`;
    })
    .join('\n\n');
}

/** The model's summary of `previous` and `rows`, or null when it fails, times out or answers nothing. */
async function modelSummary(
  deps: { llm: Llm; logger: Logger },
  call: SummaryCall,
  previous: string,
  rows: readonly ChatMessageRow[],
): Promise<string | null> {
  const timeout = AbortSignal.timeout(SUMMARY_TIMEOUT_MS);
  try {
    const answer = await deps.llm.generateText({
      purpose: 'chat_summary',
      appId: call.appId,
      userId: call.userId,
      messageId: call.messageId,
      appSettings: call.appSettings,
      temperature: 0,
      maxOutputTokens: SUMMARY_MODEL_TOKENS,
      abortSignal: call.signal ? AbortSignal.any([call.signal, timeout]) : timeout,
      system: SUMMARY_SYSTEM_PROMPT,
      prompt: `Summary so far:\n${previous || '(none yet)'}\n\nNew messages:\n\n${transcript(rows)}`,
    });
    const text = answer.text.trim();
    return text ? fitSummary(text.split('\n'), estimateTokenCount) : null;
  } catch (error) {
    deps.logger.warn(
      { err: error, appId: call.appId, timedOut: timeout.aborted },
      'chat: the summary call failed; the extractive summary is used',
    );
    return null;
  }
}

/** The summary to send with a reply whose first message in full is `firstSeq` (stored when refreshed). */
export async function chatSummary(
  deps: { repo: ChatRepo; llm: Llm; logger: Logger },
  call: SummaryCall,
  firstSeq: number | undefined,
): Promise<string> {
  if (firstSeq === undefined) return '';
  const stored = await deps.repo.summary(call.appId);
  const through = stored?.throughSeq ?? 0;
  const previous = stored?.summary ?? '';
  if (firstSeq - 1 <= through) return previous;
  const rows = await deps.repo.between(call.appId, through, firstSeq, SUMMARY_REFRESH_ROWS);
  if (rows.length === 0) return previous;
  const withLines = (summary: string, more: readonly ChatMessageRow[]) =>
    fitSummary(
      [...(summary ? summary.split('\n') : []), ...summaryLines(historyForModel(more))],
      estimateTokenCount,
    );
  const { offline } = await deps.llm.resolveModel(call.appSettings);
  if (offline) {
    const summary = withLines(previous, rows);
    await deps.repo.saveSummary(call.appId, rows.at(-1)!.seq, summary);
    return summary;
  }
  // A few new messages: their lines until enough have left the window for the model to rewrite it.
  if (rows.length < SUMMARY_REFRESH_MESSAGES) return withLines(previous, rows);
  const batch = rows.slice(0, SUMMARY_BATCH_MESSAGES);
  const summary = (await modelSummary(deps, call, previous, batch)) ?? withLines(previous, batch);
  await deps.repo.saveSummary(call.appId, batch.at(-1)!.seq, summary);
  const rest = rows.slice(batch.length);
  return rest.length > 0 ? withLines(summary, rest) : summary;
}
