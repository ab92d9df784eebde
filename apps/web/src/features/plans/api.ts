import type {
  BillingInterval,
  BillingStatus,
  CheckoutResponse,
  PlansResponse,
  TestCheckout,
} from '@atelier/shared';
import { apiFetch } from '../../lib/api-client.ts';

export const planKeys = {
  all: ['plans'] as const,
  catalogue: () => [...planKeys.all, 'catalogue'] as const,
  status: () => [...planKeys.all, 'status'] as const,
  testSale: (saleId: string) => [...planKeys.all, 'test-sale', saleId] as const,
};

const post = <T>(path: string, body?: unknown) => apiFetch<T>(path, { method: 'POST', body });

export const plansApi = {
  plans: (signal?: AbortSignal) => apiFetch<PlansResponse>('/api/live_api/app/paidPlans', { signal }),
  status: (signal?: AbortSignal) => apiFetch<BillingStatus>('/api/billing/status', { signal }),
  checkout: (body: { planId: string; interval: BillingInterval; returnPath?: string }) =>
    post<CheckoutResponse>('/api/billing/checkout', body),
  /** A visitor without an account pays first; the checkout returns to /signup?sale_id=. */
  guestCheckout: (body: { planId: string; interval: BillingInterval }) =>
    post<CheckoutResponse>('/api/billing/guest-checkout', body),
  cancel: () => post<BillingStatus>('/api/billing/cancel'),
  resume: () => post<BillingStatus>('/api/billing/resume'),
  downgrade: (planId: string) => post<BillingStatus>('/api/billing/downgrade', { planId }),
  testSale: (saleId: string, signal?: AbortSignal) =>
    apiFetch<TestCheckout>(`/api/billing/test/sales/${encodeURIComponent(saleId)}`, { signal }),
  payTestSale: (saleId: string) =>
    post<{ saleId: string; status: string; successUrl: string }>('/api/billing/test/complete', { saleId }),
};
