import {
  type Account,
  type BillingInterval,
  type CardAccount,
  isPlanId,
  type Plan,
  planCardState,
} from '@atelier/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { toast } from '../../../components/ui/toaster.tsx';
import { authApi, queryKeys as authKeys } from '../../auth/api.ts';
import { errorMessage } from '../../auth/error-message.ts';
import { useSession } from '../../auth/hooks/use-session.ts';
import { planKeys, plansApi } from '../api.ts';
import { returnPathOf } from './use-upgrade-dialog.ts';

export function usePlans() {
  return useQuery({
    queryKey: planKeys.catalogue(),
    queryFn: ({ signal }) => plansApi.plans(signal),
    staleTime: 300_000,
  });
}

/** The signed-in builder's account (the accounts feature's query), or undefined when signed out. */
export function useAccount() {
  const session = useSession();
  const signedIn = Boolean(session.data?.user && session.data.user.tenantId === 'platform');
  const account = useQuery({
    queryKey: authKeys.account(),
    queryFn: ({ signal }) => authApi.account(signal),
    enabled: signedIn,
  });
  return { signedIn, sessionPending: session.isPending, account };
}

export function useBillingStatus(enabled: boolean) {
  return useQuery({ queryKey: planKeys.status(), queryFn: ({ signal }) => plansApi.status(signal), enabled });
}

export function cardAccountOf(account: Account | undefined): CardAccount | undefined {
  if (!account) return undefined;
  return {
    plan: isPlanId(account.plan) ? account.plan : 'lite',
    hasPaidAppPackage: account.hasPaidAppPackage,
  };
}

export function stateOf(plan: Plan, account: Account | undefined) {
  return planCardState(plan, cardAccountOf(account));
}

/**
 * Checkout: to the payment page (the return carries `sale_id`). Signed out, the visitor pays first
 * and comes back to sign-up with `sale_id`, where the new account claims the sale (spec 1 §2, §4).
 */
export function useCheckout() {
  const location = useLocation();
  const { signedIn } = useAccount();
  const mutation = useMutation({
    mutationFn: (input: { planId: string; interval: BillingInterval }) =>
      signedIn
        ? plansApi.checkout({ ...input, returnPath: returnPathOf(location) })
        : plansApi.guestCheckout(input),
    onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
    onError: (error) => toast.error(errorMessage(error)),
  });
  return {
    ...mutation,
    start: (input: { planId: string; interval: BillingInterval }) => mutation.mutate(input),
  };
}

/** Downgrade, cancel at period end, or keep the plan: the account and the status are refreshed. */
export function usePlanChange() {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: authKeys.account() });
    await queryClient.invalidateQueries({ queryKey: planKeys.status() });
  };
  const onError = (error: unknown) => toast.error(errorMessage(error));
  return {
    downgrade: useMutation({ mutationFn: plansApi.downgrade, onSuccess: refresh, onError }),
    cancel: useMutation({ mutationFn: plansApi.cancel, onSuccess: refresh, onError }),
    resume: useMutation({ mutationFn: plansApi.resume, onSuccess: refresh, onError }),
  };
}
