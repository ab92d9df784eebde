import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { type JWTPayload, SignJWT } from 'jose';
import type { Database } from '../db/database.ts';
import { systemSettings } from '../db/schema/index.ts';
import { verifyHs256 } from './hs256.ts';

const SECRET_SETTING_KEY = 'auth.jwtSecret';
const ISSUER = 'atelier';

/** Access tokens live an hour; clients refresh them every 50 minutes (spec 1 §9). */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
/** Custom tokens are exchanged at once for a session; they work once, within 5 minutes. */
export const CUSTOM_TOKEN_TTL_SECONDS = 5 * 60;

/** Most verified access tokens kept (`JwtKeys.verifyAccessToken`); the oldest goes first. */
const VERIFIED_TOKENS_MAX = 10_000;

export interface AccessTokenClaims {
  userId: string;
  tenantId: string;
  sessionId: string;
}

export interface CustomTokenClaims {
  userId: string;
  tenantId: string;
  /** Id of the auth_tokens row that makes the token single-use. */
  tokenId: string;
}

/**
 * The HS256 key of access and custom tokens: JWT_SECRET, or a secret generated once and kept in
 * system_settings so that every instance on one database shares it.
 */
export class JwtKeys {
  #secret: Promise<string> | undefined;
  /**
   * Access tokens whose signature and claims were checked, by their whole text, with their expiry
   * (ms): a client sends the same token with every call for its hour, and the check (HMAC, two
   * base64url decodes and JSON parses) was a tenth of a signed-in call's CPU. Only tokens that passed
   * are kept, so a caller cannot fill it with forgeries; a kept token still stops at its `exp`.
   */
  readonly #verified = new Map<string, { claims: AccessTokenClaims; expiresAt: number }>();

  constructor(
    private readonly database: Database,
    private readonly configured: string | undefined,
    /** The signature check (a test counts its calls). */
    private readonly verify: typeof verifyHs256 = verifyHs256,
  ) {}

  secret(): Promise<string> {
    this.#secret ??= this.#load().catch((error: unknown) => {
      this.#secret = undefined;
      throw error;
    });
    return this.#secret;
  }

  async #load(): Promise<string> {
    if (this.configured) return this.configured;
    const db = this.database.db;
    await db
      .insert(systemSettings)
      .values({ key: SECRET_SETTING_KEY, value: randomBytes(48).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db
      .select({ value: systemSettings.value })
      .from(systemSettings)
      .where(eq(systemSettings.key, SECRET_SETTING_KEY));
    if (typeof row?.value !== 'string') throw new Error('JWT secret missing from system_settings');
    return row.value;
  }

  async #key(): Promise<Uint8Array> {
    return new TextEncoder().encode(await this.secret());
  }

  async signAccessToken(claims: AccessTokenClaims): Promise<string> {
    return new SignJWT({ tid: claims.tenantId, sid: claims.sessionId, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(await this.#key());
  }

  /** The claims of a valid access token, or null (bad signature, expired, wrong type). */
  async verifyAccessToken(token: string): Promise<AccessTokenClaims | null> {
    const known = this.#verified.get(token);
    if (known) {
      if (known.expiresAt > Date.now()) return known.claims;
      this.#verified.delete(token);
      return null;
    }
    const payload = await this.#verify(token, 'access');
    if (!payload || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
    const claims = { userId: payload.sub, tenantId: payload.tid, sessionId: payload.sid };
    if (this.#verified.size >= VERIFIED_TOKENS_MAX) {
      this.#verified.delete(this.#verified.keys().next().value as string);
    }
    this.#verified.set(token, { claims, expiresAt: payload.exp * 1000 });
    return claims;
  }

  async signCustomToken(claims: CustomTokenClaims): Promise<string> {
    return new SignJWT({ tid: claims.tenantId, typ: 'custom' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setJti(claims.tokenId)
      .setIssuedAt()
      .setExpirationTime(`${CUSTOM_TOKEN_TTL_SECONDS}s`)
      .sign(await this.#key());
  }

  async verifyCustomToken(token: string): Promise<CustomTokenClaims | null> {
    const payload = await this.#verify(token, 'custom');
    if (!payload || typeof payload.jti !== 'string') return null;
    return { userId: payload.sub, tenantId: payload.tid, tokenId: payload.jti };
  }

  async #verify(
    token: string,
    typ: 'access' | 'custom',
  ): Promise<(JWTPayload & { sub: string; tid: string }) | null> {
    // node:crypto, synchronously: this runs on every signed-in request (see hs256.ts).
    const payload = this.verify(token, await this.secret(), { issuer: ISSUER });
    if (!payload) return null;
    if (payload.typ !== typ || typeof payload.sub !== 'string' || typeof payload.tid !== 'string')
      return null;
    return { ...payload, sub: payload.sub, tid: payload.tid };
  }
}

export const newId = () => randomUUID();
