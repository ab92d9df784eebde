import { type LlmSettings, type LlmSettingsUpdate, type ModelInfo, modelInfoSchema } from '@atelier/shared';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { FormError } from '../../auth/components/field.tsx';
import { SettingsSection } from '../../auth/components/settings/section.tsx';
import { errorMessage } from '../../auth/error-message.ts';

interface Props {
  settings: LlmSettings;
  save: (patch: LlmSettingsUpdate) => Promise<unknown>;
  refreshPrices: () => Promise<unknown>;
}

type Row = ModelInfo & { key: number };

const cataloguePayload = z.array(modelInfoSchema);
let nextKey = 0;
const withKeys = (models: ModelInfo[]): Row[] => models.map((model) => ({ ...model, key: nextKey++ }));
const numberOr = (text: string, fallback: number | null) => (text.trim() === '' ? fallback : Number(text));

/** The editable model catalogue: names, context sizes and prices per 1M tokens. */
export function CatalogueSection({ settings, save, refreshPrices }: Props) {
  const [rows, setRows] = useState<Row[]>(() => withKeys(settings.catalogue));
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const list = settings.publicModelList;

  const update = (key: number, patch: Partial<ModelInfo>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  async function run(action: () => Promise<unknown>) {
    setFailure(null);
    setBusy(true);
    try {
      await action();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  function saveRows() {
    const parsed = cataloguePayload.safeParse(rows.map(({ key: _key, ...model }) => model));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const row =
        typeof issue?.path[0] === 'number' ? ` (row ${issue.path[0] + 1}, ${String(issue.path[1])})` : '';
      setFailure(`Check the catalogue${row}: ${issue?.message ?? 'invalid value'}`);
      return;
    }
    void run(() => save({ catalogue: parsed.data }));
  }

  return (
    <SettingsSection
      title="Model catalogue"
      description="The models apps can pick. Prices are US dollars per 1M tokens; with Auto prices on, they follow the public model list."
    >
      <p className="text-muted-foreground text-xs">
        {list.url === null
          ? 'The public model list is off (MODEL_CATALOGUE_URL=off).'
          : list.refreshedAt
            ? `Prices from ${list.url}, refreshed ${new Date(list.refreshedAt).toLocaleString()} (${list.modelCount} models).`
            : `Prices have not been refreshed from ${list.url} yet.`}
      </p>
      <FormError message={failure} />
      <div className="overflow-x-auto">
        <table className="w-full min-w-[760px] text-sm">
          <thead className="text-left text-muted-foreground text-xs">
            <tr>
              <th className="py-2 pr-2 font-medium">Model id</th>
              <th className="py-2 pr-2 font-medium">Name</th>
              <th className="py-2 pr-2 font-medium">Provider</th>
              <th className="py-2 pr-2 font-medium">Context</th>
              <th className="py-2 pr-2 font-medium">Input</th>
              <th className="py-2 pr-2 font-medium">Output</th>
              <th className="py-2 pr-2 font-medium">Auto prices</th>
              <th className="py-2 font-medium">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={row.key} className="border-border border-t">
                <td className="py-1.5 pr-2">
                  <Input
                    aria-label={`Model id, row ${index + 1}`}
                    value={row.id}
                    onChange={(e) => update(row.key, { id: e.target.value })}
                  />
                </td>
                <td className="py-1.5 pr-2">
                  <Input
                    aria-label={`Name, row ${index + 1}`}
                    value={row.displayName}
                    onChange={(e) => update(row.key, { displayName: e.target.value })}
                  />
                </td>
                <td className="py-1.5 pr-2">
                  <select
                    aria-label={`Provider, row ${index + 1}`}
                    value={row.provider}
                    onChange={(e) => update(row.key, { provider: e.target.value as ModelInfo['provider'] })}
                    className="h-9 rounded-md border border-input bg-background px-2 text-sm"
                  >
                    <option value="openai">OpenAI-compatible</option>
                    <option value="anthropic">Anthropic</option>
                  </select>
                </td>
                <td className="w-28 py-1.5 pr-2">
                  <Input
                    aria-label={`Context tokens, row ${index + 1}`}
                    inputMode="numeric"
                    value={row.contextWindow ?? ''}
                    onChange={(e) => update(row.key, { contextWindow: numberOr(e.target.value, null) })}
                  />
                </td>
                <td className="w-24 py-1.5 pr-2">
                  <Input
                    aria-label={`Input price per 1M tokens, row ${index + 1}`}
                    inputMode="decimal"
                    value={row.inputPrice}
                    onChange={(e) =>
                      update(row.key, { inputPrice: numberOr(e.target.value, 0) ?? 0, autoPricing: false })
                    }
                  />
                </td>
                <td className="w-24 py-1.5 pr-2">
                  <Input
                    aria-label={`Output price per 1M tokens, row ${index + 1}`}
                    inputMode="decimal"
                    value={row.outputPrice}
                    onChange={(e) =>
                      update(row.key, { outputPrice: numberOr(e.target.value, 0) ?? 0, autoPricing: false })
                    }
                  />
                </td>
                <td className="py-1.5 pr-2 text-center">
                  <input
                    type="checkbox"
                    aria-label={`Auto prices, row ${index + 1}`}
                    checked={row.autoPricing}
                    onChange={(e) => update(row.key, { autoPricing: e.target.checked })}
                    className="size-4 accent-primary"
                  />
                </td>
                <td className="py-1.5">
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Remove ${row.displayName || `row ${index + 1}`}`}
                    onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
                  >
                    <Trash2 />
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          onClick={() =>
            setRows((current) => [
              ...current,
              ...withKeys([
                {
                  id: '',
                  displayName: '',
                  provider: 'openai',
                  contextWindow: null,
                  inputPrice: 0,
                  outputPrice: 0,
                  cacheReadPrice: null,
                  cacheWritePrice: null,
                  autoPricing: true,
                },
              ]),
            ])
          }
        >
          <Plus />
          Add model
        </Button>
        <Button disabled={busy} onClick={saveRows}>
          {busy ? 'Saving…' : 'Save catalogue'}
        </Button>
        {settings.catalogueCustomized ? (
          <Button variant="outline" disabled={busy} onClick={() => void run(() => save({ catalogue: null }))}>
            Restore built-in list
          </Button>
        ) : null}
        {list.url !== null ? (
          <Button variant="outline" disabled={busy} onClick={() => void run(refreshPrices)}>
            Refresh prices now
          </Button>
        ) : null}
      </div>
    </SettingsSection>
  );
}
