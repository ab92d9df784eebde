import { and, desc, eq, gt, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { newId } from '../../platform/auth/jwt.ts';
import type { Db } from '../../platform/db/database.ts';
import {
  type AuthTokenKind,
  apps,
  authTokens,
  oauthAccounts,
  systemSettings,
  users,
} from '../../platform/db/schema/index.ts';
import { isAppSignupOpen } from '../apps/apps.repo.ts';

export type UserRow = typeof users.$inferSelect;
export type AuthTokenRow = typeof authTokens.$inferSelect;

const FIRST_ADMIN_KEY = 'auth.firstAdmin';
const ADMIN_SETUP_KEY = 'auth.adminSetupCode';

/**
 * Queries of the accounts area. Every user query names the tenant; functions that look a row up
 * by its id alone are used only after a token or session has proved who is asking.
 */
export function createAccountsRepo(db: Db) {
  return {
    async findUserByEmail(tenantId: string, email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.email, email)))
        .limit(1);
      return row;
    },

    async findUserById(tenantId: string, userId: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
        .limit(1);
      return row;
    },

    /** Inserts a user; undefined when the e-mail is already taken in that tenant. */
    async insertUser(values: {
      tenantId: string;
      email: string;
      name?: string | null;
      passwordHash?: string | null;
      emailVerifiedAt?: Date | null;
      isAdmin?: boolean;
    }): Promise<UserRow | undefined> {
      const id = newId();
      const [row] = await db
        .insert(users)
        .values({ id, ...values })
        .onConflictDoNothing({ target: [users.tenantId, users.email] })
        .returning();
      return row;
    },

    /** Claims "first account of a fresh install" exactly once, whatever the concurrency. */
    async claimFirstAdmin(userId: string): Promise<boolean> {
      const claimed = await db
        .insert(systemSettings)
        .values({ key: FIRST_ADMIN_KEY, value: { userId } })
        .onConflictDoNothing()
        .returning({ key: systemSettings.key });
      if (claimed.length === 0) return false;
      await db.update(users).set({ isAdmin: true }).where(eq(users.id, userId));
      await db.delete(systemSettings).where(eq(systemSettings.key, ADMIN_SETUP_KEY));
      return true;
    },

    async isFirstAdminClaimed(): Promise<boolean> {
      const [row] = await db
        .select({ key: systemSettings.key })
        .from(systemSettings)
        .where(eq(systemSettings.key, FIRST_ADMIN_KEY))
        .limit(1);
      return row !== undefined;
    },

    /** The hash of the one-time admin setup code printed to the console (admin-setup.ts). */
    async adminSetupCodeHash(): Promise<string | undefined> {
      const [row] = await db
        .select({ value: systemSettings.value })
        .from(systemSettings)
        .where(eq(systemSettings.key, ADMIN_SETUP_KEY))
        .limit(1);
      return (row?.value as { hash?: string } | undefined)?.hash;
    },

    async saveAdminSetupCodeHash(hash: string): Promise<void> {
      await db
        .insert(systemSettings)
        .values({ key: ADMIN_SETUP_KEY, value: { hash } })
        .onConflictDoUpdate({ target: systemSettings.key, set: { value: { hash }, updatedAt: new Date() } });
    },

    async updateUser(
      tenantId: string,
      userId: string,
      values: Partial<Omit<typeof users.$inferInsert, 'id' | 'tenantId' | 'createdAt'>>,
    ): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
        .returning();
      return row;
    },

    /** Builder accounts for the admins' users screen, newest first; `q` matches e-mail or name. */
    async listTenantUsers(tenantId: string, q: string | undefined, limit: number): Promise<UserRow[]> {
      const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
      return db
        .select()
        .from(users)
        .where(
          pattern
            ? and(eq(users.tenantId, tenantId), or(ilike(users.email, pattern), ilike(users.name, pattern)))
            : eq(users.tenantId, tenantId),
        )
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit);
    },

    /** Deletes a builder and everything of theirs: apps (cascade), the end users of those apps, sessions. */
    async deleteUserAndData(tenantId: string, userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const owned = await tx.select({ id: apps.id }).from(apps).where(eq(apps.ownerId, userId));
        if (owned.length > 0) {
          await tx.delete(users).where(
            inArray(
              users.tenantId,
              owned.map((app) => `app:${app.id}`),
            ),
          );
        }
        await tx.delete(users).where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
      });
    },

    async findApp(appId: string) {
      const [row] = await db
        .select({
          id: apps.id,
          name: apps.name,
          header: apps.header,
          isSignupEnabled: apps.isSignupEnabled,
          publishedAt: apps.publishedAt,
        })
        .from(apps)
        .where(eq(apps.id, appId))
        .limit(1);
      // End users may sign up only when sign-up is on AND the app is published (spec 2 §5): the
      // apps area decides (features/apps `isAppSignupOpen`).
      return row && { id: row.id, name: row.name, header: row.header, isSignupEnabled: isAppSignupOpen(row) };
    },

    async insertToken(values: {
      id?: string;
      tenantId: string;
      kind: AuthTokenKind;
      userId: string | null;
      email: string;
      newEmail?: string | null;
      tokenHash: string;
      otpHash?: string | null;
      expiresAt: Date;
    }): Promise<string> {
      const id = values.id ?? newId();
      await db.insert(authTokens).values({ ...values, id });
      return id;
    },

    /** Ends the unused tokens of one kind for an address (a new link replaces the old ones). */
    async retireTokens(tenantId: string, kind: AuthTokenKind, email: string): Promise<void> {
      await db
        .update(authTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(authTokens.tenantId, tenantId),
            eq(authTokens.kind, kind),
            eq(authTokens.email, email),
            isNull(authTokens.usedAt),
          ),
        );
    },

    /** A live (unused, unexpired) token by its hash. */
    async findLiveToken(kind: AuthTokenKind, tokenHash: string): Promise<AuthTokenRow | undefined> {
      const [row] = await db
        .select()
        .from(authTokens)
        .where(
          and(
            eq(authTokens.kind, kind),
            eq(authTokens.tokenHash, tokenHash),
            isNull(authTokens.usedAt),
            gt(authTokens.expiresAt, new Date()),
          ),
        )
        .limit(1);
      return row;
    },

    /** Marks a token used; false when another request used it first (single use under concurrency). */
    async consumeToken(id: string): Promise<boolean> {
      const used = await db
        .update(authTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(authTokens.id, id), isNull(authTokens.usedAt), gt(authTokens.expiresAt, new Date())))
        .returning({ id: authTokens.id });
      return used.length === 1;
    },

    /** The newest magic-link token for an address, used or expired or not (to tell a dead code from none). */
    async findNewestMagicToken(tenantId: string, email: string): Promise<AuthTokenRow | undefined> {
      const [row] = await db
        .select()
        .from(authTokens)
        .where(
          and(
            eq(authTokens.tenantId, tenantId),
            eq(authTokens.kind, 'magic_link'),
            eq(authTokens.email, email),
          ),
        )
        .orderBy(desc(authTokens.createdAt))
        .limit(1);
      return row;
    },

    /** Counts a wrong code atomically and answers the new count; the code dies at `max`. */
    async countWrongOtp(id: string, max: number): Promise<number> {
      const [row] = await db
        .update(authTokens)
        .set({
          attempts: sql`${authTokens.attempts} + 1`,
          usedAt: sql`case when ${authTokens.attempts} + 1 >= ${max} then now() else ${authTokens.usedAt} end`,
        })
        .where(eq(authTokens.id, id))
        .returning({ attempts: authTokens.attempts });
      return row?.attempts ?? max;
    },

    async findOAuthUser(tenantId: string, provider: string, providerUserId: string) {
      const [row] = await db
        .select({ user: users })
        .from(oauthAccounts)
        .innerJoin(users, eq(users.id, oauthAccounts.userId))
        .where(
          and(
            eq(oauthAccounts.tenantId, tenantId),
            eq(oauthAccounts.provider, provider),
            eq(oauthAccounts.providerUserId, providerUserId),
          ),
        )
        .limit(1);
      return row?.user;
    },

    async linkOAuth(values: {
      userId: string;
      tenantId: string;
      provider: string;
      providerUserId: string;
      email: string | null;
    }): Promise<void> {
      await db
        .insert(oauthAccounts)
        .values({ id: newId(), ...values })
        .onConflictDoNothing();
    },
  };
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
