import type { ReactNode } from 'react';

/** Bold (**x**) and emphasis (_x_ or *x*) of one line of the answer. */
function inline(text: string): ReactNode[] {
  const parts = text.split(/(\*\*[^*]+\*\*|_[^_]+_|\*[^*]+\*)/g).filter((part) => part !== '');
  return parts.map((part, i) => {
    const key = `${i}-${part.slice(0, 8)}`;
    if (part.startsWith('**') && part.endsWith('**')) return <strong key={key}>{part.slice(2, -2)}</strong>;
    if ((part.startsWith('_') && part.endsWith('_')) || (part.startsWith('*') && part.endsWith('*')))
      return <em key={key}>{part.slice(1, -1)}</em>;
    return part;
  });
}

/** The answer of a run: headings, bullet lists and paragraphs of its Markdown, as text (never HTML). */
export function ToolResult({ text }: { text: string }) {
  const blocks: ReactNode[] = [];
  let list: string[] = [];
  const flush = () => {
    if (list.length === 0) return;
    const items = list;
    list = [];
    blocks.push(
      <ul key={`ul-${blocks.length}`} className="ml-5 list-disc space-y-1">
        {items.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines of a finished answer never move
          <li key={i}>{inline(item)}</li>
        ))}
      </ul>,
    );
  };
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trimEnd();
    const bullet = /^\s*[-*]\s+(.*)$/.exec(line);
    if (bullet) {
      list.push(bullet[1] ?? '');
      continue;
    }
    flush();
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading)
      blocks.push(
        <h3 key={i} className="font-semibold text-lg">
          {inline(heading[2] ?? '')}
        </h3>,
      );
    else if (line.trim() !== '') blocks.push(<p key={i}>{inline(line)}</p>);
  }
  flush();
  return <div className="flex flex-col gap-3 text-sm leading-relaxed">{blocks}</div>;
}
