import type { AdminApp, AdminAppsResponse, AdminUser, AdminUsersResponse } from '@atelier/shared';
import { answer, api } from '../../lib/api.ts';

export const adminUsersKeys = {
  all: ['admin', 'users'] as const,
  list: (q: string) => [...adminUsersKeys.all, q] as const,
  apps: (userId: string) => [...adminUsersKeys.all, userId, 'apps'] as const,
  app: (appId: string) => ['admin', 'apps', appId] as const,
};

/** Typed by the server's contracts (lib/api.ts). */
export const adminUsersApi = {
  list: (q: string, signal?: AbortSignal) =>
    answer<AdminUsersResponse>(api.GET('/admin/users', { params: { query: q ? { q } : {} }, signal })),
  setDisabled: (userId: string, disabled: boolean) =>
    answer<AdminUser>(
      api.PATCH('/admin/users/{userId}', { params: { path: { userId } }, body: { disabled } }),
    ),
  /** A builder's apps, to open one's chat read-only (spec 3 §6). */
  apps: (userId: string, signal?: AbortSignal) =>
    answer<AdminAppsResponse>(
      api.GET('/admin/users/{userId}/apps', { params: { path: { userId } }, signal }),
    ),
  app: (appId: string, signal?: AbortSignal) =>
    answer<AdminApp>(api.GET('/admin/apps/{appId}', { params: { path: { appId } }, signal })),
};
