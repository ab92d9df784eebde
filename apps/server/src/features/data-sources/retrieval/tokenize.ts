/** English function words left out of the index and of queries (they carry no topical signal). */
const STOPWORDS = new Set(
  (
    'a an and are as at be but by for from has have he her his i if in into is it its me my of on or our ' +
    'she so that the their them there these they this those to was we were what when where which who ' +
    'will with you your do does did not no than then too very can just about also been being how'
  ).split(' '),
);

const MAX_TOKEN_LENGTH = 40;

/**
 * Terms for BM25: lower-cased, accents folded, split on anything that is not a letter or digit,
 * stopwords dropped, and a light English plural stemmer (policies → policy, boxes → box,
 * llamas → llama) so singular and plural match. The same function runs at index and query time.
 */
export function tokenize(text: string): string[] {
  const folded = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
  const tokens: string[] = [];
  for (const match of folded.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = match[0];
    if (word.length > MAX_TOKEN_LENGTH || STOPWORDS.has(word)) continue;
    if (word.length === 1 && !/\d/.test(word)) continue;
    tokens.push(stem(word));
  }
  return tokens;
}

function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ss|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Term → frequency in one passage, and the passage length in terms. */
export function termFrequencies(text: string): { terms: Map<string, number>; length: number } {
  const tokens = tokenize(text);
  const terms = new Map<string, number>();
  for (const token of tokens) terms.set(token, (terms.get(token) ?? 0) + 1);
  return { terms, length: tokens.length };
}
