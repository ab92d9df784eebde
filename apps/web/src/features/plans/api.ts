import type {
  BillingInterval,
  BillingStatus,
  CheckoutResponse,
  PlansResponse,
  TestCheckout,
} from '@atelier/shared';
import { answer, api } from '../../lib/api.ts';

export const planKeys = {
  all: ['plans'] as const,
  catalogue: () => [...planKeys.all, 'catalogue'] as const,
  status: () => [...planKeys.all, 'status'] as const,
  testSale: (saleId: string) => [...planKeys.all, 'test-sale', saleId] as const,
};

/** Typed by the server's contracts (lib/api.ts): the answers must fit the shared types the screens use. */
export const plansApi = {
  plans: (signal?: AbortSignal) => answer<PlansResponse>(api.GET('/live_api/app/paidPlans', { signal })),
  status: (signal?: AbortSignal) => answer<BillingStatus>(api.GET('/billing/status', { signal })),
  checkout: (body: { planId: string; interval: BillingInterval; returnPath?: string }) =>
    answer<CheckoutResponse>(api.POST('/billing/checkout', { body })),
  /** A visitor without an account pays first; the checkout returns to /signup?sale_id=. */
  guestCheckout: (body: { planId: string; interval: BillingInterval }) =>
    answer<CheckoutResponse>(api.POST('/billing/guest-checkout', { body })),
  cancel: () => answer<BillingStatus>(api.POST('/billing/cancel')),
  resume: () => answer<BillingStatus>(api.POST('/billing/resume')),
  downgrade: (planId: string) => answer<BillingStatus>(api.POST('/billing/downgrade', { body: { planId } })),
  testSale: (saleId: string, signal?: AbortSignal) =>
    answer<TestCheckout>(api.GET('/billing/test/sales/{saleId}', { params: { path: { saleId } }, signal })),
  payTestSale: (saleId: string) =>
    answer<{ saleId: string; status: string; successUrl: string }>(
      api.POST('/billing/test/complete', { body: { saleId } }),
    ),
};
