import {
  type LlmSettings,
  type LlmSettingsUpdate,
  OFFLINE_MODEL_ID,
  OFFLINE_MODEL_LABEL,
} from '@atelier/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field, FormError } from '../../auth/components/field.tsx';
import { SettingsSection } from '../../auth/components/settings/section.tsx';
import { errorMessage } from '../../auth/error-message.ts';

const SERVER_DEFAULT = '';

interface Props {
  settings: LlmSettings;
  save: (patch: LlmSettingsUpdate) => Promise<unknown>;
}

/** The model used by apps that name none (spec 1 §9: a small mini-class chat model by default). */
export function DefaultModelSection({ settings, save }: Props) {
  const [value, setValue] = useState(settings.defaultModel ?? SERVER_DEFAULT);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nameOf = (id: string) =>
    id === OFFLINE_MODEL_ID
      ? OFFLINE_MODEL_LABEL
      : (settings.catalogue.find((model) => model.id === id)?.displayName ?? id);
  const listed = new Set(settings.catalogue.map((model) => model.id));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      await save({ defaultModel: value === SERVER_DEFAULT ? null : value });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsSection
      title="Default model"
      description="Used by apps that do not pick a model, and by the builder chat. A model whose provider is not configured falls back to one that is, or to the Offline assistant."
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <FormError message={failure} />
        <Field
          id="llm-default-model"
          label="Default model"
          hint={`In use now: ${nameOf(settings.effectiveDefaultModel)}`}
        >
          <select
            id="llm-default-model"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            className="h-9 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
          >
            <option value={SERVER_DEFAULT}>Server default (LLM_DEFAULT_MODEL, else GPT-4o mini)</option>
            {settings.catalogue.map((model) => (
              <option key={`${model.provider}:${model.id}`} value={model.id}>
                {model.displayName} ({model.id})
              </option>
            ))}
            {value && value !== OFFLINE_MODEL_ID && !listed.has(value) ? (
              <option value={value}>{value}</option>
            ) : null}
            <option value={OFFLINE_MODEL_ID}>{OFFLINE_MODEL_LABEL}</option>
          </select>
        </Field>
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
