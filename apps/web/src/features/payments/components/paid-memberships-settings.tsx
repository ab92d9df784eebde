import {
  type AppPaidMemberships,
  MEMBERSHIP_MESSAGES,
  MEMBERSHIP_TEXTS,
  PAYMENT_PROVIDER_NAMES,
  PAYMENT_TOKEN_DEBOUNCE_MS,
  planLimitMessage,
} from '@atelier/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { errorMessage } from '../../auth/error-message.ts';
import { useDebouncedValue } from '../../data-sources/hooks/use-debounced-value.ts';
import { UpgradePrompt } from '../../plans/components/upgrade-prompt.tsx';
import { useAccount } from '../../plans/hooks/use-plans.ts';
import { paymentKeys, paymentsApi } from '../api.ts';
import { ProductPicker } from './product-picker.tsx';

/** Which provider a pasted token is for (the server decides; this only names it in messages). */
const providerNameFor = (token: string, state: AppPaidMemberships | undefined) =>
  token.startsWith('test_')
    ? PAYMENT_PROVIDER_NAMES.test
    : state?.paidMembershipsSettings.paymentProvider && !token
      ? PAYMENT_PROVIDER_NAMES[state.paidMembershipsSettings.paymentProvider]
      : PAYMENT_PROVIDER_NAMES.stripe;

/**
 * Paid memberships in the Settings panel (spec 2 §2, §4, §8): on/off, the payment provider access
 * token (debounced 1000 ms) → the product → connected; changing the product asks first; resync.
 */
export function PaidMembershipsSettings({
  appId,
  beforeEnable,
}: {
  appId: string;
  /** Saves the builder's waiting edits first (user signup, which memberships need, may still be queued). */
  beforeEnable?: () => Promise<void>;
}) {
  const queryClient = useQueryClient();
  const { account } = useAccount();
  const state = useQuery({
    queryKey: paymentKeys.state(appId),
    queryFn: ({ signal }) => paymentsApi.state(appId, signal),
  });
  const [token, setToken] = useState('');
  const enableId = useId();
  const debouncedToken = useDebouncedValue(token.trim(), PAYMENT_TOKEN_DEBOUNCE_MS);
  const setState = (next: AppPaidMemberships) => queryClient.setQueryData(paymentKeys.state(appId), next);

  const enable = useMutation({
    mutationFn: async (on: boolean) => {
      if (on) await beforeEnable?.();
      return paymentsApi.setEnabled(appId, on);
    },
    onSuccess: setState,
    onError: (error) => toast.error(errorMessage(error)),
  });
  const hasToken = state.data?.paidMembershipsSettings.hasPaymentProviderAccessToken ?? false;
  const providerName = providerNameFor(debouncedToken, state.data);
  const products = useQuery({
    queryKey: paymentKeys.products(appId, debouncedToken),
    queryFn: async ({ signal }) => {
      const answer = await paymentsApi.products(appId, debouncedToken || undefined, signal);
      if (debouncedToken) void queryClient.invalidateQueries({ queryKey: paymentKeys.state(appId) });
      return answer.products;
    },
    enabled: Boolean(state.data) && (debouncedToken !== '' || hasToken),
    retry: false,
  });

  if (account.data?.plan === 'lite') {
    return (
      <Section>
        <UpgradePrompt message={planLimitMessage('settingsEditing', 'lite', false)} />
      </Section>
    );
  }
  if (state.isPending) return <Skeleton className="h-40 w-full" />;
  if (state.isError) return <p className="text-destructive text-sm">{errorMessage(state.error)}</p>;
  const { isPaidMembershipsEnabled, paidMembershipsSettings, paidMembershipsProduct } = state.data;

  return (
    <Section>
      <div className="flex items-center gap-2 text-sm">
        <Switch
          id={enableId}
          checked={isPaidMembershipsEnabled}
          disabled={enable.isPending}
          onCheckedChange={(on) => enable.mutate(on)}
        />
        <label htmlFor={enableId}>{MEMBERSHIP_TEXTS.enableLabel}</label>
      </div>
      <div className="grid gap-3">
        <label className="grid gap-1.5 text-sm">
          <span className="font-medium">{MEMBERSHIP_TEXTS.tokenLabel}</span>
          <input
            type="password"
            autoComplete="off"
            value={token}
            placeholder={hasToken ? MEMBERSHIP_TEXTS.tokenSaved : MEMBERSHIP_TEXTS.tokenPlaceholder}
            onChange={(event) => setToken(event.target.value)}
            className="h-9 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-2 focus-visible:outline-ring/40"
          />
        </label>
        {products.isError && (
          <p role="alert" className="text-destructive text-sm">
            {errorMessage(products.error, MEMBERSHIP_MESSAGES.fetchProductsFailed(providerName))}
          </p>
        )}
        {products.isFetching && <Skeleton className="h-9 w-full" />}
        {products.data && (
          <ProductPicker
            appId={appId}
            products={products.data}
            connected={paidMembershipsSettings.isSetupCompleted ? paidMembershipsProduct : null}
            providerName={providerName}
            onConnected={setState}
          />
        )}
      </div>
    </Section>
  );
}

function Section({ children }: { children: ReactNode }) {
  return (
    <section aria-label={MEMBERSHIP_TEXTS.title} className="grid gap-3 rounded-lg border border-border p-4">
      <h2 className="font-semibold text-base">{MEMBERSHIP_TEXTS.title}</h2>
      {children}
    </section>
  );
}
