import type { ContextPassage, RetrievedFile } from '@atelier/shared';
import { formatTokens } from '../../llm/format.ts';

export interface ContextFactsProps {
  files: readonly RetrievedFile[];
  passages: readonly ContextPassage[];
  belowThreshold: readonly { filename: string; score: number }[];
  isAdmin: boolean;
}

/** The files and passages of a reply's context; admins see methods, scores and token estimates. */
export function ContextFacts({ files, passages, belowThreshold, isAdmin }: ContextFactsProps) {
  return (
    <div className="flex flex-col gap-3 text-sm">
      <table className="w-full">
        <caption className="sr-only">Files</caption>
        <thead className="text-left text-muted-foreground text-xs">
          <tr>
            <th className="font-normal">File</th>
            {isAdmin ? <th className="font-normal">Method</th> : null}
            {isAdmin ? <th className="text-right font-normal">Score</th> : null}
            {isAdmin ? <th className="text-right font-normal">Tokens</th> : null}
          </tr>
        </thead>
        <tbody>
          {files.map((file) => (
            <tr key={file.filePath} className="border-border border-t">
              <td className="py-1 font-mono text-xs">{file.filePath}</td>
              {isAdmin ? <td className="py-1 text-xs">{file.retrievalMethods.join(', ')}</td> : null}
              {isAdmin ? (
                <td className="py-1 text-right text-xs tabular-nums">{file.score.toFixed(2)}</td>
              ) : null}
              {isAdmin ? (
                <td className="py-1 text-right text-xs tabular-nums">
                  {formatTokens(file.tokenEstimation ?? 0)}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      {passages.length > 0 ? (
        <section aria-label="Data-source passages" className="flex flex-col gap-2">
          <h3 className="font-medium text-sm">Data-source passages</h3>
          {passages.map((passage) => (
            <div
              key={`${passage.itemId}-${passage.text.slice(0, 20)}`}
              className="rounded-md border border-border p-2"
            >
              <p className="text-muted-foreground text-xs">
                {passage.itemName}
                {isAdmin
                  ? ` · ${passage.method} · score ${passage.score.toFixed(3)} · ${formatTokens(passage.tokenEstimation ?? 0)} tokens`
                  : ''}
              </p>
              <p className="line-clamp-4 whitespace-pre-wrap text-xs">{passage.text}</p>
            </div>
          ))}
        </section>
      ) : null}
      {isAdmin && belowThreshold.length > 0 ? (
        <p className="text-muted-foreground text-xs">
          Left out (below the threshold or the token limit):{' '}
          {belowThreshold.map((f) => `${f.filename} (${f.score.toFixed(2)})`).join(', ')}
        </p>
      ) : null}
    </div>
  );
}
