import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../platform/db/database.ts';
import { systemSettings } from '../../../platform/db/schema/index.ts';

/** Connector tokens live 10 minutes: enough to pick documents in the dialog. */
export const CONNECTOR_TOKEN_TTL_MS = 10 * 60 * 1000;

/**
 * A short-lived, signed token naming the builder: `userId.expiresAtMs.nonce.signature` (HMAC-SHA256).
 * The connector picker sends it back to prove the dialog was opened by a signed-in builder.
 */
export async function issueConnectorToken(secret: string, userId: string, now = Date.now()) {
  const expiresAt = now + CONNECTOR_TOKEN_TTL_MS;
  const payload = `${Buffer.from(userId).toString('base64url')}.${expiresAt}.${randomBytes(9).toString('base64url')}`;
  return { accessToken: `${payload}.${sign(secret, payload)}`, expiresAt: new Date(expiresAt).toISOString() };
}

/** The user id of a valid, unexpired token, else undefined. */
export function verifyConnectorToken(secret: string, token: string, now = Date.now()): string | undefined {
  const parts = token.split('.');
  if (parts.length !== 4) return undefined;
  const [user, expires, nonce, signature] = parts as [string, string, string, string];
  const expected = Buffer.from(sign(secret, `${user}.${expires}.${nonce}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  if (!(Number(expires) > now)) return undefined;
  return Buffer.from(user, 'base64url').toString();
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
