import { z } from 'zod';

/**
 * Admins' user management (issue 23 #28): builder accounts, disabled or not. A disabled account
 * cannot sign in ('User is disabled, contact us for more info', spec 1 §8) and its sessions end.
 */
export const ADMIN_USERS_PAGE = 50;

export const ADMIN_USER_MESSAGES = {
  disabled: (email: string) => `${email} is disabled`,
  enabled: (email: string) => `${email} can sign in again`,
  notYourself: 'You cannot disable your own account',
  userNotFound: 'User not found',
  loadFailed: 'Could not load the users. Please try again.',
  changeFailed: 'Could not change the user. Please try again.',
  appsLoadFailed: 'Could not load the apps. Please try again.',
  noApps: 'No apps yet.',
} as const;

export const adminUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    isAdmin: z.boolean(),
    plan: z.string(),
    emailVerified: z.boolean(),
    /** When the account was disabled; null while it may sign in. */
    disabledAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersQuerySchema = z.object({
  /** Part of the e-mail or name, case-insensitive. */
  q: z.string().trim().max(200).optional(),
});

export const adminUsersResponseSchema = z
  .object({ users: z.array(adminUserSchema), hasMore: z.boolean() })
  .meta({ id: 'AdminUsers' });
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

export const adminUserParamSchema = z.object({ userId: z.string().min(1).max(100) });

export const adminUserUpdateSchema = z.object({ disabled: z.boolean() }).meta({ id: 'AdminUserUpdate' });

/** Apps of a builder an admin lists on /admin/users (the newest changed first; at most this many). */
export const ADMIN_USER_APPS_PAGE = 100;

/**
 * An app as an admin sees it to open its chat read-only (spec 3 §6 "read-only view"): platform
 * admins read another builder's conversation for support; they cannot act on it.
 */
export const adminAppSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.string(),
    ownerId: z.string(),
    ownerEmail: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminApp' });
export type AdminApp = z.infer<typeof adminAppSchema>;

export const adminAppsResponseSchema = z
  .object({ apps: z.array(adminAppSchema), hasMore: z.boolean() })
  .meta({ id: 'AdminApps' });
export type AdminAppsResponse = z.infer<typeof adminAppsResponseSchema>;
