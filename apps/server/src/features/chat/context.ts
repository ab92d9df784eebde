import {
  APP_ROOT_FILES,
  CONTEXT_RERANK_TOKEN_LIMIT,
  CONTEXT_SCORE_THRESHOLD,
  type ContextMetadata,
  type ContextPassage,
  estimateTokens,
  type Passage,
  type RetrievedFile,
} from '@atelier/shared';

/**
 * Which of the app's files and data-source passages go into a reply (the context dialog shows it).
 * The whole app goes in while it fits `CONTEXT_RERANK_TOKEN_LIMIT` estimated tokens; a larger app
 * keeps its root files and then the files that score best against the request (keyword overlap),
 * down to `CONTEXT_SCORE_THRESHOLD`, until the limit. After the reply, the files it changed are the
 * "relevant" ones, and recall tells whether the retrieval had included them.
 */
export interface ContextFile {
  path: string;
  content: string;
}

export interface ContextSelection {
  files: ContextFile[];
  metadata: ContextMetadata;
}

const STOP_WORDS = new Set(
  'the and for with that this from into your you are can add make want page app please some have what when then'.split(
    ' ',
  ),
);

/** Lower-case words of three letters or more (camelCase and paths split). */
export function queryTerms(text: string): string[] {
  const words = text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 3 && !STOP_WORDS.has(word))
    .map((word) => (word.length > 4 && word.endsWith('s') ? word.slice(0, -1) : word));
  return [...new Set(words)];
}

/** Share of the query's terms found in the file (a hit in its path counts double), from 0 to 1. */
export function scoreFile(file: ContextFile, terms: readonly string[]): number {
  if (terms.length === 0) return 0;
  const path = file.path.toLowerCase();
  const content = file.content.toLowerCase();
  let score = 0;
  for (const term of terms) {
    if (path.includes(term)) score += 2;
    else if (content.includes(term)) score += 1;
  }
  return Math.round((score / (terms.length * 2)) * 1000) / 1000;
}

export function selectContext(
  files: readonly ContextFile[],
  query: string,
  passages: readonly Passage[],
  limit = CONTEXT_RERANK_TOKEN_LIMIT,
): ContextSelection {
  const terms = queryTerms(query);
  const scored = files.map((file) => ({
    file,
    score: scoreFile(file, terms),
    tokens: estimateTokens(file.content),
  }));
  const total = scored.reduce((sum, entry) => sum + entry.tokens, 0);
  const retrieved: RetrievedFile[] = [];
  const below: ContextMetadata['belowThresholdFiles'] = [];
  const chosen = new Set<string>();
  if (total <= limit) {
    for (const entry of scored) {
      chosen.add(entry.file.path);
      retrieved.push({
        filePath: entry.file.path,
        retrievalMethods: ['full_context'],
        tokenEstimation: entry.tokens,
        score: entry.score,
      });
    }
  } else {
    const root = new Set<string>(APP_ROOT_FILES);
    const ordered = [...scored].sort(
      (a, b) => Number(root.has(b.file.path)) - Number(root.has(a.file.path)) || b.score - a.score,
    );
    let used = 0;
    for (const entry of ordered) {
      const isRoot = root.has(entry.file.path);
      if (!isRoot && (entry.score < CONTEXT_SCORE_THRESHOLD || used + entry.tokens > limit)) {
        below.push({ filename: entry.file.path, score: entry.score });
        continue;
      }
      used += entry.tokens;
      chosen.add(entry.file.path);
      retrieved.push({
        filePath: entry.file.path,
        retrievalMethods: isRoot ? ['full_context'] : ['keyword'],
        tokenEstimation: entry.tokens,
        score: entry.score,
      });
    }
  }
  const contextPassages: ContextPassage[] = passages.map((passage) => ({
    itemId: passage.itemId,
    itemName: passage.itemName,
    text: passage.text,
    score: passage.score,
    method: passage.method,
    tokenEstimation: estimateTokens(passage.text),
  }));
  return {
    files: files.filter((file) => chosen.has(file.path)),
    metadata: {
      query,
      retrievedFiles: retrieved,
      relevantFiles: [],
      evals: evaluate(retrieved, []),
      enhancedQuery: null,
      scoreThreshold: CONTEXT_SCORE_THRESHOLD,
      rerankTokenLimit: limit,
      belowThresholdFiles: below,
      passages: contextPassages,
    },
  };
}

/** Recall and tokens per retrieval method, against the files that turned out to be relevant. */
export function evaluate(
  retrieved: readonly RetrievedFile[],
  relevant: readonly string[],
): ContextMetadata['evals'] {
  const methods = new Set(retrieved.flatMap((file) => file.retrievalMethods));
  const evals: ContextMetadata['evals'] = {};
  for (const method of methods) {
    const byMethod = retrieved.filter((file) => file.retrievalMethods.includes(method));
    const paths = new Set(byMethod.map((file) => file.filePath));
    const found = relevant.filter((path) => paths.has(path)).length;
    evals[method] = {
      recall: relevant.length === 0 ? 1 : Math.round((found / relevant.length) * 1000) / 1000,
      tokenEstimation: byMethod.reduce((sum, file) => sum + (file.tokenEstimation ?? 0), 0),
    };
  }
  return evals;
}

/** The metadata once the reply is known: `relevant` are the existing files the reply changed. */
export function withRelevantFiles(metadata: ContextMetadata, relevant: readonly string[]): ContextMetadata {
  const all = [...new Set(relevant)].sort();
  return {
    ...metadata,
    relevantFiles: all,
    evals: evaluate(metadata.retrievedFiles, all),
  };
}
