import type { PermissionRole } from '@atelier/shared';
import { type FieldKind, kindFromWords } from './entity-fields.ts';
import { PALETTE, type ThemeColour } from './theme.ts';
import { labelOf, pascalCase, pluralLabel, singularize, words } from './words.ts';

/**
 * The builder requests the offline assistant understands (README "Offline assistant"). Parsing is
 * plain pattern matching on the builder's last message; anything else is `unknown`.
 */
export interface FieldRequest {
  name: string;
  kind?: FieldKind;
  options?: string[];
}

export type OfflineRequest =
  /** `fields`: what the request names for the first entity ("a habit list with a streak count"). */
  | { kind: 'create_app'; title: string; entities: string[]; fields?: FieldRequest[] }
  | { kind: 'add_entity'; entity: string; fields: FieldRequest[] }
  | { kind: 'add_field'; entity: string; field: FieldRequest }
  | { kind: 'add_page'; page: string }
  | { kind: 'set_permissions'; entity: string; read: PermissionRole; write: PermissionRole }
  | { kind: 'replace_text'; from: string; to: string }
  | { kind: 'set_title'; title: string }
  | { kind: 'set_colour'; target: ThemeColour; colour: string }
  | { kind: 'help' }
  | { kind: 'unknown' };

const MAX_ENTITIES = 8;
const QUOTED = `["“'‘]([^"”'’]+)["”'’]`;

/** Role words → roles (spec 3 §3 "Permission roles"). */
const ROLE_WORDS: [RegExp, PermissionRole][] = [
  [/\b(none|nobody|no one|no-one)\b/, 'none'],
  [/\badmins?\b|\badministrators?\b/, 'admin'],
  [/\b(creators?|owners?)\b/, 'creator'],
  [/\b(anonymous|anyone|public|visitors?|everybody)\b/, 'anonymous'],
  [/\b(all|everyone|users|logged[- ]in users|signed[- ]in users|members)\b/, 'all'],
];

function roleOf(phrase: string): PermissionRole | undefined {
  return ROLE_WORDS.find(([pattern]) => pattern.test(phrase))?.[1];
}

/** "the purchase orders" → "PurchaseOrder"; "deals" → "Deal". */
export function entityName(phrase: string): string {
  const parts = words(phrase).filter(
    (w) => !['the', 'a', 'an', 'my', 'our', 'their', 'your', 'some'].includes(w),
  );
  const noun = parts.slice(-2);
  if (noun.length === 0) return '';
  noun[noun.length - 1] = singularize(noun[noun.length - 1]!);
  return pascalCase(noun.join(' '));
}

/** Splits "contacts, deals and companies" into its items. */
function listItems(text: string): string[] {
  return text
    .split(/,|\band\b|&|\bplus\b|\+/)
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Cuts a noun phrase at the first word that starts a clause ("books I have read" → "books"). */
function nounPhrase(text: string): string {
  const stop = /\b(?:i|we|you|they|that|which|who|with|for|in|on|at|to|from|by|so|where|when)\b/i;
  const cut = text.split(stop)[0] ?? text;
  return words(cut).slice(-2).join(' ');
}

function parsePermissions(text: string, lower: string): OfflineRequest | undefined {
  if (!/permission|access|can (read|view|see|write|edit|submit|create|update)/.test(lower)) return undefined;
  const entity =
    /\b(?:of|for|on)\s+(?:the\s+)?([a-z][\w ]*?)\s+(?:entity|table|records|data)\b/i.exec(text)?.[1] ??
    /\b(?:of|for|on)\s+(?:the\s+)?([A-Za-z]\w*)/.exec(text)?.[1];
  const reader = /([a-z][\w -]*?)\s+can\s+(?:read|view|see)\b/.exec(lower)?.[1];
  const writer = /([a-z][\w -]*?)\s+can\s+(?:write|edit|submit|create|update)\b/.exec(lower)?.[1];
  if (!entity || !reader || !writer) return undefined;
  const read = roleOf(lastClause(reader));
  const write = roleOf(lastClause(writer));
  if (!read || !write) return undefined;
  return { kind: 'set_permissions', entity: entityName(entity), read, write };
}

/** The words after the last comma/colon ("…entity: only admins" → "only admins"). */
const lastClause = (text: string) => text.split(/[,:;]/).at(-1)?.trim() ?? text;

function parseColour(lower: string): OfflineRequest | undefined {
  if (!/colou?r|theme|button|background|make (?:the app|it|everything)/.test(lower)) return undefined;
  const hex = /#(?:[0-9a-f]{6}|[0-9a-f]{3})\b/.exec(lower)?.[0];
  const named = words(lower).find((word) => word in PALETTE);
  const colour = hex ?? named;
  if (!colour) return undefined;
  const target: ThemeColour = /background/.test(lower) ? 'background' : 'primary';
  return { kind: 'set_colour', target, colour };
}

function parseTitle(text: string): OfflineRequest | undefined {
  const match =
    new RegExp(
      `\\b(?:rename|call)\\s+(?:the\\s+|my\\s+)?(?:app|site|application)\\s+(?:to\\s+)?${QUOTED}`,
      'i',
    ).exec(text) ??
    new RegExp(`\\b(?:app|site|application)(?:'s)?\\s+(?:title|name)\\s+(?:to|into)\\s+${QUOTED}`, 'i').exec(
      text,
    ) ??
    new RegExp(`\\bchange\\s+the\\s+title\\s+(?:of the app\\s+)?to\\s+${QUOTED}`, 'i').exec(text);
  return match ? { kind: 'set_title', title: match[1]!.trim() } : undefined;
}

function parseReplaceText(text: string): OfflineRequest | undefined {
  const match = new RegExp(
    `\\b(?:change|replace|rename|update)\\s+(?:the\\s+)?(?:text\\s+|word\\s+|label\\s+)?${QUOTED}\\s+(?:to|with|into|by)\\s+${QUOTED}`,
    'i',
  ).exec(text);
  if (!match || match[1] === match[2]) return undefined;
  return { kind: 'replace_text', from: match[1]!, to: match[2]! };
}

function parseOptions(text: string): { rest: string; options?: string[] } {
  const match =
    /\s+with\s+(?:the\s+)?(?:options?|values?|choices?)\s+(.+?)(?=\s+(?:to|on|in|for)\s+(?:the\s+)?\w+\s*$|$)/i.exec(
      text,
    );
  if (!match) return { rest: text };
  const options = match[1]!
    .split(/,|\bor\b|\band\b|\//)
    .map((option) => option.trim().replace(/^["'“]|["'”]$/g, ''))
    .filter(Boolean)
    .map((option) => option[0]!.toUpperCase() + option.slice(1));
  return { rest: text.replace(match[0], ''), options };
}

function parseAddField(text: string): OfflineRequest | undefined {
  const { rest, options } = parseOptions(text.trim().replace(/[.!]+$/, ''));
  const match =
    /^(?:please\s+)?add\s+(?:a\s+|an\s+|the\s+|one\s+)?(?:new\s+)?(.*?)\bfield\b(.*?)\s+(?:to|on|in|for)\s+(?:the\s+|my\s+)?([a-z][\w ]*?)(?:\s+(?:entity|table|page|list|records?))?$/i.exec(
      rest,
    );
  if (!match) return undefined;
  const before = match[1]!.trim();
  const after = match[2]!.replace(/^\s*(?:called|named)\s+/i, '').trim();
  const explicitKind = kindFromWords(before);
  let name = after;
  if (!name) {
    // "add a due date field": the words before "field" are the name (and maybe its type).
    name = before;
  }
  name = name.replace(/^["'“]|["'”]$/g, '');
  if (!name) return undefined;
  const field: FieldRequest = { name };
  const kind = after ? explicitKind : undefined;
  if (kind) field.kind = kind;
  if (options) {
    field.kind = 'select';
    field.options = options;
  }
  return { kind: 'add_field', entity: entityName(match[3]!), field };
}

function parseAddEntity(text: string): OfflineRequest | undefined {
  const clean = text.trim().replace(/[.!]+$/, '');
  const match =
    /^(?:please\s+)?(?:add|create)\s+(?:a\s+|an\s+)?(?:new\s+)?(?:entity|table|data type|collection)\s+(?:called\s+|named\s+|for\s+)?([\w ]+?)(?:\s+with\s+(?:the\s+)?(?:fields?\s+)?(.+))?$/i.exec(
      clean,
    ) ??
    /^(?:please\s+)?(?:add|create)\s+(?:a\s+|an\s+)?(?:new\s+)?([\w]+(?:\s[\w]+)?)\s+(?:entity|table|data type|collection)(?:\s+with\s+(?:the\s+)?(?:fields?\s+)?(.+))?$/i.exec(
      clean,
    );
  if (!match) return undefined;
  const entity = entityName(match[1]!);
  if (!entity) return undefined;
  const fields = match[2] ? listItems(match[2]).map((item) => ({ name: words(item).join(' ') })) : [];
  return { kind: 'add_entity', entity, fields: fields.filter((field) => field.name) };
}

function parseAddPage(text: string): OfflineRequest | undefined {
  const clean = text.trim().replace(/[.!]+$/, '');
  const match =
    /^(?:please\s+)?(?:add|create)\s+(?:a\s+|an\s+)?(?:new\s+)?page\s+(?:called\s+|named\s+|for\s+(?:the\s+)?)?["'“]?([\w ]{1,40}?)["'”]?$/i.exec(
      clean,
    ) ??
    /^(?:please\s+)?(?:add|create)\s+(?:a\s+|an\s+|the\s+)?(?:new\s+)?["'“]?([\w]+(?:\s[\w]+){0,2})["'”]?\s+page$/i.exec(
      clean,
    );
  if (!match) return undefined;
  const page = pascalCase(match[1]!);
  return page ? { kind: 'add_page', page } : undefined;
}

/** App words that mean "a list of {noun}": a habit tracker keeps habits, a recipe planner recipes. */
const LIST_WORDS = 'tracker|list|planner|log|journal|diary|organi[sz]er|catalog(?:ue)?|collection';

const APP_WORDS = new RegExp(
  `\\b(app|application|crm|system|tool|website|site|portal|dashboard|manager|database|platform|${LIST_WORDS})\\b`,
);

const ARTICLES = /^(?:a|an|the|my|our|some)\s+/i;

/** "recipe planner where I save recipes" → "Recipe": the noun a list-like app keeps, if it names one. */
function listSubject(phrase: string): string {
  const kept = phrase.split(/\s+(?:where|that|which|who|so that|so)\s+/i)[0]!.trim();
  const noun = new RegExp(`^(.+?)\\s+(?:${LIST_WORDS})$`, 'i').exec(kept)?.[1];
  return noun ? entityName(noun) : '';
}

/**
 * "with …" items of a list-like app: singular ones ("a streak count") are fields of what it keeps,
 * plural ones ("ingredients and tags") are more entities, as in "a CRM with contacts and deals".
 */
function splitWithItems(items: readonly string[]): { fields: FieldRequest[]; nouns: string[] } {
  const fields: FieldRequest[] = [];
  const nouns: string[] = [];
  for (const item of items) {
    const phrase = item.replace(ARTICLES, '');
    const last = words(phrase).at(-1) ?? '';
    if (!last) continue;
    if (ARTICLES.test(item) || singularize(last) === last) fields.push({ name: words(phrase).join(' ') });
    else nouns.push(item);
  }
  return { fields, nouns };
}

function parseCreateApp(text: string, lower: string): OfflineRequest | undefined {
  const clean = text.trim().replace(/[.!]+$/, '');
  const match =
    /\b(?:a|an|my|the)\s+(.+?)\s+(with|to\s+(?:track|manage|organi[sz]e|store|keep track of|handle|list|log)|for\s+(?:tracking|managing|organi[sz]ing|storing))\s+(.+)$/i.exec(
      clean,
    );
  const isCreate =
    /^(?:please\s+)?(?:create|build|make|generate|start|set up|i want|i need|i'd like|give me)\b/.test(lower);
  if (match && (isCreate || /^(?:a|an)\s/.test(lower))) {
    const subject = match[2]!.toLowerCase() === 'with' ? listSubject(match[1]!) : '';
    const items = listItems(match[3]!);
    const { fields, nouns } = subject ? splitWithItems(items) : { fields: [], nouns: items };
    const entities = [
      ...new Set([subject, ...nouns.map((item) => entityName(nounPhrase(item)))].filter(Boolean)),
    ];
    if (entities.length > 0) {
      return {
        kind: 'create_app',
        title: appTitle(match[1]!, entities),
        entities: entities.slice(0, MAX_ENTITIES),
        ...(fields.length > 0 ? { fields: fields.slice(0, MAX_ENTITIES) } : {}),
      };
    }
  }
  // "I want to track my workouts": a tracker of them.
  const tracked =
    /^(?:please\s+)?(?:(?:i want|i need|i'd like|help me)\s+(?:to\s+)?)?track\s+(?:my\s+|our\s+|the\s+|all\s+)?([a-z][\w ]*)$/i.exec(
      clean,
    );
  const trackedEntity = tracked ? entityName(nounPhrase(tracked[1]!)) : '';
  if (trackedEntity) {
    return { kind: 'create_app', title: `${labelOf(trackedEntity)} tracker`, entities: [trackedEntity] };
  }
  if (!isCreate) return undefined;
  if (/\bcrm\b/.test(lower)) return { kind: 'create_app', title: 'CRM', entities: ['Contact', 'Deal'] };
  const bare = new RegExp(
    `\\b(?:a|an|my)\\s+(([\\w ]+?)\\s+(?:app|application|manager|system|${LIST_WORDS}))\\b`,
    'i',
  ).exec(clean);
  const entity = bare ? entityName(bare[2]!) : '';
  return bare && entity
    ? { kind: 'create_app', title: appTitle(bare[1]!, [entity]), entities: [entity] }
    : undefined;
}

/** "simple book tracking app" → "Book tracking"; "CRM" stays "CRM"; a bare "app" is named after its entities. */
function appTitle(phrase: string, entities: readonly string[]): string {
  // "recipe planner where I save recipes" → "recipe planner": the clause describes, it does not name.
  const kept = phrase
    .split(/\s+(?:where|that|which|who|so that|so)\s+/i)[0]!
    .trim()
    .split(/\s+/)
    .filter((word) => !/^(simple|small|basic|little|new|nice|quick|app|application)$/i.test(word));
  if (kept.length === 0) {
    const labels = entities.slice(0, 3).map((entity) => pluralLabel(entity).toLowerCase());
    const joined =
      labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : (labels[0] ?? 'my app');
    return joined[0]!.toUpperCase() + joined.slice(1);
  }
  const title = kept.join(' ');
  return title === title.toLowerCase() ? title[0]!.toUpperCase() + title.slice(1) : title;
}

export function parseRequest(message: string): OfflineRequest {
  const text = message.trim();
  const lower = text.toLowerCase();
  if (!text || /^(help|\?|what can you do\??|hi|hello|hey)\b/.test(lower)) return { kind: 'help' };
  return (
    parsePermissions(text, lower) ??
    parseTitle(text) ??
    parseReplaceText(text) ??
    parseColour(lower) ??
    parseAddField(text) ??
    parseAddEntity(text) ??
    parseAddPage(text) ??
    (APP_WORDS.test(lower) || /\b(with|track)\b/.test(lower) ? parseCreateApp(text, lower) : undefined) ?? {
      kind: 'unknown',
    }
  );
}
