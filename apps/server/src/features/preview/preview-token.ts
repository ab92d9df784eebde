import {
  PREVIEW_CREDENTIAL_MAX_AGE_SECONDS,
  PREVIEW_TOKEN_TTL_SECONDS,
  type PreviewViewAs,
} from '@atelier/shared';
import { type JWTPayload, SignJWT } from 'jose';
import { verifyHs256 } from '../../platform/auth/hs256.ts';
import type { JwtKeys } from '../../platform/auth/jwt.ts';

const ISSUER = 'atelier';
const AUDIENCE = 'atelier-preview';
/** The preview credential's audience: never a link token, never an access token. */
const CREDENTIAL_AUDIENCE = 'atelier-preview-credential';

export interface PreviewClaims {
  /** The builder the link was made for. */
  userId: string;
  appId: string;
  versionId: string;
  /** The builder page's origin: the only window the preview posts to, and may frame it. */
  parentOrigin: string;
  /** Whom the preview's app acts as: the owner, a signed-out visitor, or the app's test end user. */
  viewAs: PreviewViewAs;
  /** The test end user (an account in the app's tenant) when `viewAs` is `user`. */
  endUserId?: string | undefined;
}

/**
 * A verified token's claims, when it expires, and when the builder asked for the first link of
 * this preview (`since`: renewals keep it; none is made past PREVIEW_CREDENTIAL_MAX_AGE_SECONDS).
 */
export type VerifiedPreviewClaims = PreviewClaims & { expiresAt: Date; since: Date };

const VIEW_AS = new Set<PreviewViewAs>(['owner', 'visitor', 'user']);

/**
 * Short-lived signed preview links: the builder's page asks for one (owner only) and the preview
 * origin serves that app version to whoever holds it, without cookies. HS256 with the platform's
 * JWT key, a type and an audience of their own, so a preview token is never an access token.
 *
 * The preview document carries a second token, the **preview credential**: the same claims under
 * another audience, expiring with the link. It is written into the document only (never a URL,
 * never a cookie); the app SDK sends it as `x-atelier-preview-token`, and with it the app's entity
 * API, functions and integrations act as `viewAs` (features/preview/preview-actors.ts).
 */
export function createPreviewTokens(keys: Pick<JwtKeys, 'secret'>, ttlSeconds = PREVIEW_TOKEN_TTL_SECONDS) {
  async function signAs(audience: string, typ: string, claims: PreviewClaims, expiresAt: Date, since?: Date) {
    return new SignJWT({
      typ,
      ...(since ? { since: Math.floor(since.getTime() / 1000) } : {}),
      app: claims.appId,
      ver: claims.versionId,
      po: claims.parentOrigin,
      as: claims.viewAs,
      ...(claims.endUserId ? { eu: claims.endUserId } : {}),
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(new TextEncoder().encode(await keys.secret()));
  }

  async function verifyAs(
    audience: string,
    typ: string,
    token: string,
  ): Promise<VerifiedPreviewClaims | null> {
    const payload = verifyHs256(token, await keys.secret(), { issuer: ISSUER, audience });
    return payload && payload.typ === typ ? claimsOf(payload) : null;
  }

  return {
    async sign(claims: PreviewClaims): Promise<{ token: string; expiresAt: Date }> {
      const expiresAt = new Date(Math.floor(Date.now() / 1000 + ttlSeconds) * 1000);
      return { token: await signAs(AUDIENCE, 'preview', claims, expiresAt), expiresAt };
    },

    /** The claims of a valid, unexpired preview link token, or null. */
    verify(token: string): Promise<VerifiedPreviewClaims | null> {
      return verifyAs(AUDIENCE, 'preview', token);
    },

    /** The preview document's credential for a verified link: the same claims, the same expiry. */
    signCredential(claims: VerifiedPreviewClaims): Promise<string> {
      return signAs(CREDENTIAL_AUDIENCE, 'preview-credential', claims, claims.expiresAt, claims.since);
    },

    /** The claims of a valid, unexpired preview credential, or null. */
    verifyCredential(token: string): Promise<VerifiedPreviewClaims | null> {
      return verifyAs(CREDENTIAL_AUDIENCE, 'preview-credential', token);
    },

    /**
     * A fresh credential for a valid one (the preview document asks before its own expires, so a
     * builder who keeps the builder open keeps a working preview): the same claims and `since`, a
     * new expiry one TTL from now. Null once the preview is PREVIEW_CREDENTIAL_MAX_AGE_SECONDS old.
     */
    async renewCredential(claims: VerifiedPreviewClaims): Promise<{ token: string; expiresAt: Date } | null> {
      const now = Date.now();
      if (now - claims.since.getTime() >= PREVIEW_CREDENTIAL_MAX_AGE_SECONDS * 1000) return null;
      const expiresAt = new Date(Math.floor(now / 1000 + ttlSeconds) * 1000);
      const token = await signAs(CREDENTIAL_AUDIENCE, 'preview-credential', claims, expiresAt, claims.since);
      return { token, expiresAt };
    },
  };
}

export type PreviewTokens = ReturnType<typeof createPreviewTokens>;

function claimsOf(payload: JWTPayload): VerifiedPreviewClaims | null {
  const { app, ver, sub, po, as, eu, exp, iat, since } = payload;
  if (typeof app !== 'string' || typeof ver !== 'string' || typeof sub !== 'string') return null;
  if (typeof po !== 'string' || typeof exp !== 'number') return null;
  const viewAs = (as ?? 'owner') as PreviewViewAs;
  if (!VIEW_AS.has(viewAs)) return null;
  if (viewAs === 'user' && typeof eu !== 'string') return null;
  return {
    userId: sub,
    appId: app,
    versionId: ver,
    parentOrigin: po,
    viewAs,
    endUserId: viewAs === 'user' ? (eu as string) : undefined,
    expiresAt: new Date(exp * 1000),
    since: new Date((typeof since === 'number' ? since : (iat ?? 0)) * 1000),
  };
}
