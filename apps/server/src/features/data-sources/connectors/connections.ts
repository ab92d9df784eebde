import type { OAuthConnectorId } from '@atelier/shared';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { SecretBox } from '../../../platform/crypto/secret-box.ts';
import type { Database } from '../../../platform/db/database.ts';
import { connectorConnections } from '../../../platform/db/schema/index.ts';
import type { ConnectorCredential } from './connector.ts';
import type { ProviderTokens } from './oauth-providers.ts';

type ConnectionRow = typeof connectorConnections.$inferSelect;

/** A token that expires within this margin is refreshed before it is used. */
export const REFRESH_MARGIN_MS = 60_000;
/** How long one refresh may hold the lease before another instance may take it over. */
const REFRESH_LEASE_MS = 30_000;
/** How often a caller waiting on another's refresh looks again, and for how long at most. */
const REFRESH_POLL_MS = 100;
const REFRESH_WAIT_MS = 35_000;

/** The refresh failed for good (revoked, no refresh token): the builder has to connect again. */
export class ReconnectNeededError extends Error {}

/**
 * The builders' own connections (connector_connections): tokens sealed with the secret box, read and
 * refreshed here only. The refresh is concurrency-safe across instances: one caller takes a lease on
 * the row (compare-and-set on `version` and `refreshingUntil`), spends the refresh token and stores
 * the new pair; the others wait for the version to move and use the token it stored, so a rotating
 * refresh token (Notion) is never spent twice nor lost.
 */
export function createConnectionStore(deps: { database: Database; box: SecretBox }) {
  const { db } = deps.database;
  const where = (userId: string, provider: string) =>
    and(eq(connectorConnections.userId, userId), eq(connectorConnections.provider, provider));
  const load = async (userId: string, provider: string): Promise<ConnectionRow | undefined> =>
    (await db.select().from(connectorConnections).where(where(userId, provider)))[0];

  async function refreshed(
    row: ConnectionRow,
    refresh: (refreshToken: string) => Promise<ProviderTokens>,
  ): Promise<string> {
    const deadline = Date.now() + REFRESH_WAIT_MS;
    for (;;) {
      const now = new Date();
      const [leased] = await db
        .update(connectorConnections)
        .set({ refreshingUntil: new Date(now.getTime() + REFRESH_LEASE_MS) })
        .where(
          and(
            where(row.userId, row.provider),
            eq(connectorConnections.version, row.version),
            or(isNull(connectorConnections.refreshingUntil), lt(connectorConnections.refreshingUntil, now)),
          ),
        )
        .returning();
      if (leased) return spend(leased, refresh);
      const current = await load(row.userId, row.provider);
      if (!current) throw new ReconnectNeededError('disconnected');
      if (current.version !== row.version) return deps.box.decrypt(current.accessTokenEncrypted);
      if (Date.now() > deadline) throw new Error('timed out waiting for another token refresh');
      await new Promise((resolve) => setTimeout(resolve, REFRESH_POLL_MS));
    }
  }

  async function spend(
    row: ConnectionRow,
    refresh: (refreshToken: string) => Promise<ProviderTokens>,
  ): Promise<string> {
    const release = () =>
      db
        .update(connectorConnections)
        .set({ refreshingUntil: null })
        .where(and(where(row.userId, row.provider), eq(connectorConnections.version, row.version)));
    if (!row.refreshTokenEncrypted) {
      await release();
      throw new ReconnectNeededError('no refresh token');
    }
    let tokens: ProviderTokens;
    try {
      tokens = await refresh(deps.box.decrypt(row.refreshTokenEncrypted));
    } catch (error) {
      await release();
      throw error;
    }
    await db
      .update(connectorConnections)
      .set({
        accessTokenEncrypted: deps.box.encrypt(tokens.accessToken),
        // A provider that does not rotate (Google) sends no new refresh token: the old one stays.
        ...(tokens.refreshToken ? { refreshTokenEncrypted: deps.box.encrypt(tokens.refreshToken) } : {}),
        expiresAt: tokens.expiresAt,
        ...(tokens.accountName ? { accountName: tokens.accountName } : {}),
        version: sql`${connectorConnections.version} + 1`,
        refreshingUntil: null,
        updatedAt: new Date(),
      })
      .where(and(where(row.userId, row.provider), eq(connectorConnections.version, row.version)));
    return tokens.accessToken;
  }

  return {
    load,

    async list(userId: string) {
      return db
        .select({
          provider: connectorConnections.provider,
          accountName: connectorConnections.accountName,
          connectedAt: connectorConnections.connectedAt,
        })
        .from(connectorConnections)
        .where(eq(connectorConnections.userId, userId));
    },

    /** Stores a fresh connection (a reconnect replaces the old tokens). */
    async save(userId: string, provider: OAuthConnectorId, tokens: ProviderTokens) {
      const values = {
        accessTokenEncrypted: deps.box.encrypt(tokens.accessToken),
        refreshTokenEncrypted: tokens.refreshToken ? deps.box.encrypt(tokens.refreshToken) : null,
        expiresAt: tokens.expiresAt,
        accountName: tokens.accountName,
        refreshingUntil: null,
        connectedAt: new Date(),
        updatedAt: new Date(),
      };
      await db
        .insert(connectorConnections)
        .values({ userId, provider, ...values })
        .onConflictDoUpdate({
          target: [connectorConnections.userId, connectorConnections.provider],
          set: { ...values, version: sql`${connectorConnections.version} + 1` },
        });
    },

    async remove(userId: string, provider: string): Promise<boolean> {
      const gone = await db.delete(connectorConnections).where(where(userId, provider)).returning();
      return gone.length > 0;
    },

    /**
     * The credential of a builder's connection: the stored access token, refreshed first when it
     * expires within a minute, and once more when the provider answers 401 to it.
     */
    credential(
      userId: string,
      provider: OAuthConnectorId,
      refresh: (refreshToken: string) => Promise<ProviderTokens>,
    ): ConnectorCredential {
      const current = async () => {
        const row = await load(userId, provider);
        if (!row) throw new ReconnectNeededError('disconnected');
        return row;
      };
      return {
        async token() {
          const row = await current();
          const fresh = !row.expiresAt || row.expiresAt.getTime() > Date.now() + REFRESH_MARGIN_MS;
          return fresh ? deps.box.decrypt(row.accessTokenEncrypted) : refreshed(row, refresh);
        },
        async renew(used) {
          const row = await current();
          const stored = deps.box.decrypt(row.accessTokenEncrypted);
          // Another caller renewed it meanwhile: use theirs.
          if (stored !== used) return stored;
          if (!row.refreshTokenEncrypted) return null;
          return refreshed(row, refresh);
        },
      };
    },
  };
}

export type ConnectionStore = ReturnType<typeof createConnectionStore>;
