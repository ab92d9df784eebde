import type { LlmSettings, LlmSettingsUpdate, ProviderStatus } from '@atelier/shared';
import { type FormEvent, useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Field, FormError } from '../../auth/components/field.tsx';
import { SettingsSection } from '../../auth/components/settings/section.tsx';
import { errorMessage } from '../../auth/error-message.ts';

const KEY_SOURCE_TEXT = {
  settings: 'API key: saved here',
  env: 'API key: from the server environment',
  none: 'API key: none',
} as const;

interface Props {
  settings: LlmSettings;
  save: (patch: LlmSettingsUpdate) => Promise<unknown>;
}

/** The model providers: status, base URL and a write-only API key for each. */
export function ProvidersSection({ settings, save }: Props) {
  return (
    <SettingsSection
      title="Providers"
      description="API keys are stored encrypted and never shown again. Values set here win over the server's environment."
    >
      {settings.offline ? (
        <p role="status" className="rounded-md border border-border bg-muted px-3 py-2 text-sm">
          No model provider is configured: the Offline assistant answers in the builder chat. Add an API key
          or a base URL below.
        </p>
      ) : null}
      {settings.providers.map((provider) => (
        <ProviderForm key={provider.id} provider={provider} save={save} />
      ))}
    </SettingsSection>
  );
}

function ProviderForm({ provider, save }: { provider: ProviderStatus; save: Props['save'] }) {
  const [baseUrl, setBaseUrl] = useState(
    provider.baseUrlSource === 'settings' ? (provider.baseUrl ?? '') : '',
  );
  const [apiKey, setApiKey] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const prefix = provider.id === 'openai' ? 'openai' : 'anthropic';
  const defaultUrl = provider.baseUrlSource === 'settings' ? undefined : (provider.baseUrl ?? undefined);

  async function run(patch: LlmSettingsUpdate) {
    setFailure(null);
    setBusy(true);
    try {
      await save(patch);
      setApiKey('');
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const patch: LlmSettingsUpdate = { [`${prefix}BaseUrl`]: baseUrl.trim() };
    if (apiKey.trim()) patch[`${prefix}ApiKey`] = apiKey.trim();
    void run(patch);
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={provider.label}
      className="flex flex-col gap-3 rounded-md border border-border p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-medium text-sm">{provider.label}</h3>
        <Badge variant={provider.configured ? 'default' : 'outline'}>
          {provider.configured ? 'Configured' : 'Not configured'}
        </Badge>
      </div>
      <p className="text-muted-foreground text-xs">{KEY_SOURCE_TEXT[provider.apiKeySource ?? 'none']}</p>
      <FormError message={failure} />
      <Field
        id={`${prefix}-base-url`}
        label="Base URL"
        hint={defaultUrl ? `Empty: ${defaultUrl}` : 'Empty: the server default'}
      >
        <Input
          id={`${prefix}-base-url`}
          type="url"
          inputMode="url"
          placeholder={defaultUrl}
          value={baseUrl}
          onChange={(event) => setBaseUrl(event.target.value)}
        />
      </Field>
      <Field id={`${prefix}-api-key`} label="New API key">
        <Input
          id={`${prefix}-api-key`}
          type="password"
          autoComplete="off"
          value={apiKey}
          onChange={(event) => setApiKey(event.target.value)}
        />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </Button>
        {provider.apiKeySource === 'settings' ? (
          <Button
            type="button"
            variant="outline"
            disabled={busy}
            onClick={() => void run({ [`${prefix}ApiKey`]: null })}
          >
            Remove saved key
          </Button>
        ) : null}
      </div>
    </form>
  );
}
