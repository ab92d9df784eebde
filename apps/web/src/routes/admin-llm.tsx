import type { LlmSettings, LlmSettingsUpdate } from '@atelier/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { toast } from '../components/ui/toaster.tsx';
import { FormError } from '../features/auth/components/field.tsx';
import { errorMessage } from '../features/auth/error-message.ts';
import { useRequireSession } from '../features/auth/hooks/use-session.ts';
import { llmApi, llmKeys } from '../features/llm/api.ts';
import { CatalogueSection } from '../features/llm/components/catalogue-section.tsx';
import { DefaultModelSection } from '../features/llm/components/default-model-section.tsx';
import { ProvidersSection } from '../features/llm/components/providers-section.tsx';
import { UsageSection } from '../features/llm/components/usage-section.tsx';

export const AI_SETTINGS_SAVED = 'AI settings saved';

/** `/admin/llm` (admins): model providers, the default model, the catalogue and token usage. */
export function AdminLlmRoute() {
  const session = useRequireSession();
  const isAdmin = session.data?.user.isAdmin === true;
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: llmKeys.settings(),
    queryFn: ({ signal }) => llmApi.settings(signal),
    enabled: isAdmin,
  });
  const onSaved = (next: LlmSettings) => {
    queryClient.setQueryData(llmKeys.settings(), next);
    void queryClient.invalidateQueries({ queryKey: llmKeys.models() });
    toast.success(AI_SETTINGS_SAVED);
  };
  const update = useMutation({
    mutationFn: (patch: LlmSettingsUpdate) => llmApi.updateSettings(patch),
    onSuccess: onSaved,
  });
  const refresh = useMutation({ mutationFn: () => llmApi.refreshPrices(), onSuccess: onSaved });

  let body: ReactNode;
  if (session.isPending || (isAdmin && settings.isPending)) {
    body = (
      <>
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-32 w-full" />
      </>
    );
  } else if (!isAdmin) {
    body = <p className="text-muted-foreground text-sm">Only admins can change the AI models.</p>;
  } else if (settings.isError) {
    body = <FormError message={errorMessage(settings.error)} />;
  } else if (settings.data) {
    body = (
      <>
        <ProvidersSection settings={settings.data} save={update.mutateAsync} />
        <DefaultModelSection
          key={`default-${settings.data.defaultModel ?? ''}`}
          settings={settings.data}
          save={update.mutateAsync}
        />
        <CatalogueSection
          key={JSON.stringify(settings.data.catalogue)}
          settings={settings.data}
          save={update.mutateAsync}
          refreshPrices={refresh.mutateAsync}
        />
        <UsageSection />
      </>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-10">
      <div className="flex flex-col gap-1">
        <h1 className="font-semibold text-2xl tracking-tight">AI models</h1>
        <p className="text-muted-foreground text-sm">
          Model providers, the model apps use by default, prices per 1M tokens and token usage.
        </p>
      </div>
      {body}
    </div>
  );
}
