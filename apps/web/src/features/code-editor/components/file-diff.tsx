import { type DiffItem, type DiffLine, diffFile, sideBySideRows } from '@atelier/shared';
import { useMemo } from 'react';
import { cn } from '../../../lib/cn.ts';

export type DiffLayout = 'unified' | 'split';

const LINE_BG: Record<DiffLine['kind'], string> = {
  context: '',
  added: 'bg-green-500/10',
  removed: 'bg-red-500/10',
};
const WORD_BG: Record<DiffLine['kind'], string> = {
  context: '',
  added: 'bg-green-500/30',
  removed: 'bg-red-500/30',
};
const MARK: Record<DiffLine['kind'], string> = { context: ' ', added: '+', removed: '-' };

function LineText({ line }: { line: DiffLine }) {
  if (!line.segments) return <>{line.text}</>;
  // Keyed by their character offset in the line: stable for a given line.
  let offset = 0;
  const keyed = line.segments.map((segment) => {
    const at = offset;
    offset += segment.text.length;
    return { ...segment, at };
  });
  return (
    <>
      {keyed.map((segment) =>
        segment.changed ? (
          <mark
            key={segment.at}
            data-word-change={line.kind}
            className={cn('rounded-sm text-inherit', WORD_BG[line.kind])}
          >
            {segment.text}
          </mark>
        ) : (
          <span key={segment.at}>{segment.text}</span>
        ),
      )}
    </>
  );
}

function Cell({ line, side }: { line: DiffLine | undefined; side: 'old' | 'new' }) {
  if (!line) return <td colSpan={2} className="bg-muted/40" />;
  const number = side === 'old' ? line.oldLine : line.newLine;
  return (
    <>
      <td className="w-10 select-none pr-2 text-right align-top text-muted-foreground">{number}</td>
      <td className={cn('whitespace-pre-wrap break-all align-top', LINE_BG[line.kind])}>
        <span className="select-none text-muted-foreground">{MARK[line.kind]} </span>
        <LineText line={line} />
      </td>
    </>
  );
}

/** One file's changes, unified or side by side, with 3 context lines and word highlights (spec 3 §5). */
export function FileDiff({ item, layout }: { item: DiffItem; layout: DiffLayout }) {
  const diff = useMemo(() => diffFile(item.oldCode, item.newCode), [item.oldCode, item.newCode]);
  return (
    <div className="overflow-x-auto rounded border font-mono text-xs" data-testid="file-diff">
      {!diff.wordHighlighting ? (
        <p className="border-b px-2 py-1 font-sans text-muted-foreground">
          Word highlighting is off for files over 10,000 characters.
        </p>
      ) : null}
      <table className="w-full border-collapse" aria-label={`Changes in ${item.path}`}>
        {diff.hunks.map((hunk) => (
          <tbody key={hunk.header}>
            <tr>
              <td colSpan={layout === 'split' ? 4 : 3} className="bg-muted px-2 py-0.5 text-muted-foreground">
                {hunk.header}
              </td>
            </tr>
            {layout === 'split'
              ? sideBySideRows(hunk).map((row, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional within a hunk
                  <tr key={i}>
                    <Cell line={row.left} side="old" />
                    <Cell line={row.right} side="new" />
                  </tr>
                ))
              : hunk.lines.map((line, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional within a hunk
                  <tr key={i} data-line-kind={line.kind}>
                    <td className="w-10 select-none pr-1 text-right align-top text-muted-foreground">
                      {line.oldLine ?? ''}
                    </td>
                    <Cell line={line} side="new" />
                  </tr>
                ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
