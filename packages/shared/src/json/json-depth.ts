/**
 * The nesting depth of a JSON text, counted in one pass over its characters (strings skipped), so a
 * deeply nested text is refused before anything recurses over it: parsers, validators, serialisers.
 * Request bodies (the server's json-body) and entity files (`parseEntitySchema`) are checked with it.
 */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \\ */) i++;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 123 /* { */ || ch === 91 /* [ */) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (ch === 125 /* } */ || ch === 93 /* ] */) depth--;
  }
  return deepest;
}
