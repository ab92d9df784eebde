/**
 * The subset of regular expressions a `$regex` filter may use. PostgreSQL runs the filter (`~`,
 * `~*`), and its engine expands counted repetitions into automaton states: nested ones such as
 * `((a{1,50}){1,50}){1,50}` grow to millions of states and hold the database (and, on PGlite, the
 * whole API process) for minutes. The subset keeps every pattern a small automaton, and means the
 * same in PostgreSQL's and JavaScript's syntax:
 *
 * - literal characters and escaped punctuation (`\.`, `\(`, `\\` …), `\t` `\n` `\r`;
 * - `.`, the class escapes `\d \D \s \S \w \W`, bracket classes (`[a-z0-9_]`, `[^,]`);
 * - the anchors `^` and `$`, alternation `|`, groups `( … )` and `(?: … )`;
 * - the quantifiers `* + ?`, `{n}`, `{n,}` and `{n,m}` with bounds up to {@link SAFE_REGEX_LIMITS.repeat},
 *   on an element that holds no quantifier itself (no nested quantifiers), and no lazy forms.
 *
 * Everything else (back-references, lookarounds, word-boundary and other letter escapes, POSIX
 * `[[:alpha:]]` classes, options inside the pattern) is refused, as is a pattern whose expanded
 * size passes {@link SAFE_REGEX_LIMITS.size}.
 */

export const SAFE_REGEX_LIMITS = {
  /** The largest bound of a counted repetition (`{n,m}`). */
  repeat: 100,
  /** The largest expanded size: each element counts once per repetition its quantifiers allow. */
  size: 1000,
} as const;

/** Why a pattern is outside the subset, as a message for the caller (or undefined when it is inside). */
export function unsafeRegexReason(pattern: string): string | undefined {
  try {
    new Parser(pattern).parse();
    return undefined;
  } catch (error) {
    if (error instanceof Refusal) return error.message;
    throw error;
  }
}

class Refusal extends Error {}

const CLASS_ESCAPES = new Set(['d', 'D', 's', 'S', 'w', 'W']);
const CONTROL_ESCAPES = new Set(['t', 'n', 'r']);
const isPunctuation = (char: string) => /^[!-/:-@[-`{-~]$/.test(char);

/** One parsed element: its expanded size and whether a quantifier occurs in it. */
interface Piece {
  size: number;
  quantified: boolean;
  /** Anchors cannot be repeated. */
  anchor: boolean;
}

class Parser {
  private at = 0;

  constructor(private readonly text: string) {}

  parse(): void {
    const { size } = this.alternation(0);
    if (this.at < this.text.length) throw new Refusal('$regex has an unmatched ")"');
    if (size > SAFE_REGEX_LIMITS.size)
      throw new Refusal('$regex is too complex: use fewer or smaller repetitions');
  }

  private peek(offset = 0): string | undefined {
    return this.text[this.at + offset];
  }

  /** `a|b|c` up to a `)` or the end. */
  private alternation(depth: number): Piece {
    const first = this.sequence(depth);
    let { size, quantified } = first;
    while (this.peek() === '|') {
      this.at += 1;
      const next = this.sequence(depth);
      size += next.size;
      quantified ||= next.quantified;
    }
    return { size, quantified, anchor: false };
  }

  private sequence(depth: number): Piece {
    let size = 0;
    let quantified = false;
    while (this.at < this.text.length && this.peek() !== '|' && this.peek() !== ')') {
      const atom = this.atom(depth);
      const piece = this.quantifier(atom);
      size += piece.size;
      quantified ||= piece.quantified;
      if (size > SAFE_REGEX_LIMITS.size) {
        throw new Refusal('$regex is too complex: use fewer or smaller repetitions');
      }
    }
    return { size, quantified, anchor: false };
  }

  private atom(depth: number): Piece {
    const char = this.peek() as string;
    this.at += 1;
    switch (char) {
      case '^':
      case '$':
        return { size: 0, quantified: false, anchor: true };
      case '(':
        return this.group(depth);
      case '[':
        this.bracket();
        return { size: 1, quantified: false, anchor: false };
      case '\\':
        this.escape(false);
        return { size: 1, quantified: false, anchor: false };
      case '*':
      case '+':
      case '?':
      case '{':
        throw new Refusal(`$regex has a quantifier "${char}" with nothing to repeat`);
      case ']':
      case '}':
        throw new Refusal(`$regex must escape "${char}" as "\\${char}"`);
      default:
        return { size: 1, quantified: false, anchor: false };
    }
  }

  private group(depth: number): Piece {
    if (depth >= 10) throw new Refusal('$regex may nest groups at most 10 levels');
    if (this.peek() === '?') {
      if (this.peek(1) !== ':') {
        throw new Refusal('$regex may not use lookarounds or inline options: only (…) and (?:…) groups');
      }
      this.at += 2;
    }
    const inner = this.alternation(depth + 1);
    if (this.peek() !== ')') throw new Refusal('$regex has an unclosed "("');
    this.at += 1;
    return { ...inner, anchor: false };
  }

  private bracket(): void {
    if (this.peek() === '^') this.at += 1;
    if (this.peek() === ']') throw new Refusal('$regex must escape "]" inside a class as "\\]"');
    let members = 0;
    while (this.peek() !== ']') {
      const char = this.peek();
      if (char === undefined) throw new Refusal('$regex has an unclosed "["');
      this.at += 1;
      if (char === '[') throw new Refusal('$regex must escape "[" inside a class as "\\["');
      if (char === '\\') this.escape(true);
      members += 1;
    }
    this.at += 1;
    if (members === 0) throw new Refusal('$regex has an empty class "[]"');
  }

  /** The character after a backslash (the backslash is consumed). */
  private escape(inClass: boolean): void {
    const char = this.peek();
    if (char === undefined) throw new Refusal('$regex ends with a lone "\\"');
    this.at += 1;
    if (CONTROL_ESCAPES.has(char) || isPunctuation(char)) return;
    if (CLASS_ESCAPES.has(char)) {
      if (inClass && char === char.toUpperCase()) {
        throw new Refusal(`$regex may not use "\\${char}" inside a class`);
      }
      return;
    }
    if (/[1-9]/.test(char)) throw new Refusal('$regex may not use back-references');
    throw new Refusal(
      `$regex may not use "\\${char}": escape only punctuation, or use \\d \\w \\s \\D \\W \\S \\t \\n \\r`,
    );
  }

  /** An optional quantifier after an atom. */
  private quantifier(atom: Piece): Piece {
    const char = this.peek();
    let most: number;
    if (char === '*' || char === '+' || char === '?') {
      this.at += 1;
      most = char === '?' ? 1 : 2;
    } else if (char === '{') {
      most = this.counted();
    } else {
      return atom;
    }
    if (atom.anchor) throw new Refusal('$regex may not repeat an anchor');
    if (atom.quantified) {
      throw new Refusal('$regex may not nest quantifiers: a repeated group may not hold a repetition');
    }
    const next = this.peek();
    if (next === '?') throw new Refusal('$regex may not use lazy quantifiers ("*?", "+?", "??", "{n,m}?")');
    if (next === '*' || next === '+' || next === '{') throw new Refusal('$regex may not repeat a repetition');
    return { size: atom.size * Math.max(most, 1), quantified: true, anchor: false };
  }

  /** `{n}`, `{n,}` or `{n,m}`: the copies it expands to (`{n,}` is n copies and a loop). */
  private counted(): number {
    const match = /^\{(\d{1,6})(,(\d{0,6}))?\}/.exec(this.text.slice(this.at));
    if (!match)
      throw new Refusal('$regex has a "{" that is not a repetition {n}, {n,} or {n,m}: escape it as "\\{"');
    this.at += match[0].length;
    const least = Number(match[1]);
    const most = match[2] === undefined ? least : match[3] === '' ? undefined : Number(match[3]);
    if (least > SAFE_REGEX_LIMITS.repeat || (most !== undefined && most > SAFE_REGEX_LIMITS.repeat)) {
      throw new Refusal(`$regex may repeat at most ${SAFE_REGEX_LIMITS.repeat} times in {n,m}`);
    }
    if (most !== undefined && most < least) throw new Refusal('$regex has a repetition {n,m} with m below n');
    return most ?? least + 1;
  }
}
