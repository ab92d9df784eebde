import { PgrstError } from './rest-errors.ts';

/**
 * PostgREST's query language as `@supabase/postgrest-js` writes it (README.md, "REST"), parsed into
 * plain values: the `select` tree, the filters as a Mongo-style query for Atelier's filter engine
 * (`entities/filter.ts`, which binds every value and caps the conditions), and the order. Column
 * names stay PostgREST's here; `rest-rows.ts` maps them onto the entity's fields and types.
 */

/** Bounds on what a caller's query may hold (the filter engine caps conditions and depth too). */
export const REST_QUERY_LIMITS = {
  /** Characters of one parameter's value (`select`, a filter, `or=(…)`). */
  paramLength: 4000,
  /** Filter parameters of one request. */
  filters: 50,
  /** Items of one `select` level, and how deep embedded resources nest. */
  selectItems: 200,
  selectDepth: 3,
  /** How deep `or=(… and(… or(…)))` nests. */
  logicDepth: 4,
  /** Keys of `order=`. */
  orderKeys: 10,
} as const;

/** Query parameters that are not filters (`apikey`: the key some clients put in the address). */
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict', 'apikey']);

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; name: string; path: string[]; alias: string }
  | {
      kind: 'embed';
      table: string;
      alias: string;
      hint: string | undefined;
      spread: boolean;
      items: SelectItem[];
    };

/** One comparison of a column with a text value (typed later, against the entity's field). */
export interface Condition {
  kind: 'condition';
  column: string;
  /** JSON path below the column (`data->a->>b`). */
  path: string[];
  negate: boolean;
  operator: string;
  modifier: string | undefined;
  value: string;
}

export interface Logic {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  items: FilterNode[];
}

export type FilterNode = Condition | Logic;

export interface OrderKey {
  column: string;
  path: string[];
  descending: boolean;
  nullsFirst: boolean | undefined;
}

const bad = (message: string, details: string | null = null) =>
  new PgrstError(400, 'PGRST100', message, details);

function bounded(name: string, value: string): string {
  if (value.length > REST_QUERY_LIMITS.paramLength) {
    throw bad(`"${name}" is longer than ${REST_QUERY_LIMITS.paramLength} characters`);
  }
  return value;
}

/** Splits at top-level commas: not inside parentheses, braces or double quotes. */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '\\' && quoted) {
      i++;
      continue;
    }
    if (char === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (char === '(' || char === '{') depth++;
    else if (char === ')' || char === '}') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
    if (depth < 0) throw bad('Unbalanced parentheses', text);
  }
  if (depth !== 0 || quoted) throw bad('Unbalanced parentheses or quotes', text);
  parts.push(text.slice(start));
  return parts;
}

const unquote = (text: string) =>
  text.length >= 2 && text.startsWith('"') && text.endsWith('"')
    ? text.slice(1, -1).replace(/\\(.)/g, '$1')
    : text;

/** `data->a->>b` → column `data`, path `[a, b]`; a cast (`::text`) is dropped. */
function columnRef(text: string): { column: string; path: string[] } {
  const withoutCast = text.replace(/::\w+$/, '');
  const [column = '', ...path] = withoutCast
    .split(/->>?/)
    .map((part) => unquote(part.trim()).replace(/^'(.*)'$/, '$1'));
  if (!/^[\w$ -]{1,100}$/u.test(column) || path.some((part) => part === '' || part.length > 100)) {
    throw bad(`"${text}" is not a column`);
  }
  return { column, path };
}

/** The `select` parameter: `*`, columns, `alias:column`, embedded resources `alias:table!hint(…)`, spreads `...table(…)`. */
export function parseSelect(text: string | undefined, depth = 0): SelectItem[] {
  if (text === undefined || text.trim() === '') return [{ kind: 'star' }];
  if (depth > REST_QUERY_LIMITS.selectDepth) throw bad('Embedded resources nest too deeply');
  const parts = splitTopLevel(bounded('select', text)).filter((part) => part.trim() !== '');
  if (parts.length > REST_QUERY_LIMITS.selectItems) {
    throw bad(`A select may name at most ${REST_QUERY_LIMITS.selectItems} columns`);
  }
  return parts.map((raw) => {
    const part = raw.trim();
    if (part === '*') return { kind: 'star' };
    const open = part.indexOf('(');
    if (open >= 0 && part.endsWith(')')) {
      const head = part.slice(0, open);
      const spread = head.startsWith('...');
      const [aliasOrName = '', maybeName] = (spread ? head.slice(3) : head).split(':');
      const [table = '', hint] = (maybeName ?? aliasOrName).split('!');
      if (!/^\w{1,100}$/.test(table)) throw bad(`"${part}" is not an embedded resource`);
      return {
        kind: 'embed',
        table,
        alias: maybeName === undefined ? table : aliasOrName,
        hint,
        spread,
        items: parseSelect(part.slice(open + 1, -1), depth + 1),
      };
    }
    // `alias:column`, `column::cast`, `json->key`: a colon not part of `::` separates the alias.
    const aliasMatch = /^([\w$]+):(?!:)(.+)$/.exec(part);
    const body = aliasMatch ? (aliasMatch[2] as string) : part;
    const ref = columnRef(body);
    const alias = aliasMatch ? (aliasMatch[1] as string) : (ref.path.at(-1) ?? ref.column);
    return { kind: 'column', name: ref.column, path: ref.path, alias };
  });
}

/** `[not.]op[(modifier)].value` → its parts. */
function parseOperation(column: string, path: string[], text: string): Condition {
  let rest = text;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const match = /^([a-z]+)(?:\((\w+)\))?\.([\s\S]*)$/.exec(rest);
  if (!match) throw bad(`"${text}" is not a filter of "${column}"`, 'A filter is op.value, e.g. eq.5');
  return {
    kind: 'condition',
    column,
    path,
    negate,
    operator: match[1] as string,
    modifier: match[2],
    value: match[3] as string,
  };
}

/** `a.eq.1`, `not.and(…)`, `or(…)` inside a logic tree. */
function parseLogicItem(text: string, depth: number): FilterNode {
  const logic = /^(not\.)?(and|or)\(([\s\S]*)\)$/.exec(text);
  if (logic) return parseLogic(logic[2] as 'and' | 'or', Boolean(logic[1]), logic[3] as string, depth + 1);
  const dot = text.indexOf('.');
  if (dot <= 0) throw bad(`"${text}" is not a filter`);
  const { column, path } = columnRef(text.slice(0, dot));
  return parseOperation(column, path, text.slice(dot + 1));
}

function parseLogic(op: 'and' | 'or', negate: boolean, inner: string, depth: number): Logic {
  if (depth > REST_QUERY_LIMITS.logicDepth) {
    throw bad(`Logic filters (and/or) nest at most ${REST_QUERY_LIMITS.logicDepth} levels`);
  }
  const items = splitTopLevel(inner)
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => parseLogicItem(item, depth));
  if (items.length === 0) throw bad(`"${op}" takes at least one filter`);
  return { kind: 'logic', op, negate, items };
}

/**
 * The filters of a request: every parameter that is not reserved. Filters on an embedded resource
 * (`table.column=…`, `table.or=…`) only shape the embedding in PostgREST; they are left out here.
 */
export function parseFilters(params: URLSearchParams): FilterNode[] {
  const nodes: FilterNode[] = [];
  for (const [key, raw] of params) {
    if (RESERVED.has(key)) continue;
    const value = bounded(key, raw);
    if (nodes.length >= REST_QUERY_LIMITS.filters) {
      throw bad(`A request may hold at most ${REST_QUERY_LIMITS.filters} filters`);
    }
    const logic = /^(not\.)?(and|or)$/.exec(key);
    if (logic) {
      const inner = /^\(([\s\S]*)\)$/.exec(value);
      if (!inner) throw bad(`"${key}" takes a list in parentheses`, value);
      nodes.push(parseLogic(logic[2] as 'and' | 'or', Boolean(logic[1]), inner[1] as string, 1));
      continue;
    }
    // A referenced table's filter, order, limit or logic (`profiles.name`, `profiles.or`).
    if (/^\w+\.\w+$/.test(key)) continue;
    const { column, path } = columnRef(key);
    nodes.push(parseOperation(column, path, value));
  }
  return nodes;
}

/** `order=a.desc.nullslast,b.asc,c` */
export function parseOrder(text: string | undefined): OrderKey[] {
  if (text === undefined || text.trim() === '') return [];
  const parts = splitTopLevel(bounded('order', text)).filter((part) => part.trim() !== '');
  if (parts.length > REST_QUERY_LIMITS.orderKeys) {
    throw bad(`An order may have at most ${REST_QUERY_LIMITS.orderKeys} columns`);
  }
  return parts.map((part) => {
    const pieces = part.trim().split('.');
    let descending = false;
    let nullsFirst: boolean | undefined;
    while (pieces.length > 1) {
      const last = pieces.at(-1);
      if (last === 'asc' || last === 'desc') descending = last === 'desc';
      else if (last === 'nullsfirst' || last === 'nullslast') nullsFirst = last === 'nullsfirst';
      else break;
      pieces.pop();
    }
    const { column, path } = columnRef(pieces.join('.'));
    return { column, path, descending, nullsFirst };
  });
}

/** `limit`/`offset` parameters, or a `Range: 0-9` header (`Range-Unit: items`). */
export function parseRange(
  params: URLSearchParams,
  rangeHeader: string | undefined,
): { limit: number | undefined; offset: number } {
  const number = (name: string, text: string | null | undefined) => {
    if (text === null || text === undefined || text === '') return undefined;
    if (!/^\d{1,9}$/.test(text)) throw bad(`"${name}" must be a whole number`, text);
    return Number(text);
  };
  let limit = number('limit', params.get('limit'));
  let offset = number('offset', params.get('offset')) ?? 0;
  const range = rangeHeader ? /^(?:items=)?(\d{1,9})-(\d{0,9})$/.exec(rangeHeader.trim()) : null;
  if (range) {
    const from = Number(range[1]);
    offset = from;
    if (range[2]) {
      const to = Number(range[2]);
      if (to < from) throw new PgrstError(416, 'PGRST103', 'Requested range not satisfiable', null);
      limit = Math.min(limit ?? Number.POSITIVE_INFINITY, to - from + 1);
    }
  }
  return { limit, offset };
}

/** `Prefer: return=representation, count=exact, resolution=merge-duplicates` (one header or several). */
export function parsePrefer(header: string | undefined): Record<string, string> {
  const prefer: Record<string, string> = {};
  for (const part of (header ?? '').split(',')) {
    const [key, value] = part.trim().split('=');
    if (key && value) prefer[key.toLowerCase()] = value.trim().toLowerCase();
  }
  return prefer;
}

/** `in.(a,"b,c")` and `cs.{a,b}` values: the items, unquoted. */
export function listValues(text: string, open: '(' | '{'): string[] {
  const close = open === '(' ? ')' : '}';
  if (!text.startsWith(open) || !text.endsWith(close))
    throw bad(`"${text}" must be a list in ${open}${close}`);
  const inner = text.slice(1, -1);
  if (inner.trim() === '') return [];
  return splitTopLevel(inner).map((item) => unquote(item.trim()));
}
