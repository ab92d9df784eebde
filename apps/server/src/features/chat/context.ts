import {
  APP_ROOT_FILES,
  CONTEXT_RERANK_TOKEN_LIMIT,
  CONTEXT_SCORE_THRESHOLD,
  type ContextMetadata,
  type ContextPassage,
  estimateTokens,
  type Passage,
  type RetrievedFile,
  resolveSpecifier,
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

export interface SelectOptions {
  /** Tokens the files may take (issue 21 §6: what the model's window leaves); default 60,000. */
  limit?: number;
  /** Counts a text's tokens (the model's tokenizer); default length / 4. */
  count?: (text: string) => number;
  /** Files the latest replies changed, most recent first. */
  recent?: readonly string[];
}

const IMPORT_SPECIFIER = /(?:^|\n)[ \t]*(?:import|export)\s+(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/g;
const RESOLVE_SUFFIXES = ['', '.tsx', '.ts', '.jsx', '.js', '.json', '/index.tsx', '/index.ts'];

/** The app files a file imports (relative and `@/` specifiers that name a file of the app). */
export function importsOf(file: ContextFile, paths: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const match of file.content.matchAll(IMPORT_SPECIFIER)) {
    const target = resolveSpecifier(file.path, match[1] ?? '');
    if (target === null) continue;
    const found = RESOLVE_SUFFIXES.map((suffix) => `${target}${suffix}`).find((path) => paths.has(path));
    if (found) out.push(found);
  }
  return out;
}

/** Whether the request names the file: its path, or its name without extension (3 letters or more). */
export function namesFile(query: string, path: string): boolean {
  const text = query.toLowerCase();
  const lower = path.toLowerCase();
  if (text.includes(lower)) return true;
  const base = lower
    .split('/')
    .at(-1)!
    .replace(/\.[a-z]+$/, '')
    // Singular or plural: "the invoice page" names pages/Invoices.tsx.
    .replace(/(.{3,})s$/, '$1');
  return base.length >= 3 && new RegExp(`\\b${base.replace(/[^a-z0-9]/g, '.')}s?\\b`).test(text);
}

/**
 * The files in the order they deserve a place when not all fit (issue 21 §6): the root files, the
 * files the request names, those the latest replies changed, the app files those import, then the
 * others by keyword score.
 */
function byRelevance(
  scored: readonly { file: ContextFile; score: number }[],
  query: string,
  recent: readonly string[],
): Map<string, string> {
  const order = new Map<string, string>();
  const byPath = new Map(scored.map((entry) => [entry.file.path, entry.file]));
  const add = (path: string, method: string) => {
    if (byPath.has(path) && !order.has(path)) order.set(path, method);
  };
  for (const path of APP_ROOT_FILES) add(path, 'full_context');
  for (const entry of scored) if (namesFile(query, entry.file.path)) add(entry.file.path, 'named');
  for (const path of recent) add(path, 'recent');
  const paths = new Set(byPath.keys());
  for (const path of [...order.keys()]) {
    for (const imported of importsOf(byPath.get(path)!, paths)) add(imported, 'import');
  }
  return order;
}

export function selectContext(
  files: readonly ContextFile[],
  query: string,
  passages: readonly Passage[],
  options: SelectOptions = {},
): ContextSelection {
  const limit = options.limit ?? CONTEXT_RERANK_TOKEN_LIMIT;
  const count = options.count ?? estimateTokens;
  const terms = queryTerms(query);
  const scored = files.map((file) => ({
    file,
    score: scoreFile(file, terms),
    tokens: count(file.content),
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
    const relevant = byRelevance(scored, query, options.recent ?? []);
    const rank = new Map([...relevant.keys()].map((path, index) => [path, index]));
    const ordered = [...scored].sort(
      (a, b) =>
        (rank.get(a.file.path) ?? Infinity) - (rank.get(b.file.path) ?? Infinity) || b.score - a.score,
    );
    let used = 0;
    for (const entry of ordered) {
      const method = relevant.get(entry.file.path);
      const isRoot = method === 'full_context';
      const fits = used + entry.tokens <= limit;
      if (!(isRoot && fits) && (!fits || (!method && entry.score < CONTEXT_SCORE_THRESHOLD))) {
        below.push({ filename: entry.file.path, score: entry.score });
        continue;
      }
      used += entry.tokens;
      chosen.add(entry.file.path);
      retrieved.push({
        filePath: entry.file.path,
        retrievalMethods: [method ?? 'keyword'],
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
    tokenEstimation: count(passage.text),
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
