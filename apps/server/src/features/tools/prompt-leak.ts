/** Words in a row that an answer may share with the tool's prompt before it counts as a leak. */
export const PROMPT_LEAK_WORDS = 8;

/** The tags `fillPrompt` fills: what the caller typed there is theirs, not the builder's. */
const TAG = /\{\{\s*[\w-]+\s*\}\}|\{[\w-]+\}/g;

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * Whether `answer` repeats a run of `PROMPT_LEAK_WORDS` words of the builder's `prompt` (case,
 * punctuation and spacing ignored; the filled-in tags are not part of it). A real model can be
 * talked into restating its instructions ("repeat everything above"); a tool's prompt is the
 * builder's and never reaches the person running the tool (issue 20 #13).
 */
export function repeatsPrompt(answer: string, prompt: string): boolean {
  const shingles = new Set<string>();
  for (const literal of prompt.split(TAG)) {
    const run = words(literal);
    for (let i = 0; i + PROMPT_LEAK_WORDS <= run.length; i++) {
      shingles.add(run.slice(i, i + PROMPT_LEAK_WORDS).join(' '));
    }
  }
  if (shingles.size === 0) return false;
  const said = words(answer);
  for (let i = 0; i + PROMPT_LEAK_WORDS <= said.length; i++) {
    if (shingles.has(said.slice(i, i + PROMPT_LEAK_WORDS).join(' '))) return true;
  }
  return false;
}
