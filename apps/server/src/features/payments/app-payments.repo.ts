import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { appMemberships, appPaymentSettings, apps, users } from '../../platform/db/schema/index.ts';

export type AppPaymentSettingsRow = typeof appPaymentSettings.$inferSelect;
export type MembershipRow = typeof appMemberships.$inferSelect;

export interface PaidApp {
  id: string;
  ownerId: string;
  name: string;
  isSignupEnabled: boolean;
}

/**
 * Queries of app paid memberships. Settings are reached through an app the caller has already
 * been checked against (owner, or the app's own end user); memberships by (app, user).
 */
export function createAppPaymentsRepo(db: Db) {
  return {
    async findApp(appId: string): Promise<PaidApp | undefined> {
      const [row] = await db
        .select({
          id: apps.id,
          ownerId: apps.ownerId,
          name: apps.name,
          isSignupEnabled: apps.isSignupEnabled,
        })
        .from(apps)
        .where(eq(apps.id, appId))
        .limit(1);
      return row;
    },

    async findSettings(appId: string): Promise<AppPaymentSettingsRow | undefined> {
      const [row] = await db
        .select()
        .from(appPaymentSettings)
        .where(eq(appPaymentSettings.appId, appId))
        .limit(1);
      return row;
    },

    async saveSettings(appId: string, values: Partial<Omit<AppPaymentSettingsRow, 'appId'>>): Promise<void> {
      const set = { ...values, updatedAt: new Date() };
      await db
        .insert(appPaymentSettings)
        .values({ appId, ...set })
        .onConflictDoUpdate({ target: appPaymentSettings.appId, set });
    },

    async findMembership(appId: string, userId: string): Promise<MembershipRow | undefined> {
      const [row] = await db
        .select()
        .from(appMemberships)
        .where(and(eq(appMemberships.appId, appId), eq(appMemberships.userId, userId)))
        .limit(1);
      return row;
    },

    async findMembershipBySubscription(
      appId: string,
      subscriptionId: string,
    ): Promise<MembershipRow | undefined> {
      const [row] = await db
        .select()
        .from(appMemberships)
        .where(and(eq(appMemberships.appId, appId), eq(appMemberships.subscriptionId, subscriptionId)))
        .limit(1);
      return row;
    },

    async saveMembership(row: Omit<MembershipRow, 'createdAt' | 'updatedAt'>): Promise<void> {
      const { appId: _appId, userId: _userId, ...rest } = row;
      await db
        .insert(appMemberships)
        .values(row)
        .onConflictDoUpdate({
          target: [appMemberships.appId, appMemberships.userId],
          set: { ...rest, updatedAt: new Date() },
        });
    },

    /** True when `userId` is an end user of the app (its tenant `app:{appId}`). */
    async isAppUser(appId: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.tenantId, `app:${appId}`)))
        .limit(1);
      return row !== undefined;
    },
  };
}

export type AppPaymentsRepo = ReturnType<typeof createAppPaymentsRepo>;

/**
 * Paid memberships need user signup (spec 2 §5): when an app's signup is switched off, its paid
 * memberships go off with it (the setup — token, product — is kept for when signup is back).
 * The caller has checked the app belongs to the acting builder.
 */
export async function switchMembershipsOff(db: Db, appId: string): Promise<boolean> {
  const rows = await db
    .update(appPaymentSettings)
    .set({ isEnabled: false, updatedAt: new Date() })
    .where(and(eq(appPaymentSettings.appId, appId), eq(appPaymentSettings.isEnabled, true)))
    .returning({ appId: appPaymentSettings.appId });
  return rows.length > 0;
}
