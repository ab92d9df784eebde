import type { AppPaidMemberships, PaymentProduct } from '@atelier/shared';
import { apiFetch } from '../../lib/api-client.ts';

export const paymentKeys = {
  all: (appId: string) => ['payments', appId] as const,
  state: (appId: string) => [...paymentKeys.all(appId), 'state'] as const,
  products: (appId: string, token: string) => [...paymentKeys.all(appId), 'products', token] as const,
};

export type PaidMembershipsResult = AppPaidMemberships & { message: string };

const base = (appId: string) => `/api/apps/${encodeURIComponent(appId)}/payments`;

export const paymentsApi = {
  state: (appId: string, signal?: AbortSignal) => apiFetch<AppPaidMemberships>(base(appId), { signal }),
  setEnabled: (appId: string, isPaidMembershipsEnabled: boolean) =>
    apiFetch<AppPaidMemberships>(base(appId), { method: 'PATCH', body: { isPaidMembershipsEnabled } }),
  /** `GET /api/apps/{appId}/payments/products?appId=&accessToken=` (spec 2 §7); without a token: the stored one. */
  products: (appId: string, accessToken: string | undefined, signal?: AbortSignal) => {
    const query = new URLSearchParams({ appId });
    if (accessToken) query.set('accessToken', accessToken);
    return apiFetch<{ products: PaymentProduct[] }>(`${base(appId)}/products?${query}`, { signal });
  },
  connect: (appId: string, productId: string) =>
    apiFetch<PaidMembershipsResult>(`${base(appId)}/connect`, { method: 'POST', body: { productId } }),
  resync: (appId: string) => apiFetch<PaidMembershipsResult>(`${base(appId)}/resync`, { method: 'POST' }),
};
