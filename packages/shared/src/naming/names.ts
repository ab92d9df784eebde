/**
 * Short, clean names made from a builder's first prompt (issue 19): an app name of the first few
 * meaningful words, title-cased, at most APP_NAME_FROM_PROMPT_MAX characters, and tool paths of at
 * most GENERATED_TOOL_PATH_MAX characters. Pure: the server and the web app share them.
 */

export const APP_NAME_FROM_PROMPT_MAX = 40;
export const GENERATED_TOOL_PATH_MAX = 32;
export const UNTITLED_APP_NAME = 'Untitled app';

const MAX_WORDS = 4;

/** Openings that say nothing about the app ("I want to build me a…", "Please create an…"). */
const LEADING_FILLER =
  /^(?:(?:please|hi|hello|hey|ok|okay|so)[\s,!]+)*(?:(?:i|we)\s+(?:want|need|would like|'d like)\s+(?:to\s+)?(?:have\s+)?|can you\s+|could you\s+|let's\s+|lets\s+)?(?:build|create|make|write|generate|design|develop|code|set up|give)?\s*(?:me|us)?\s*(?:a|an|the|my|our|some)?\s+/i;

/** Words that end the name: the rest of the sentence describes the app rather than naming it. */
const CLAUSE_BREAK = new Set([
  'that',
  'which',
  'where',
  'who',
  'whose',
  'when',
  'to',
  'for',
  'with',
  'from',
  'so',
  'in',
  'on',
  'of',
  'by',
  'about',
  'using',
  'and',
  'or',
  'but',
  'like',
  'as',
  'at',
  'into',
  'via',
  'because',
  'while',
  'if',
  'than',
]);

const ARTICLES = new Set(['a', 'an', 'the', 'my', 'our', 'your', 'some', 'any', 'each', 'every']);

/** Nouns that say only what kind of thing it is: "a tool that…" names nothing yet. */
const GENERIC_HEADS = new Set([
  'app',
  'apps',
  'application',
  'tool',
  'website',
  'site',
  'web',
  'page',
  'platform',
  'system',
  'program',
  'simple',
  'small',
  'little',
  'new',
  'basic',
  'quick',
  'ai',
  'online',
]);

/** "writes" → "Writer": what a tool is called after what it does. */
const AGENT_NOUNS: Record<string, string> = {
  write: 'writer',
  plan: 'planner',
  track: 'tracker',
  generate: 'generator',
  manage: 'manager',
  summarize: 'summarizer',
  summarise: 'summariser',
  translate: 'translator',
  create: 'creator',
  build: 'builder',
  check: 'checker',
  calculate: 'calculator',
  convert: 'converter',
  analyze: 'analyzer',
  analyse: 'analyser',
  answer: 'assistant',
  help: 'helper',
  organize: 'organizer',
  organise: 'organiser',
  schedule: 'scheduler',
  book: 'booker',
  log: 'log',
  list: 'list',
  suggest: 'suggester',
  recommend: 'recommender',
  draft: 'drafter',
  review: 'reviewer',
  score: 'scorer',
  rewrite: 'rewriter',
  explain: 'explainer',
  find: 'finder',
  compare: 'comparer',
  collect: 'collector',
};

/** Lower-case words kept in a title unless first ("Recipes for the Week"). */
const SMALL_WORDS = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'of',
  'for',
  'to',
  'in',
  'on',
  'at',
  'by',
  'with',
]);

function tokens(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

const bare = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}'-]/gu, '');

/** The words up to the first clause break or punctuation mark that ends a phrase. */
function leadingPhrase(words: readonly string[], commaEnds = true): string[] {
  const phrase: string[] = [];
  const end = commaEnds ? /[,;:.!?()—–]$/ : /[;:.!?()—–]$/;
  for (const word of words) {
    const clean = bare(word);
    if (phrase.length > 0 && CLAUSE_BREAK.has(clean)) break;
    if (clean) phrase.push(word.replace(/[^\p{L}\p{N}'&+-]/gu, ''));
    if (end.test(word)) break;
  }
  return phrase.filter(Boolean);
}

function titleCase(words: readonly string[]): string {
  return words
    .map((word, index) => {
      const lower = word.toLowerCase();
      if (index > 0 && SMALL_WORDS.has(lower)) return lower;
      // Keep acronyms and brand spellings (CRM, iPhone).
      if (/[A-Z]/.test(word.slice(1)) || /^[A-Z0-9]+$/.test(word)) return word;
      return lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join(' ');
}

/** Cuts at a word boundary so the text fits `max` characters. */
function fit(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : text.slice(0, max)).trim();
}

/** "writes a short cover letter" → ["Cover", "Letter", "Writer"]. */
function nameFromAction(words: readonly string[]): string[] {
  const [verb, ...rest] = words;
  if (!verb) return [];
  const stem = bare(verb).replace(/(?:es|s)$/, '');
  const agent = AGENT_NOUNS[bare(verb)] ?? AGENT_NOUNS[stem] ?? AGENT_NOUNS[bare(verb).replace(/s$/, '')];
  const object = leadingPhrase(rest, false).filter((word) => !ARTICLES.has(bare(word)));
  const kept = object.slice(-2);
  return agent ? [...kept, agent] : object.slice(0, MAX_WORDS);
}

/**
 * A short app name from a prompt: the first few meaningful words, title-cased, at most 40
 * characters ("A recipe planner where I save recipes…" → "Recipe Planner"). "Untitled app" when
 * nothing is left.
 */
export function appNameFromPrompt(prompt: string): string {
  const sentence =
    prompt
      .trim()
      .split(/\n|(?<=[.!?])\s/)[0]
      ?.trim() ?? '';
  const stripped = sentence.replace(LEADING_FILLER, '').replace(/^(?:a|an|the)\s+/i, '');
  const words = tokens(stripped);
  let phrase = leadingPhrase(words).filter((word) => !ARTICLES.has(bare(word)));
  const meaningful = phrase.filter((word) => !GENERIC_HEADS.has(bare(word)));
  if (meaningful.length === 0) {
    // "A tool that writes…": the name comes from what it does.
    const rest = words.slice(words.findIndex((w) => CLAUSE_BREAK.has(bare(w))) + 1);
    const fromAction = nameFromAction(rest);
    phrase = fromAction.length > 0 ? fromAction : phrase;
  }
  const name = fit(titleCase(phrase.slice(0, MAX_WORDS)), APP_NAME_FROM_PROMPT_MAX);
  return name || UNTITLED_APP_NAME;
}

/**
 * A tool path from a title: lower-case words joined by dashes, at most `max` characters and cut
 * at a dash ('tool' when nothing is left).
 */
export function toolPathFromTitle(title: string, max = GENERATED_TOOL_PATH_MAX): string {
  const path = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (path.length <= max) return path || 'tool';
  const cut = path.slice(0, max + 1);
  const dash = cut.lastIndexOf('-');
  const short = (dash > 0 ? cut.slice(0, dash) : path.slice(0, max)).replace(/-+$/g, '');
  return short || 'tool';
}

/** The n-th candidate path for a title (n ≥ 1): `trip-planner`, `trip-planner-2`…, each ≤ the max. */
export function toolPathCandidate(title: string, n: number, max = GENERATED_TOOL_PATH_MAX): string {
  if (n <= 1) return toolPathFromTitle(title, max);
  const suffix = `-${n}`;
  return `${toolPathFromTitle(title, max - suffix.length)}${suffix}`;
}

/**
 * A model's answer to "name this app" made into a name, or null when it is not one: the first
 * line without quotes, markdown or a "Name:" label, at most 6 words and APP_NAME_FROM_PROMPT_MAX
 * characters, with at least one letter.
 */
export function cleanSuggestedAppName(answer: string): string | null {
  const line =
    answer
      .trim()
      .split('\n')[0]
      ?.replace(/[*_`#"“”‘’]/g, '')
      .replace(/^\s*(?:app\s+)?name\s*:\s*/i, '')
      .replace(/^'+|'+$/g, '')
      .replace(/[.!?,;:]+$/, '')
      .replace(/\s+/g, ' ')
      .trim() ?? '';
  if (!/\p{L}/u.test(line) || tokens(line).length > 6 || line.length > APP_NAME_FROM_PROMPT_MAX) return null;
  return line;
}
