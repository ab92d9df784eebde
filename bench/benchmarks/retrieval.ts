// Retrieval quality (nDCG@10, recall@10 of BM25 on a labelled set) and ingestion throughput
// (chunks per second for 5 MB of text) through the real data-sources code on in-memory PGlite.
import fs from 'node:fs';
import path from 'node:path';
import { chunkText } from '@atelier/shared';
import { createChunkIndex } from '../../apps/server/src/features/data-sources/retrieval/chunk-index.ts';
import { tokenize } from '../../apps/server/src/features/data-sources/retrieval/tokenize.ts';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { runMigrations } from '../../apps/server/src/platform/db/migrate.ts';
import { apps, contextItems, users } from '../../apps/server/src/platform/db/schema/index.ts';
import { createLogger } from '../../apps/server/src/platform/logger.ts';
import { benchDir, median, record, round } from '../lib/harness.ts';

interface LabelledQuery {
  query: string;
  relevant: Record<string, number>;
}

const K = 10;

function ndcgAt(ranked: string[], relevant: Record<string, number>, k: number): number {
  const gain = (grade: number) => 2 ** grade - 1;
  const dcg = ranked.slice(0, k).reduce((sum, id, i) => sum + gain(relevant[id] ?? 0) / Math.log2(i + 2), 0);
  const ideal = Object.values(relevant)
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((sum, grade, i) => sum + gain(grade) / Math.log2(i + 2), 0);
  return ideal === 0 ? 0 : dcg / ideal;
}

function recallAt(ranked: string[], relevant: Record<string, number>, k: number): number {
  const wanted = Object.keys(relevant);
  return wanted.filter((id) => ranked.slice(0, k).includes(id)).length / wanted.length;
}

/** Baseline ranking: how many distinct query terms a passage contains (coordination match). */
function overlapRanking(passages: { id: string; text: string }[], query: string): string[] {
  const terms = new Set(tokenize(query));
  return passages
    .map((p) => ({ id: p.id, score: new Set(tokenize(p.text).filter((t) => terms.has(t))).size }))
    .filter((p) => p.score > 0)
    .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id))
    .map((p) => p.id);
}

export async function run(): Promise<void> {
  const dataDir = path.join(benchDir, 'data', 'retrieval');
  const passages = JSON.parse(fs.readFileSync(path.join(dataDir, 'passages.json'), 'utf8')) as {
    id: string;
    text: string;
  }[];
  const queries = JSON.parse(fs.readFileSync(path.join(dataDir, 'queries.json'), 'utf8')) as LabelledQuery[];

  const database = await openDatabase({ dataDir: 'memory://', logger: createLogger('silent') });
  await runMigrations(database);
  await database.db.insert(users).values({ id: 'u', tenantId: 'platform', email: 'bench@example.com' });
  const index = createChunkIndex(database);
  const addApp = async (id: string) => {
    await database.db.insert(apps).values({ id, ownerId: 'u', name: id, type: 'GEN_APP' });
  };
  const addItem = async (appId: string, id: string) => {
    await database.db.insert(contextItems).values({
      id,
      appId,
      name: id,
      type: 'txt',
      source: 'local_files',
      status: 'synced',
    });
  };

  // Quality: one item per passage, so a passage hit maps back to its judged id.
  await addApp('quality');
  for (const passage of passages) {
    await addItem('quality', passage.id);
    await index.insertChunks('quality', passage.id, 0, [{ locator: null, text: passage.text }]);
  }
  const bm25 = { ndcg: [] as number[], recall: [] as number[] };
  const baseline = { ndcg: [] as number[], recall: [] as number[] };
  const latencies: number[] = [];
  for (const q of queries) {
    const started = performance.now();
    const hits = await index.searchBm25('quality', q.query, K);
    latencies.push(performance.now() - started);
    const ranked = [...new Set(hits.map((hit) => hit.itemId))];
    bm25.ndcg.push(ndcgAt(ranked, q.relevant, K));
    bm25.recall.push(recallAt(ranked, q.relevant, K));
    const naive = overlapRanking(passages, q.query);
    baseline.ndcg.push(ndcgAt(naive, q.relevant, K));
    baseline.recall.push(recallAt(naive, q.relevant, K));
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

  // Throughput: 5 MB of text (the corpus repeated with numbered variations) chunked and indexed.
  await addApp('throughput');
  await addItem('throughput', 'big');
  let big = '';
  for (let round_ = 0; big.length < 5 * 1024 * 1024; round_++) {
    for (const passage of passages) big += `Section ${round_}-${passage.id}. ${passage.text}\n\n`;
  }
  const chunkStart = performance.now();
  const chunks = chunkText(big);
  const chunkSeconds = (performance.now() - chunkStart) / 1000;
  const indexStart = performance.now();
  await index.insertChunks(
    'throughput',
    'big',
    0,
    chunks.map((chunk) => ({ locator: null, text: chunk.text })),
  );
  const indexSeconds = (performance.now() - indexStart) / 1000;
  const bigLatencies: number[] = [];
  for (const q of queries.slice(0, 10)) {
    const started = performance.now();
    await index.searchBm25('throughput', q.query, K);
    bigLatencies.push(performance.now() - started);
  }
  await database.close();

  const totalSeconds = chunkSeconds + indexSeconds;
  record({
    name: 'retrieval',
    description: `BM25 quality on ${queries.length} judged queries over ${passages.length} passages; ingestion of ${round(big.length / 2 ** 20)} MB of text (PGlite, in memory)`,
    figures: {
      'BM25 nDCG@10': round(mean(bm25.ndcg), 3),
      'BM25 recall@10': round(mean(bm25.recall), 3),
      'baseline (term overlap) nDCG@10': round(mean(baseline.ndcg), 3),
      'baseline (term overlap) recall@10': round(mean(baseline.recall), 3),
      'search p50 on the labelled set (ms)': round(median(latencies)),
      chunks: chunks.length,
      'chunking only (chunks/s)': Math.round(chunks.length / chunkSeconds),
      'chunk + index (chunks/s)': Math.round(chunks.length / totalSeconds),
      'search p50 over the 5 MB index (ms)': round(median(bigLatencies)),
    },
    ratios: {
      'BM25 / baseline nDCG@10': round(mean(bm25.ndcg) / mean(baseline.ndcg), 3),
      'chunk + index / chunking only throughput': round(chunkSeconds / totalSeconds, 3),
    },
    notes: [
      'Hybrid (embeddings + pgvector) is not implemented, so no hybrid figures are reported.',
      'Throughput excludes parsing: it is the chunker plus the BM25 postings insert through the real SQL.',
    ],
  });
}
