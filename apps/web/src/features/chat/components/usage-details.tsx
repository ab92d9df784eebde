import { TOKEN_COST_UNIT, USAGE_TEXT, type UsageRecord } from '@atelier/shared';
import { costText, formatPrice, formatTokens, tokensText } from '../../llm/format.ts';

/** "1.2K tokens · $0.0004" */
export const usageSummaryText = (usage: UsageRecord) =>
  `${tokensText(usage.totalTokens, usage, formatTokens)} tokens · ${costText(usage.totalCost, usage)}`;

const perMillion = (rate: number) => `${formatPrice(rate)} / ${formatTokens(TOKEN_COST_UNIT)}`;

/** A reply's tokens and cost by kind, at its rates per 1M tokens (spec 3 §3 "Usage record"). */
export function UsageDetails({ usage }: { usage: UsageRecord }) {
  const rows: [string, number, number, number][] = [
    ['Prompt', usage.promptTokens, usage.promptCost, usage.rates.prompt],
    ['Completion', usage.completionTokens, usage.completionCost, usage.rates.completion],
  ];
  if (usage.cacheReadTokens > 0)
    rows.push(['Cache read', usage.cacheReadTokens, usage.cacheReadCost, usage.rates.cacheRead]);
  if (usage.cacheWriteTokens > 0)
    rows.push(['Cache write', usage.cacheWriteTokens, usage.cacheWriteCost, usage.rates.cacheWrite]);
  return (
    <div className="rounded-md border border-border p-2 text-xs">
      <table className="w-full tabular-nums">
        <caption className="sr-only">Tokens and cost of this reply</caption>
        <thead className="text-muted-foreground">
          <tr>
            <th className="text-left font-normal">Kind</th>
            <th className="text-right font-normal">Tokens</th>
            <th className="text-right font-normal">Cost</th>
            <th className="text-right font-normal">Rate</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, tokens, cost, rate]) => (
            <tr key={label}>
              <td>{label}</td>
              <td className="text-right">{tokensText(tokens, usage)}</td>
              <td className="text-right">{costText(cost, usage)}</td>
              <td className="text-right">{perMillion(rate)}</td>
            </tr>
          ))}
          <tr className="font-medium">
            <td>Total</td>
            <td className="text-right" title={usage.estimated ? USAGE_TEXT.estimatedTitle : undefined}>
              {tokensText(usage.totalTokens, usage)}
            </td>
            <td className="text-right">{costText(usage.totalCost, usage)}</td>
            <td />
          </tr>
        </tbody>
      </table>
      <p className="mt-1 text-muted-foreground">
        {usage.modelInfo.displayName ?? usage.modelInfo.model} · {usage.finishReason}
      </p>
    </div>
  );
}
