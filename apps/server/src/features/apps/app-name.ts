import { type AppTypeName, cleanSuggestedAppName, isSingleToolAppType } from '@atelier/shared';
import type { AppsRuntime } from './apps.runtime.ts';

/** How long the model may take to name an app before the word-based name is used. */
export const APP_NAME_SUGGESTION_TIMEOUT_MS = 4000;

const SYSTEM = [
  'You name apps that builders describe. Answer with the name only: 1 to 4 words, Title Case,',
  'at most 40 characters, no quotes, no punctuation at the end, no explanation.',
].join(' ');

/**
 * The name of an app created from a builder's first prompt (issue 19 item 1): with a model
 * configured, the model's short suggestion; `fallback` (the word-based name) when no model is
 * configured, the model fails or takes longer than APP_NAME_SUGGESTION_TIMEOUT_MS, or answers
 * something that is not a name. Never throws.
 */
export async function suggestAppName(
  runtime: AppsRuntime,
  input: { prompt: string; type: AppTypeName; userId: string; fallback: string },
): Promise<string> {
  const { llm, logger } = runtime;
  try {
    const resolved = await llm.resolveModel(null);
    if (resolved.offline) return input.fallback;
    const answer = await llm.generateText({
      purpose: 'app_name',
      userId: input.userId,
      temperature: 0,
      maxOutputTokens: 24,
      abortSignal: AbortSignal.timeout(APP_NAME_SUGGESTION_TIMEOUT_MS),
      system: SYSTEM,
      prompt: `Kind: ${isSingleToolAppType(input.type) ? 'an AI tool' : 'a web app'}\nDescription: ${input.prompt.slice(0, 4000)}`,
    });
    return cleanSuggestedAppName(answer.text) ?? input.fallback;
  } catch (error) {
    logger.info(
      { err: (error as Error)?.message },
      'App name suggestion failed; the word-based name is used',
    );
    return input.fallback;
  }
}
