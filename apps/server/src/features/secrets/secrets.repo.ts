import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { appSecrets } from '../../platform/db/schema/index.ts';

export interface SecretRow {
  key: string;
  description: string;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Queries of `app_secrets`. The caller has checked that the actor owns `appId` (the service does);
 * only `unsafeEncryptedValues` reads the encrypted values, for the function runtime.
 */
export function createSecretsRepo(db: Db) {
  return {
    list(appId: string): Promise<SecretRow[]> {
      return db
        .select({
          key: appSecrets.key,
          description: appSecrets.description,
          createdAt: appSecrets.createdAt,
          updatedAt: appSecrets.updatedAt,
        })
        .from(appSecrets)
        .where(eq(appSecrets.appId, appId))
        .orderBy(asc(appSecrets.createdAt), asc(appSecrets.key));
    },

    async keys(appId: string): Promise<Set<string>> {
      const rows = await db
        .select({ key: appSecrets.key })
        .from(appSecrets)
        .where(eq(appSecrets.appId, appId));
      return new Set(rows.map((row) => row.key));
    },

    /** Writes one secret; `valueEncrypted` undefined keeps the stored value (existing keys only). */
    async upsert(
      appId: string,
      key: string,
      changes: { valueEncrypted?: string | undefined; description?: string | undefined },
    ): Promise<void> {
      const now = new Date();
      if (changes.valueEncrypted === undefined) {
        if (changes.description === undefined) return;
        await db
          .update(appSecrets)
          .set({ description: changes.description, updatedAt: now })
          .where(and(eq(appSecrets.appId, appId), eq(appSecrets.key, key)));
        return;
      }
      await db
        .insert(appSecrets)
        .values({
          appId,
          key,
          valueEncrypted: changes.valueEncrypted,
          description: changes.description ?? '',
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [appSecrets.appId, appSecrets.key],
          set: {
            valueEncrypted: changes.valueEncrypted,
            updatedAt: now,
            ...(changes.description === undefined ? {} : { description: changes.description }),
          },
        });
    },

    async delete(appId: string, key: string): Promise<boolean> {
      const removed = await db
        .delete(appSecrets)
        .where(and(eq(appSecrets.appId, appId), eq(appSecrets.key, key)))
        .returning({ key: appSecrets.key });
      return removed.length > 0;
    },

    async count(appId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(appSecrets)
        .where(eq(appSecrets.appId, appId));
      return row?.n ?? 0;
    },

    /** The encrypted values of an app's secrets, for the function runtime only. Never send them anywhere else. */
    unsafeEncryptedValues(appId: string): Promise<{ key: string; valueEncrypted: string }[]> {
      return db
        .select({ key: appSecrets.key, valueEncrypted: appSecrets.valueEncrypted })
        .from(appSecrets)
        .where(eq(appSecrets.appId, appId));
    },
  };
}

export type SecretsRepo = ReturnType<typeof createSecretsRepo>;
