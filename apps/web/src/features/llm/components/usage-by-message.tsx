import { LLM_ERROR_HINTS, type MessageUsage, USAGE_TEXT } from '@atelier/shared';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { costText, tokensText } from '../format.ts';

/**
 * One row per assistant message (all its calls added up): model, tokens ("≈" when counted here),
 * cost ("price unknown" for a model without a price, never $0) and, when its last call failed, the
 * provider's reason with the hint of its kind (issue 21 §7, §11). Admins only: the chat's usage card
 * and the AI models screen show it.
 */
export function UsageByMessage({ rows, caption }: { rows: readonly MessageUsage[]; caption?: string }) {
  return (
    <table className="w-full text-xs tabular-nums">
      {caption ? <caption className="pb-2 text-left font-medium text-sm">{caption}</caption> : null}
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
            <td className="py-1 font-mono" title={row.messageId}>
              {row.messageId.slice(0, 8)}
            </td>
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
