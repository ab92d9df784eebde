import { OFFLINE_MODEL_ID, OFFLINE_MODEL_LABEL } from '@atelier/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { FormError } from '../../auth/components/field.tsx';
import { SettingsSection } from '../../auth/components/settings/section.tsx';
import { errorMessage } from '../../auth/error-message.ts';
import { llmApi, llmKeys } from '../api.ts';
import { costText, formatTokens } from '../format.ts';
import { UsageByMessage } from './usage-by-message.tsx';

/** Token usage and cost: totals and per model for one app or all, and the latest messages. */
export function UsageSection() {
  const [draft, setDraft] = useState('');
  const [appId, setAppId] = useState<string | undefined>(undefined);
  const usage = useQuery({
    queryKey: llmKeys.usage(appId),
    queryFn: ({ signal }) => llmApi.usage(appId, signal),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setAppId(draft.trim() || undefined);
  }

  const summary = usage.data?.summary;
  const messages = usage.data?.messages ?? [];
  return (
    <SettingsSection
      title="Token usage"
      description="What AI calls used and cost, at the prices of the time of each call."
    >
      <form onSubmit={submit} className="flex items-end gap-2">
        <div className="flex flex-1 flex-col gap-1.5">
          <label htmlFor="llm-usage-app" className="font-medium text-sm">
            App id
          </label>
          <Input
            id="llm-usage-app"
            placeholder="All apps"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
        </div>
        <Button type="submit" variant="outline">
          Show
        </Button>
      </form>
      {usage.isError ? <FormError message={errorMessage(usage.error)} /> : null}
      {!summary ? (
        usage.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : null
      ) : (
        <>
          <dl className="grid grid-cols-3 gap-3">
            <Stat label="Calls" value={String(summary.calls)} />
            <Stat label="Tokens" value={formatTokens(summary.totalTokens)} />
            <Stat label="Cost" value={costText(summary.totalCost, summary)} />
          </dl>
          {summary.calls === 0 ? (
            <p className="text-muted-foreground text-sm">No AI calls yet{appId ? ' for this app' : ''}.</p>
          ) : (
            <UsageTable
              caption="By model"
              head={['Model', 'Calls', 'Tokens', 'Cost']}
              rows={summary.byModel.map((m) => [
                m.model === OFFLINE_MODEL_ID ? OFFLINE_MODEL_LABEL : m.model,
                String(m.calls),
                formatTokens(m.totalTokens),
                costText(m.totalCost, m),
              ])}
            />
          )}
          {messages.length > 0 ? (
            <div className="overflow-x-auto">
              <UsageByMessage caption="Latest messages" rows={messages} />
            </div>
          ) : null}
        </>
      )}
    </SettingsSection>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md border border-border px-3 py-2">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="font-semibold text-lg tabular-nums">{value}</dd>
    </div>
  );
}

function UsageTable({ caption, head, rows }: { caption: string; head: string[]; rows: string[][] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="pb-2 text-left font-medium text-sm">{caption}</caption>
        <thead className="text-left text-muted-foreground text-xs">
          <tr>
            {head.map((cell) => (
              <th key={cell} className="py-1.5 pr-3 font-medium">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.join('|')} className="border-border border-t">
              {head.map((column, index) => (
                <td key={column} className="py-1.5 pr-3 tabular-nums">
                  {row[index]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
