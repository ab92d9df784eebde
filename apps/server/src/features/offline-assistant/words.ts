/** Small English word helpers for the offline assistant's names, labels and paths. */

const IRREGULAR_PLURALS: Record<string, string> = {
  person: 'people',
  child: 'children',
  man: 'men',
  woman: 'women',
  mouse: 'mice',
  goose: 'geese',
  foot: 'feet',
  tooth: 'teeth',
  datum: 'data',
  criterion: 'criteria',
};
const IRREGULAR_SINGULARS = Object.fromEntries(Object.entries(IRREGULAR_PLURALS).map(([s, p]) => [p, s]));
/** Words that are the same in both forms, or end in "s" in the singular. */
const UNCHANGED = new Set([
  'news',
  'series',
  'species',
  'status',
  'analysis',
  'inventory',
  'equipment',
  'feedback',
  'information',
  'software',
  'staff',
  'sheep',
  'fish',
  'bus',
  'campus',
  'address',
  'class',
  'business',
  'process',
]);

function matchCase(source: string, word: string): string {
  return source[0] && source[0] === source[0].toUpperCase() ? word[0]!.toUpperCase() + word.slice(1) : word;
}

export function singularize(word: string): string {
  const lower = word.toLowerCase();
  if (UNCHANGED.has(lower)) return word;
  if (IRREGULAR_SINGULARS[lower]) return matchCase(word, IRREGULAR_SINGULARS[lower]);
  if (/[^aeiou]ies$/.test(lower)) return `${word.slice(0, -3)}y`;
  if (/(ss|x|z|ch|sh)es$/.test(lower)) return word.slice(0, -2);
  if (/ses$/.test(lower)) return word.slice(0, -1);
  if (/[^s]s$/.test(lower) && lower.length > 2) return word.slice(0, -1);
  return word;
}

export function pluralize(word: string): string {
  const lower = word.toLowerCase();
  if (UNCHANGED.has(lower)) return word;
  if (IRREGULAR_PLURALS[lower]) return matchCase(word, IRREGULAR_PLURALS[lower]);
  if (/[^aeiou]y$/.test(lower)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(lower)) return `${word}es`;
  return `${word}s`;
}

/** Splits "closeDate", "close date", "close_date", "Close-Date" into ["close", "date"]. */
export function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

export const pascalCase = (text: string) =>
  words(text)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');

export function camelCase(text: string): string {
  const pascal = pascalCase(text);
  return pascal ? pascal[0]!.toLowerCase() + pascal.slice(1) : pascal;
}

export const kebabCase = (text: string) => words(text).join('-');

/** "closeDate" → "Close date". */
export function labelOf(name: string): string {
  const sentence = words(name).join(' ');
  return sentence ? sentence[0]!.toUpperCase() + sentence.slice(1) : name;
}

/** "PurchaseOrder" → "Purchase orders" (a page title / nav label). */
export function pluralLabel(entity: string): string {
  const parts = words(entity);
  if (parts.length === 0) return entity;
  parts[parts.length - 1] = pluralize(parts[parts.length - 1]!);
  const sentence = parts.join(' ');
  return sentence[0]!.toUpperCase() + sentence.slice(1);
}

/** A JavaScript string literal in single quotes. */
export function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}
