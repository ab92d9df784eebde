import {
  BILLING_TEXTS,
  type BillingStatus,
  isCatalogueItemId,
  planName,
  SALE_ID_PARAM,
} from '@atelier/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigation, useSearchParams } from 'react-router';
import { toast } from '../../../components/ui/toaster.tsx';
import { queryKeys as authKeys } from '../../auth/api.ts';
import { planKeys, plansApi } from '../api.ts';
import { refreshUntilSettled } from '../payment-refresh.ts';

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Back from a checkout (`?sale_id=`): refreshes the account every 4000 ms, up to 15 times, until
 * the sale is among its payments or the plan is alive (spec 3 §9), then says so and drops sale_id.
 */
export function usePaymentRefresh(signedIn: boolean) {
  const [params, setParams] = useSearchParams();
  const saleId = params.get(SALE_ID_PARAM);
  const queryClient = useQueryClient();
  // Whether the page is leaving (a navigation is loading its route's code): dropping sale_id then
  // would navigate back here and cancel it (sign-up with a sale goes on to /home meanwhile).
  const navigation = useNavigation();
  const leaving = useRef(false);
  leaving.current = navigation.state !== 'idle';

  useEffect(() => {
    if (!saleId || !signedIn) return;
    const controller = new AbortController();
    let last: BillingStatus | undefined;
    toast.info(BILLING_TEXTS.paymentPending);
    void refreshUntilSettled(saleId, {
      signal: controller.signal,
      sleep: (ms) => sleep(ms, controller.signal),
      fetchStatus: async () => {
        last = await plansApi.status(controller.signal);
        queryClient.setQueryData(planKeys.status(), last);
        await queryClient.invalidateQueries({ queryKey: authKeys.account() });
        return last;
      },
    }).then((outcome) => {
      if (outcome === 'aborted') return;
      const sale = last?.payments.find((payment) => payment.saleId === saleId);
      if (outcome === 'settled' && sale?.itemId === 'app_package' && sale.status === 'completed') {
        toast.success(BILLING_TEXTS.paymentReceived);
      } else if (outcome === 'settled') {
        const plan = last?.plan && isCatalogueItemId(last.plan) ? planName(last.plan) : (last?.plan ?? '');
        toast.success(BILLING_TEXTS.paymentConfirmed(plan));
      } else {
        toast.error(BILLING_TEXTS.paymentNotConfirmed);
      }
      if (leaving.current) return;
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete(SALE_ID_PARAM);
          return next;
        },
        { replace: true },
      );
    });
    return () => controller.abort();
  }, [saleId, signedIn, queryClient, setParams]);

  return { pending: Boolean(saleId && signedIn) };
}
