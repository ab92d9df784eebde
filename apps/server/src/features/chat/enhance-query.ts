import {
  appModelSettingsSchema,
  type EnhanceContextQueryRequest,
  type EnhanceContextQueryResponse,
  estimateTokens,
} from '@atelier/shared';
import type { AppActor } from '../apps/apps.repo.ts';
import type { ChatRuntime } from './chat.runtime.ts';
import { ownedApp } from './chat.service.ts';
import { queryTerms, scoreFile } from './context.ts';

/**
 * `POST /api/admin/enhanceContextQuery` (spec 3 §6, §7): the request rewritten as a retrieval query
 * for the context dialog. A model writes it; the offline assistant's answer is made from the
 * request's keywords and the files that match them.
 */
const MAX_LIKELY_FILES = 8;

export function keywordQuery(
  input: Pick<EnhanceContextQueryRequest, 'latestUserRequest' | 'currentRoute'>,
  files: readonly { path: string; content: string }[],
): string {
  const terms = queryTerms(input.latestUserRequest);
  const likely = files
    .map((file) => ({ path: file.path, score: scoreFile(file, terms) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.path.localeCompare(b.path))
    .slice(0, MAX_LIKELY_FILES)
    .map((entry) => entry.path);
  const lines = [input.latestUserRequest.trim()];
  if (terms.length > 0) lines.push(`Keywords: ${terms.join(', ')}`);
  if (input.currentRoute) lines.push(`Current route: ${input.currentRoute}`);
  if (likely.length > 0) lines.push(`Likely files: ${likely.join(', ')}`);
  return lines.join('\n');
}

export async function enhanceContextQuery(
  runtime: ChatRuntime,
  actor: AppActor,
  input: EnhanceContextQueryRequest,
): Promise<EnhanceContextQueryResponse> {
  const app = await ownedApp(runtime, actor, input.appId);
  const { files } = await runtime.apps.versions.getCurrent(actor, input.appId);
  const settings = appModelSettingsSchema.safeParse(app.settings ?? {});
  const appSettings = settings.success ? settings.data : null;
  const resolved = await runtime.llm.resolveModel(appSettings);
  let enhancedQuery: string;
  if (resolved.offline) {
    enhancedQuery = keywordQuery(input, files);
  } else {
    const answer = await runtime.llm.generateText({
      purpose: 'enhance_query',
      appId: input.appId,
      userId: actor.userId,
      messageId: input.messageId,
      appSettings,
      temperature: 0,
      maxOutputTokens: 300,
      system:
        'Rewrite the builder request as a search query that finds the app files it concerns. Answer with the query only: the key terms, component and entity names, and likely file paths.',
      prompt: [
        `Request: ${input.latestUserRequest}`,
        input.currentRoute ? `Current route: ${input.currentRoute}` : '',
        `Files: ${files.map((f) => f.path).join(', ')}`,
      ]
        .filter(Boolean)
        .join('\n'),
    });
    enhancedQuery = answer.text.trim() || keywordQuery(input, files);
  }
  return { enhancedQuery, tokenEstimation: estimateTokens(enhancedQuery) };
}
