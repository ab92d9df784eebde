import { type JsonValue, type SearchReplace, unescapeAttribute } from './serialize.ts';
import {
  ACTION_ATTRIBUTES,
  ACTION_CLOSE,
  ACTION_OPEN_PREFIX,
  type ActionType,
  isActionType,
  PARTIAL_EDIT_MARKERS,
  REQUIRED_ATTRIBUTES,
} from './tags.ts';

/**
 * A strict, non-incremental reader of a COMPLETE assistant text, used by tests to prove that a
 * text follows protocol.md exactly (every tag closed, attributes known and present, contents
 * valid for their type). The chat uses the incremental parser instead.
 */
export interface StrictAction {
  type: ActionType;
  attributes: Record<string, string>;
  /** The raw content (one leading and one trailing newline removed). */
  content: string;
  /** JSON contents (entity, records, secrets, import mappings) parsed; search/replace blocks split. */
  json?: JsonValue;
  edits?: SearchReplace[];
}

export interface StrictParseResult {
  actions: StrictAction[];
  /** The text outside the tags: its non-empty pieces, trimmed, joined by a blank line. */
  prose: string;
}

export class ProtocolError extends Error {
  override name = 'ProtocolError';
}

const KNOWN_ATTRIBUTES = new Set<string>(Object.values(ACTION_ATTRIBUTES));
const ATTRIBUTE = /\s+([a-z]+)="([^"]*)"/y;

function parseAttributes(source: string, at: number): Record<string, string> {
  const attributes: Record<string, string> = {};
  ATTRIBUTE.lastIndex = 0;
  let offset = 0;
  while (offset < source.length) {
    ATTRIBUTE.lastIndex = offset;
    const match = ATTRIBUTE.exec(source);
    if (!match) throw new ProtocolError(`Malformed attributes at ${at + offset}: ${source.slice(offset)}`);
    const [, name, value] = match as unknown as [string, string, string];
    if (!KNOWN_ATTRIBUTES.has(name)) throw new ProtocolError(`Unknown attribute "${name}" at ${at}`);
    if (name in attributes) throw new ProtocolError(`Duplicate attribute "${name}" at ${at}`);
    attributes[name] = unescapeAttribute(value);
    offset = ATTRIBUTE.lastIndex;
  }
  return attributes;
}

/** Splits partial_edit content into its blocks; throws when a block is malformed. */
export function parseSearchReplaceStrict(content: string): SearchReplace[] {
  const lines = content.split('\n');
  const edits: SearchReplace[] = [];
  let i = 0;
  while (i < lines.length) {
    if (lines[i] !== PARTIAL_EDIT_MARKERS.search) throw new ProtocolError(`Expected SEARCH at line ${i + 1}`);
    const divider = lines.indexOf(PARTIAL_EDIT_MARKERS.divider, i + 1);
    const end = lines.indexOf(PARTIAL_EDIT_MARKERS.replace, divider + 1);
    if (divider < 0 || end < 0) throw new ProtocolError(`Unclosed SEARCH block at line ${i + 1}`);
    const search = lines.slice(i + 1, divider).join('\n');
    if (search.length === 0) throw new ProtocolError(`Empty SEARCH at line ${i + 1}`);
    edits.push({ search, replace: lines.slice(divider + 1, end).join('\n') });
    i = end + 1;
  }
  if (edits.length === 0) throw new ProtocolError('partial_edit without blocks');
  return edits;
}

function checkContent(action: StrictAction): void {
  switch (action.type) {
    case 'add_file':
    case 'edit_file':
      return;
    case 'delete_file':
      if (action.content !== '') throw new ProtocolError('delete_file must be empty');
      return;
    case 'partial_edit':
      action.edits = parseSearchReplaceStrict(action.content);
      return;
    default:
      try {
        action.json = JSON.parse(action.content) as JsonValue;
      } catch (error) {
        throw new ProtocolError(`${action.type} content is not JSON: ${(error as Error).message}`);
      }
  }
}

export function parseCompleteActionText(text: string): StrictParseResult {
  const actions: StrictAction[] = [];
  const prose: string[] = [];
  let cursor = 0;
  while (true) {
    const open = text.indexOf(ACTION_OPEN_PREFIX, cursor);
    if (open < 0) {
      prose.push(text.slice(cursor));
      break;
    }
    prose.push(text.slice(cursor, open));
    const tagEnd = text.indexOf('>', open);
    if (tagEnd < 0) throw new ProtocolError(`Unterminated opening tag at ${open}`);
    const attributes = parseAttributes(text.slice(open + ACTION_OPEN_PREFIX.length, tagEnd), open);
    const type = attributes.type;
    if (!type || !isActionType(type)) throw new ProtocolError(`Unknown action type "${type}" at ${open}`);
    for (const name of REQUIRED_ATTRIBUTES[type]) {
      if (!attributes[name]) throw new ProtocolError(`${type} at ${open} lacks "${name}"`);
    }
    const close = text.indexOf(ACTION_CLOSE, tagEnd);
    if (close < 0) throw new ProtocolError(`Unclosed ${type} action at ${open}`);
    let content = text.slice(tagEnd + 1, close);
    if (content.includes(ACTION_OPEN_PREFIX)) throw new ProtocolError(`Nested action at ${open}`);
    if (content.startsWith('\n')) content = content.slice(1);
    if (content.endsWith('\n')) content = content.slice(0, -1);
    const action: StrictAction = { type, attributes, content };
    checkContent(action);
    actions.push(action);
    cursor = close + ACTION_CLOSE.length;
  }
  return {
    actions,
    prose: prose
      .map((piece) => piece.trim())
      .filter(Boolean)
      .join('\n\n'),
  };
}
