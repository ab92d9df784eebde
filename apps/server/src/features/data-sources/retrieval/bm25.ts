import { termFrequencies, tokenize } from './tokenize.ts';

/** Okapi BM25 parameters (the usual defaults). */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

/** Lucene's non-negative inverse document frequency. */
export function bm25Idf(totalDocs: number, docFreq: number): number {
  return Math.log(1 + (totalDocs - docFreq + 0.5) / (docFreq + 0.5));
}

/** One term's contribution for a document of length `docLength`. */
export function bm25TermScore(tf: number, docLength: number, avgDocLength: number, idf: number): number {
  const norm = 1 - BM25_B + (BM25_B * docLength) / (avgDocLength || 1);
  return (idf * (tf * (BM25_K1 + 1))) / (tf + BM25_K1 * norm);
}

/** Query terms with their multiplicity (a term typed twice counts twice). */
export function queryTerms(query: string): Map<string, number> {
  const terms = new Map<string, number>();
  for (const token of tokenize(query)) terms.set(token, (terms.get(token) ?? 0) + 1);
  return terms;
}

/**
 * An in-memory BM25 index with the very formula the SQL search uses. It is the reference the
 * database search is tested against, and what the benchmark compares rankings with.
 */
export class Bm25Index {
  readonly #docs = new Map<string, { terms: Map<string, number>; length: number }>();
  readonly #df = new Map<string, number>();
  #totalLength = 0;

  add(id: string, text: string): void {
    const doc = termFrequencies(text);
    this.#docs.set(id, doc);
    this.#totalLength += doc.length;
    for (const term of doc.terms.keys()) this.#df.set(term, (this.#df.get(term) ?? 0) + 1);
  }

  search(query: string, k: number): { id: string; score: number }[] {
    const n = this.#docs.size;
    const avg = n === 0 ? 0 : this.#totalLength / n;
    const terms = queryTerms(query);
    const results: { id: string; score: number }[] = [];
    for (const [id, doc] of this.#docs) {
      let score = 0;
      for (const [term, qtf] of terms) {
        const tf = doc.terms.get(term);
        if (!tf) continue;
        score += qtf * bm25TermScore(tf, doc.length, avg, bm25Idf(n, this.#df.get(term) ?? 0));
      }
      if (score > 0) results.push({ id, score });
    }
    return results.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id)).slice(0, k);
  }
}
