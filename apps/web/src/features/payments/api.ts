import type { AppPaidMemberships, PaymentProduct } from '@atelier/shared';
import { answer, api } from '../../lib/api.ts';

export const paymentKeys = {
  all: (appId: string) => ['payments', appId] as const,
  state: (appId: string) => [...paymentKeys.all(appId), 'state'] as const,
  products: (appId: string, token: string) => [...paymentKeys.all(appId), 'products', token] as const,
};

export type PaidMembershipsResult = AppPaidMemberships & { message: string };

const app = (appId: string) => ({ path: { appId } });

export const paymentsApi = {
  state: (appId: string, signal?: AbortSignal) =>
    answer<AppPaidMemberships>(api.GET('/apps/{appId}/payments', { params: app(appId), signal })),
  setEnabled: (appId: string, isPaidMembershipsEnabled: boolean) =>
    answer<AppPaidMemberships>(
      api.PATCH('/apps/{appId}/payments', { params: app(appId), body: { isPaidMembershipsEnabled } }),
    ),
  /** `GET /api/apps/{appId}/payments/products?appId=&accessToken=` (spec 2 §7); without a token: the stored one. */
  products: (appId: string, accessToken: string | undefined, signal?: AbortSignal) =>
    answer<{ products: PaymentProduct[] }>(
      api.GET('/apps/{appId}/payments/products', {
        params: { path: { appId }, query: { appId, ...(accessToken ? { accessToken } : {}) } },
        signal,
      }),
    ),
  connect: (appId: string, productId: string) =>
    answer<PaidMembershipsResult>(
      api.POST('/apps/{appId}/payments/connect', { params: app(appId), body: { productId } }),
    ),
  resync: (appId: string) =>
    answer<PaidMembershipsResult>(api.POST('/apps/{appId}/payments/resync', { params: app(appId) })),
};
