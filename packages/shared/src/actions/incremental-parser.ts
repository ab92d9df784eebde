import { unescapeAttribute } from './serialize.ts';
import {
  ACTION_CLOSE,
  ACTION_OPEN_PREFIX,
  type ActionType,
  isActionType,
  REQUIRED_ATTRIBUTES,
} from './tags.ts';

/**
 * The chat's incremental reader of the action-tag protocol (protocol.md beside this file). The
 * server feeds it the model's text deltas to apply each action as soon as its closing tag arrives;
 * the web app feeds it the streamed text to render action cards. Any split of the text into chunks
 * gives the same result as the whole text at once (tested at every position).
 */

/** protocol.md "Streaming states". */
export const ACTION_STATUSES = ['streaming', 'complete', 'truncated'] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];

export interface StreamedAction {
  /** Position among the reply's actions (0-based). */
  index: number;
  /** The `type` attribute as written; when it is not a known type, `error` says so. */
  type: string;
  /** The opening tag's attributes, unescaped. */
  attributes: Record<string, string>;
  title: string;
  path?: string;
  entity?: string;
  source?: string;
  /**
   * The content so far: the leading newline removed; once complete, the trailing one too. While
   * streaming, the characters that may begin the closing tag are held back.
   */
  content: string;
  status: ActionStatus;
  /** Why the action cannot be applied as written (unknown type, missing attribute, not closed). */
  error?: string;
}

export type ReplySegment = { kind: 'text'; text: string } | { kind: 'action'; action: StreamedAction };

export interface ParsedReply {
  /** Prose and actions in order. */
  segments: ReplySegment[];
  actions: StreamedAction[];
  /** The prose outside the tags, joined. */
  text: string;
  /** `finish()` was called: the stream has ended. */
  finished: boolean;
  /** The stream ended while an action was still open (spec 3 §4 "Chat action streaming"). */
  truncated: boolean;
}

/** Texts of the parser's errors (shown on the action card). */
export const ACTION_PARSE_ERRORS = {
  unknownType: (type: string) =>
    type ? `Unknown action type "${type}"` : 'The action has no type attribute',
  missingAttribute: (type: string, name: string) => `A ${type} action needs a "${name}" attribute`,
  notClosed: 'Malformed: this action was not closed before the next one began',
  selfClosing:
    'Malformed: the tag closes itself ("/>") instead of holding the content and ending with </atelier-action>',
  cutOff: 'The output ended before this action was complete',
} as const;

/**
 * Why an action that never closed is not applied: cut by the end of the output, or malformed (the
 * parser's error names it). `cutMessage` is the chat's sentence for a cut.
 */
export function unclosedActionNote(action: StreamedAction, cutMessage: string): string {
  return action.error && action.error !== ACTION_PARSE_ERRORS.cutOff ? action.error : cutMessage;
}

/** Actions that need no content: a self-closing tag is a complete action for them. */
const CONTENTLESS_TYPES: ReadonlySet<string> = new Set(['delete_file']);

/** A markdown fence line just before an action's tag (models wrap actions in ```xml … ```). */
const FENCE_BEFORE_ACTION = /(^|\n)[ \t]*(?:```|~~~)[\w+-]*[ \t]*\n[ \t]*$/;
/** The fence line closing it after the action (and the newline ending that line). */
const FENCE_AFTER_ACTION = /^[ \t]*\n?[ \t]*(?:```|~~~)[ \t]*(?:\n|$)/;

/** `name="value"` or `name='value'` (models write both). */
const ATTRIBUTE = /([A-Za-z_][\w:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** Reads `name="value"` pairs leniently (unknown names are kept; the first of a duplicate wins). */
export function parseActionAttributes(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!.toLowerCase();
    if (!(name in attributes)) attributes[name] = unescapeAttribute(match[2] ?? match[3]!);
  }
  return attributes;
}

/**
 * The error of an opening tag, if its type is unknown or a required attribute is missing. A
 * missing `title` is no error: the card gets a default one (`defaultTitle`).
 */
function attributeError(attributes: Record<string, string>): string | undefined {
  const type = (attributes.type ?? '').toLowerCase();
  if (!isActionType(type)) return ACTION_PARSE_ERRORS.unknownType(attributes.type ?? '');
  for (const name of REQUIRED_ATTRIBUTES[type as ActionType]) {
    if (name !== 'title' && !attributes[name]) return ACTION_PARSE_ERRORS.missingAttribute(type, name);
  }
  return undefined;
}

/** The card's title of an action written without one ("Edit Layout.tsx"). */
function defaultTitle(type: string, attributes: Record<string, string>): string {
  const { path = '', entity = '' } = attributes;
  switch (type) {
    case 'add_file':
      return `Add ${path}`;
    case 'edit_file':
    case 'partial_edit':
      return `Edit ${path}`;
    case 'delete_file':
      return `Delete ${path}`;
    case 'add_entity':
      return `Add the ${entity} entity`;
    case 'edit_entity':
      return `Edit the ${entity} entity`;
    case 'import_entities':
      return `Import ${entity} records`;
    case 'insert_entity_records':
      return `Add ${entity} records`;
    case 'request_secrets':
      return 'Request secrets';
    case 'add_package':
      return `Add ${attributes.package ?? 'a package'}`;
    default:
      return 'Action';
  }
}

function newAction(index: number, tagSource: string): StreamedAction {
  const attributes = parseActionAttributes(tagSource);
  // Upper-case type names (`ADD_FILE`) are read as written in lower case.
  if (attributes.type !== undefined && isActionType(attributes.type.toLowerCase())) {
    attributes.type = attributes.type.toLowerCase();
  }
  const action: StreamedAction = {
    index,
    type: attributes.type ?? '',
    attributes,
    title: attributes.title || defaultTitle(attributes.type ?? '', attributes),
    content: '',
    status: 'streaming',
  };
  if (attributes.path !== undefined) action.path = attributes.path;
  if (attributes.entity !== undefined) action.entity = attributes.entity;
  if (attributes.source !== undefined) action.source = attributes.source;
  const error = attributeError(attributes);
  if (error) action.error = error;
  return action;
}

/**
 * Length of the longest suffix of `text` that is a proper prefix of `token` (a lower-case ASCII
 * tag), in any case: models write `<Atelier-Action>` and `</ATELIER-ACTION>` too.
 */
function partialSuffix(text: string, token: string): number {
  const max = Math.min(text.length, token.length - 1);
  for (let length = max; length > 0; length--) {
    if (token.startsWith(text.slice(text.length - length).toLowerCase())) return length;
  }
  return 0;
}

/** Whether `text` starts with `token` (a lower-case ASCII tag) in any case. */
const startsWithTag = (text: string, token: string) => text.slice(0, token.length).toLowerCase() === token;

/** `text.indexOf(token, from)` in any case (positions stay those of `text`). */
function indexOfTag(text: string, token: string, from = 0): number {
  const pattern = new RegExp(token.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'), 'gi');
  pattern.lastIndex = from;
  return pattern.exec(text)?.index ?? -1;
}

/** Where `token` (a lower-case ASCII tag) last stands in `text`, in any case; -1 when nowhere. */
function lastIndexOfTag(text: string, token: string): number {
  let last = -1;
  for (let at = indexOfTag(text, token); at >= 0; at = indexOfTag(text, token, at + 1)) last = at;
  return last;
}

/** The text without an action whose closing tag never came (on Stop: never half-applied). */
export function withoutOpenAction(text: string): string {
  const open = lastIndexOfTag(text, ACTION_OPEN_PREFIX);
  if (open <= lastIndexOfTag(text, ACTION_CLOSE)) return text;
  // A self-closing tag (`<atelier-action … />`) is complete as written: nothing is open.
  const end = text.indexOf('>', open);
  if (end > 0 && /\/\s*$/.test(text.slice(open, end))) return text;
  return text.slice(0, open).trimEnd();
}

type OpenTagSearch = { at: number; complete: true } | { at: number; complete: false } | undefined;

/**
 * Finds the next opening tag's prefix: `<atelier-action` followed by whitespace or `>`. When the
 * prefix ends the text, the character that decides is still to come (`complete: false`).
 */
function findOpenTag(text: string, from = 0): OpenTagSearch {
  let at = indexOfTag(text, ACTION_OPEN_PREFIX, from);
  while (at >= 0) {
    const next = text[at + ACTION_OPEN_PREFIX.length];
    if (next === undefined) return { at, complete: false };
    if (next === '>' || /\s/.test(next)) return { at, complete: true };
    at = indexOfTag(text, ACTION_OPEN_PREFIX, at + 1);
  }
  return undefined;
}

export class IncrementalActionParser {
  /** Input not yet turned into text or content (a possible tag beginning). */
  private buffer = '';
  private mode: 'text' | 'action' = 'text';
  private readonly segments: ReplySegment[] = [];
  private readonly actionList: StreamedAction[] = [];
  private current: StreamedAction | undefined;
  /** Whether the current action's first content character has been seen (for the leading newline). */
  private contentStarted = false;
  private ended = false;
  /** `finish()` is reading the rest: nothing more will come to decide a held-back fence line. */
  private ending = false;
  /** The current or last action followed a fence line that was removed: its closing line goes too. */
  private inFence = false;
  /** Self-closing actions read by the last `consumeText` (complete as soon as their tag ends). */
  private readonly closedInText: StreamedAction[] = [];

  /** Reads the next chunk; answers the actions that ended with it (complete, or not closed). */
  push(chunk: string): StreamedAction[] {
    if (this.ended) throw new Error('The parser has finished');
    this.buffer += chunk;
    return this.consume();
  }

  /** The stream has ended: an open action is truncated. Answers the actions that ended now. */
  finish(): StreamedAction[] {
    if (this.ended) return [];
    this.ending = true;
    const ended = this.consume();
    this.ended = true;
    if (this.mode === 'action' && this.current) {
      this.current.content += this.buffer;
      this.current.status = 'truncated';
      this.current.error = ACTION_PARSE_ERRORS.cutOff;
      ended.push(this.current);
    } else if (
      startsWithTag(this.buffer, ACTION_OPEN_PREFIX) &&
      this.buffer.length > ACTION_OPEN_PREFIX.length
    ) {
      // Cut inside an opening tag: the reply was cut off while starting an action.
      const action = newAction(this.actionList.length, this.buffer.slice(ACTION_OPEN_PREFIX.length));
      action.status = 'truncated';
      action.error = ACTION_PARSE_ERRORS.cutOff;
      this.addAction(action);
      ended.push(action);
    } else {
      this.addText(this.buffer);
    }
    this.buffer = '';
    this.current = undefined;
    this.mode = 'text';
    return ended;
  }

  get finished(): boolean {
    return this.ended;
  }

  /** The reply so far (copies: safe to keep while the parser goes on). */
  snapshot(): ParsedReply {
    const segments = this.segments.map(
      (segment): ReplySegment =>
        segment.kind === 'text'
          ? { kind: 'text', text: segment.text }
          : { kind: 'action', action: copyAction(segment.action) },
    );
    const actions = segments.flatMap((segment) => (segment.kind === 'action' ? [segment.action] : []));
    const last = actions.at(-1);
    return {
      segments,
      actions,
      text: segments.flatMap((segment) => (segment.kind === 'text' ? [segment.text] : [])).join(''),
      finished: this.ended,
      truncated: this.ended && last?.status === 'truncated',
    };
  }

  private addText(raw: string) {
    // A closing tag outside any action (after a self-closing or nested one) is not prose.
    const text = raw.replace(STRAY_CLOSE, '');
    if (!text) return;
    const last = this.segments.at(-1);
    if (last?.kind === 'text') last.text += text;
    else this.segments.push({ kind: 'text', text });
  }

  private addAction(action: StreamedAction) {
    this.actionList.push(action);
    this.segments.push({ kind: 'action', action });
  }

  private consume(): StreamedAction[] {
    const ended: StreamedAction[] = [];
    while (true) {
      if (this.mode === 'text') {
        const more = this.consumeText();
        ended.push(...this.closedInText.splice(0));
        if (!more) return ended;
      } else {
        const action = this.consumeAction();
        if (!action) return ended;
        ended.push(action);
      }
    }
  }

  /** Emits prose up to the next opening tag and opens it; false when more input is needed. */
  private consumeText(): boolean {
    if (this.inFence && !this.skipFenceClose()) return false;
    const open = findOpenTag(this.buffer);
    if (!open) {
      const keep = Math.max(
        partialSuffix(this.buffer, ACTION_OPEN_PREFIX),
        partialSuffix(this.buffer, ACTION_CLOSE),
      );
      this.addText(this.buffer.slice(0, this.buffer.length - keep));
      this.buffer = this.buffer.slice(this.buffer.length - keep);
      return false;
    }
    this.addText(this.buffer.slice(0, open.at));
    this.buffer = this.buffer.slice(open.at);
    if (!open.complete) return false;
    const end = this.buffer.indexOf('>', ACTION_OPEN_PREFIX.length);
    if (end < 0) return false;
    const source = this.buffer.slice(ACTION_OPEN_PREFIX.length, end);
    this.buffer = this.buffer.slice(end + 1);
    this.removeFenceBefore();
    const action = newAction(this.actionList.length, source.replace(/\/\s*$/, ''));
    this.addAction(action);
    if (/\/\s*$/.test(source)) {
      // `<atelier-action … />`: complete as written; only a content-less action can be applied.
      action.status = 'complete';
      if (!action.error && !CONTENTLESS_TYPES.has(action.type))
        action.error = ACTION_PARSE_ERRORS.selfClosing;
      this.closedInText.push(action);
      return true;
    }
    this.current = action;
    this.contentStarted = false;
    this.mode = 'action';
    return true;
  }

  /** An action's tag right after a fence line: the fence line is not shown (the fence only wrapped it). */
  private removeFenceBefore() {
    const last = this.segments.at(-1);
    // Right after an action of a fence (blanks between): the next action is in the same fence.
    if (this.inFence && (last?.kind !== 'text' || last.text.trim() === '')) return;
    if (last?.kind !== 'text') {
      this.inFence = false;
      return;
    }
    const match = FENCE_BEFORE_ACTION.exec(last.text);
    if (!match) {
      this.inFence = false;
      return;
    }
    last.text = last.text.slice(0, match.index + match[1]!.length);
    if (!last.text) this.segments.pop();
    this.inFence = true;
  }

  /**
   * After an action that a fence wrapped: drops the fence's closing line. Answers false while the
   * input cannot tell yet (only blanks, or part of a fence line, so far).
   */
  private skipFenceClose(): boolean {
    const match = FENCE_AFTER_ACTION.exec(this.buffer);
    if (match && (match[0].endsWith('\n') || this.ending)) {
      this.buffer = `\n${this.buffer.slice(match[0].length)}`;
      this.inFence = false;
      return true;
    }
    const rest = this.buffer.replace(/^\s+/, '');
    const undecided = rest === '' || (/^`{1,3}[ \t]*$/.test(rest) && !match) || (match && !this.ending);
    if (undecided && !this.ending) return false;
    // Another action of the same fence may follow; any other text ends it.
    if (
      !(
        rest.startsWith('<') &&
        (startsWithTag(rest, ACTION_OPEN_PREFIX) || ACTION_OPEN_PREFIX.startsWith(rest.toLowerCase()))
      )
    ) {
      this.inFence = false;
    }
    return true;
  }

  /** Moves content into the open action; answers it when it ended (closed, or a new tag began). */
  private consumeAction(): StreamedAction | undefined {
    const action = this.current!;
    if (!this.contentStarted) {
      if (this.buffer.length === 0) return undefined;
      if (this.buffer.startsWith('\n')) this.buffer = this.buffer.slice(1);
      this.contentStarted = true;
    }
    const close = indexOfTag(this.buffer, ACTION_CLOSE);
    const open = findOpenTag(this.buffer);
    if (open && (close < 0 || open.at < close)) {
      if (!open.complete) {
        // The prefix of a next tag ends the input: wait for the character that decides.
        action.content += this.buffer.slice(0, open.at);
        this.buffer = this.buffer.slice(open.at);
        return undefined;
      }
      // A new action began before this one was closed: this one ends unapplied.
      action.content = trimOneNewline(action.content + this.buffer.slice(0, open.at));
      action.status = 'truncated';
      action.error = ACTION_PARSE_ERRORS.notClosed;
      this.buffer = this.buffer.slice(open.at);
      this.endAction();
      return action;
    }
    if (close >= 0) {
      action.content = trimOneNewline(action.content + this.buffer.slice(0, close));
      action.status = 'complete';
      this.buffer = this.buffer.slice(close + ACTION_CLOSE.length);
      this.endAction();
      return action;
    }
    const keep = Math.max(
      partialSuffix(this.buffer, ACTION_CLOSE),
      partialSuffix(this.buffer, ACTION_OPEN_PREFIX),
    );
    action.content += this.buffer.slice(0, this.buffer.length - keep);
    this.buffer = this.buffer.slice(this.buffer.length - keep);
    return undefined;
  }

  private endAction() {
    this.current = undefined;
    this.mode = 'text';
  }
}

const STRAY_CLOSE = /<\/atelier-action\s*>/gi;

function trimOneNewline(content: string): string {
  return content.endsWith('\n') ? content.slice(0, -1) : content;
}

function copyAction(action: StreamedAction): StreamedAction {
  return { ...action, attributes: { ...action.attributes } };
}

/** Parses a whole reply text at once (`finished`: the stream has ended, open actions are truncated). */
export function parseActionReply(text: string, finished = true): ParsedReply {
  const parser = new IncrementalActionParser();
  parser.push(text);
  if (finished) parser.finish();
  return parser.snapshot();
}
