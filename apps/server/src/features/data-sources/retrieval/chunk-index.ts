import { randomUUID } from 'node:crypto';
import type { Passage } from '@atelier/shared';
import type { Database } from '../../../platform/db/database.ts';
import { BM25_B, BM25_K1, queryTerms } from './bm25.ts';
import { termFrequencies } from './tokenize.ts';

export interface ChunkInput {
  locator: string | null;
  text: string;
}

/** Rows per INSERT: arrays are sent as four parameters, so one statement carries a whole batch. */
const BATCH = 500;

/**
 * The BM25 index in the database, identical on PGlite and PostgreSQL.
 *
 * Design: `context_chunks` holds each passage with its length in terms; `context_terms` holds one
 * posting (chunk, term, tf) per distinct term of a passage, indexed by (app_id, term). A query
 * computes, in one SQL statement and only over the app's synced items: N and the average passage
 * length (from context_chunks), the document frequency of each query term (a grouped count over
 * its postings), and the Okapi BM25 sum with Lucene's idf, k1 = 1.2, b = 0.75. The statistics are
 * therefore exact per app at every moment (an item being indexed or deleted is simply not
 * "synced"), with no counters to keep consistent across instances. `Bm25Index` in bm25.ts is the
 * same formula in memory; the integration test checks both agree.
 */
export function createChunkIndex(database: Database) {
  return {
    /** Stores passages of an item with their postings; returns how many were stored. */
    async insertChunks(
      appId: string,
      itemId: string,
      firstOrdinal: number,
      chunks: ChunkInput[],
    ): Promise<number> {
      for (let offset = 0; offset < chunks.length; offset += BATCH) {
        const batch = chunks.slice(offset, offset + BATCH);
        const ids: string[] = [];
        const ordinals: number[] = [];
        const locators: (string | null)[] = [];
        const texts: string[] = [];
        const lengths: number[] = [];
        const termChunkIds: string[] = [];
        const terms: string[] = [];
        const tfs: number[] = [];
        batch.forEach((chunk, i) => {
          const id = randomUUID();
          const { terms: frequencies, length } = termFrequencies(chunk.text);
          ids.push(id);
          ordinals.push(firstOrdinal + offset + i);
          locators.push(chunk.locator);
          texts.push(chunk.text);
          lengths.push(length);
          for (const [term, tf] of frequencies) {
            termChunkIds.push(id);
            terms.push(term);
            tfs.push(tf);
          }
        });
        await database.query(
          `insert into context_chunks (id, item_id, app_id, ordinal, locator, text, token_count)
           select id, $1, $2, ordinal, locator, text, token_count
           from unnest($3::text[], $4::int[], $5::text[], $6::text[], $7::int[]) as t(id, ordinal, locator, text, token_count)`,
          [itemId, appId, ids, ordinals, locators, texts, lengths],
        );
        await database.query(
          `insert into context_terms (chunk_id, app_id, term, tf)
           select chunk_id, $1, term, tf from unnest($2::text[], $3::text[], $4::real[]) as t(chunk_id, term, tf)`,
          [appId, termChunkIds, terms, tfs],
        );
      }
      return chunks.length;
    },

    async deleteChunks(itemId: string): Promise<void> {
      await database.query(
        'delete from context_terms where chunk_id in (select id from context_chunks where item_id = $1)',
        [itemId],
      );
      await database.query('delete from context_chunks where item_id = $1', [itemId]);
    },

    /** The `k` best passages of the app's synced items for `query`, best first. */
    async searchBm25(appId: string, query: string, k: number): Promise<Passage[]> {
      const terms = queryTerms(query);
      if (terms.size === 0) return [];
      const result = await database.query<{
        chunk_id: string;
        item_id: string;
        item_name: string;
        text: string;
        locator: string | null;
        score: number;
      }>(
        `with q(term, qtf) as (select * from unnest($2::text[], $3::int[]) as u(term, qtf)),
         live as (
           select c.id, c.token_count from context_chunks c
           join context_items i on i.id = c.item_id
           where c.app_id = $1 and i.status = 'synced'
         ),
         stats as materialized (select count(*)::float8 as n, coalesce(avg(token_count), 0)::float8 as avgdl from live),
         postings as (
           select t.chunk_id, t.term, t.tf::float8 as tf, live.token_count::float8 as dl
           from context_terms t join live on live.id = t.chunk_id
           where t.app_id = $1 and t.term = any($2::text[])
         ),
         df as materialized (select term, count(*)::float8 as df from postings group by term),
         scored as (
           select p.chunk_id,
             sum(q.qtf * ln(1 + (stats.n - df.df + 0.5) / (df.df + 0.5))
               * (p.tf * ($5::float8 + 1)) / (p.tf + $5::float8 * (1 - $6::float8 + $6::float8 * p.dl / greatest(stats.avgdl, 1e-9)))) as score
           from postings p join q on q.term = p.term join df on df.term = p.term cross join stats
           group by p.chunk_id
         )
         select s.chunk_id, c.item_id, i.name as item_name, c.text, c.locator, s.score::float8 as score
         from scored s
         join context_chunks c on c.id = s.chunk_id
         join context_items i on i.id = c.item_id
         order by s.score desc, s.chunk_id
         limit $4::int`,
        [appId, [...terms.keys()], [...terms.values()], k, BM25_K1, BM25_B],
      );
      return result.rows.map((row) => ({
        itemId: row.item_id,
        chunkId: row.chunk_id,
        itemName: row.item_name,
        text: row.text,
        score: Number(row.score),
        method: 'bm25' as const,
        ...(row.locator && /^https?:\/\//.test(row.locator) ? { url: row.locator } : {}),
      }));
    },
  };
}

export type ChunkIndex = ReturnType<typeof createChunkIndex>;
