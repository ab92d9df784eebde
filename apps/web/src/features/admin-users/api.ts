import type { AdminUser, AdminUsersResponse } from '@atelier/shared';
import { apiFetch } from '../../lib/api-client.ts';

export const adminUsersKeys = {
  all: ['admin', 'users'] as const,
  list: (q: string) => [...adminUsersKeys.all, q] as const,
};

export const adminUsersApi = {
  list: (q: string, signal?: AbortSignal) =>
    apiFetch<AdminUsersResponse>(`/api/admin/users${q ? `?q=${encodeURIComponent(q)}` : ''}`, { signal }),
  setDisabled: (userId: string, disabled: boolean) =>
    apiFetch<AdminUser>(`/api/admin/users/${encodeURIComponent(userId)}`, {
      method: 'PATCH',
      body: { disabled },
    }),
};
