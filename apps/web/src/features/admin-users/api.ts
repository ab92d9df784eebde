import type { AdminUser, AdminUsersResponse } from '@atelier/shared';
import { answer, api } from '../../lib/api.ts';

export const adminUsersKeys = {
  all: ['admin', 'users'] as const,
  list: (q: string) => [...adminUsersKeys.all, q] as const,
};

/** Typed by the server's contracts (lib/api.ts). */
export const adminUsersApi = {
  list: (q: string, signal?: AbortSignal) =>
    answer<AdminUsersResponse>(api.GET('/admin/users', { params: { query: q ? { q } : {} }, signal })),
  setDisabled: (userId: string, disabled: boolean) =>
    answer<AdminUser>(
      api.PATCH('/admin/users/{userId}', { params: { path: { userId } }, body: { disabled } }),
    ),
};
