import { LLM_ERROR_HINTS, type LlmUsageResponse, USAGE_TEXT } from '@atelier/shared';
import { BarChart3 } from 'lucide-react';
import { memo, useState } from 'react';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { formatTokens, formatUsd } from '../../llm/format.ts';
import { useAppUsage } from '../api.ts';
import { costText, tokensText } from './usage-details.tsx';

/**
 * The admin token-usage summary card below the chat, with the per-message usage table (spec 3 §2, §6).
 * Memoised, and the table is built only while its dialog is open: the chat panel renders on every
 * chunk of a streaming reply, and formatting a row per earlier reply each time made a long
 * conversation stream slower than a short one (issue 21 §9).
 */
export const UsageCard = memo(function UsageCard({ appId }: { appId: string }) {
  const usage = useAppUsage(appId, true);
  const [open, setOpen] = useState(false);
  const summary = usage.data?.summary;
  if (!summary) return null;
  return (
    <section
      aria-label="Token usage"
      className="flex items-center gap-3 border-border border-t px-3 py-2 text-xs"
    >
      <BarChart3 aria-hidden="true" className="size-4 text-muted-foreground" />
      <span className="tabular-nums">
        {formatTokens(summary.totalTokens)} tokens · {formatUsd(summary.totalCost)} · {summary.calls}{' '}
        {summary.calls === 1 ? 'call' : 'calls'}
      </span>
      <Button size="sm" variant="ghost" className="ml-auto h-7 px-2" onClick={() => setOpen(true)}>
        Usage by message
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-h-[85vh] max-w-3xl overflow-y-auto">
          <DialogHeader>
            <DialogTitle>Token usage by message</DialogTitle>
          </DialogHeader>
          <UsageByMessage rows={usage.data?.messages ?? []} />
        </DialogContent>
      </Dialog>
    </section>
  );
});

/** One row per reply (and its error, for admins), rendered only when the dialog is open. */
function UsageByMessage({ rows }: { rows: LlmUsageResponse['messages'] }) {
  return (
    <table className="w-full text-xs tabular-nums">
      <thead className="text-left text-muted-foreground">
        <tr>
          <th className="font-normal">Message</th>
          <th className="font-normal">Model</th>
          <th className="text-right font-normal">Prompt</th>
          <th className="text-right font-normal">Completion</th>
          <th className="text-right font-normal">Cost</th>
          <th className="text-right font-normal">When</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => [
          <tr key={row.messageId} className="border-border border-t">
            <td className="py-1 font-mono">{row.messageId.slice(0, 8)}</td>
            <td className="py-1">{row.usage.modelInfo.displayName ?? row.usage.modelInfo.model}</td>
            <td
              className="py-1 text-right"
              title={row.usage.estimated ? USAGE_TEXT.estimatedTitle : undefined}
            >
              {tokensText(row.usage.promptTokens, row.usage)}
            </td>
            <td className="py-1 text-right">{tokensText(row.usage.completionTokens, row.usage)}</td>
            <td className="py-1 text-right">{costText(row.usage.totalCost, row.usage)}</td>
            <td className="py-1 text-right">
              <RelativeTime value={row.usage.timestamp} />
            </td>
          </tr>,
          row.error ? (
            <tr key={`${row.messageId}-error`} data-testid="usage-error">
              <td colSpan={6} className="pb-1 text-destructive">
                <span className="break-words font-mono">{row.error}</span>
                {row.errorReason ? <span className="block">{LLM_ERROR_HINTS[row.errorReason]}</span> : null}
              </td>
            </tr>
          ) : null,
        ])}
      </tbody>
    </table>
  );
}
