import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database.ts';
import { systemSettings } from '../../../platform/db/schema/index.ts';

/** Connector tokens live 10 minutes: enough to pick documents in the dialog. */
export const CONNECTOR_TOKEN_TTL_MS = 10 * 60 * 1000;

/**
 * A short-lived, signed token naming the builder: `userId.expiresAtMs.nonce.signature` (HMAC-SHA256),
 * the answer of the token route (spec: GET /api/integrations/fetchCarbonTokens). Nothing accepts it
 * back: the connector routes authenticate the builder by the session, like every builder route.
 */
export async function issueConnectorToken(secret: string, userId: string, now = Date.now()) {
  const expiresAt = now + CONNECTOR_TOKEN_TTL_MS;
  const payload = `${Buffer.from(userId).toString('base64url')}.${expiresAt}.${randomBytes(9).toString('base64url')}`;
  return { accessToken: `${payload}.${sign(secret, payload)}`, expiresAt: new Date(expiresAt).toISOString() };
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`connector-token:${payload}`).digest('base64url');
}

const SECRET_KEY = 'data_sources.connector_token_secret';

/** The signing secret, shared by every instance through system_settings (created on first use). */
export function connectorSecretStore(database: Database) {
  let cached: Promise<string> | undefined;
  const load = async () => {
    const fresh = randomBytes(32).toString('base64url');
    await database.db.insert(systemSettings).values({ key: SECRET_KEY, value: fresh }).onConflictDoNothing();
    const [row] = await database.db
      .select({ value: systemSettings.value })
      .from(systemSettings)
      .where(eq(systemSettings.key, SECRET_KEY));
    return String(row?.value ?? fresh);
  };
  return () => {
    cached ??= load().catch((error: unknown) => {
      cached = undefined;
      throw error;
    });
    return cached;
  };
}
