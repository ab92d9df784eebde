import { type Passage, parsePassages } from '../../platform/llm/prompts/index.ts';

const STOP_WORDS = new Set(
  'a an and are as at be but by for from has have how i in is it its me my of on or our so that the their them they this to was we what when where which who why will with you your'.split(
    ' ',
  ),
);

const terms = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length > 1 && !STOP_WORDS.has(word)),
  );

function excerpt(text: string, max = 280): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 40))}…`;
}

/** The passages that share the most words with the request (ties: retrieval score, then order). */
export function rankPassages(request: string, passages: readonly Passage[], limit = 3): Passage[] {
  const wanted = terms(request);
  return passages
    .map((passage, index) => {
      let overlap = 0;
      for (const term of terms(passage.text)) if (wanted.has(term)) overlap++;
      return { passage, index, overlap };
    })
    .sort(
      (a, b) => b.overlap - a.overlap || (b.passage.score ?? 0) - (a.passage.score ?? 0) || a.index - b.index,
    )
    .slice(0, limit)
    .map((entry) => entry.passage);
}

/**
 * A tool run answered without a model: the most relevant retrieved passages quoted with their
 * sources. Deterministic for the same prompt and passages. The request is the builder's hidden
 * prompt filled with the visitor's inputs: it is used to rank, never shown (issue 20 #13).
 */
export function offlineToolResult(input: {
  title: string | undefined;
  request: string;
  system: string;
}): string {
  const passages = rankPassages(input.request, parsePassages(input.system));
  const lines = [`## ${input.title ?? 'Result'}`, ''];
  if (passages.length === 0) {
    lines.push("I couldn't find anything about this in the tool's data sources.", '');
  } else {
    lines.push('Here is what the data sources say:', '');
    for (const passage of passages) lines.push(`- ${excerpt(passage.text)} _(${passage.source})_`);
    lines.push('');
  }
  // Seen by the tool's visitors: no builder-facing advice ("connect a model") here (issue 19 item 6).
  lines.push("_This answer quotes the tool's data sources._");
  return `${lines.join('\n')}\n`;
}
