import { PREVIEW_TOKEN_TTL_SECONDS } from '@atelier/shared';
import { SignJWT } from 'jose';
import { verifyHs256 } from '../../platform/auth/hs256.ts';
import type { JwtKeys } from '../../platform/auth/jwt.ts';

const ISSUER = 'atelier';
const AUDIENCE = 'atelier-preview';

export interface PreviewClaims {
  /** The builder the link was made for. */
  userId: string;
  appId: string;
  versionId: string;
  /** The builder page's origin: the only window the preview posts its runtime errors to. */
  parentOrigin: string;
}

/**
 * Short-lived signed preview links: the builder's page asks for one (owner only) and the preview
 * origin serves that app version to whoever holds it, without cookies. HS256 with the platform's
 * JWT key, a type and an audience of their own, so a preview token is never an access token.
 */
export class PreviewTokens {
  constructor(
    private readonly keys: Pick<JwtKeys, 'secret'>,
    private readonly ttlSeconds = PREVIEW_TOKEN_TTL_SECONDS,
  ) {}

  async sign(claims: PreviewClaims): Promise<{ token: string; expiresAt: Date }> {
    const expiresAt = new Date(Math.floor(Date.now() / 1000 + this.ttlSeconds) * 1000);
    const token = await new SignJWT({
      typ: 'preview',
      app: claims.appId,
      ver: claims.versionId,
      po: claims.parentOrigin,
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(await this.key());
    return { token, expiresAt };
  }

  /** The claims of a valid, unexpired preview token, or null. */
  async verify(token: string): Promise<PreviewClaims | null> {
    const payload = verifyHs256(token, await this.keys.secret(), { issuer: ISSUER, audience: AUDIENCE });
    if (!payload) return null;
    const { typ, app, ver, sub, po } = payload;
    if (typ !== 'preview' || typeof app !== 'string' || typeof ver !== 'string' || typeof sub !== 'string') {
      return null;
    }
    if (typeof po !== 'string') return null;
    return { userId: sub, appId: app, versionId: ver, parentOrigin: po };
  }

  private async key(): Promise<Uint8Array> {
    return new TextEncoder().encode(await this.keys.secret());
  }
}
