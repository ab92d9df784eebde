import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { verifyHs256 } from './hs256.ts';

const SECRET = 'a-secret-of-the-platform-that-is-long-enough';
const key = new TextEncoder().encode(SECRET);
const now = Math.floor(Date.now() / 1000);

const sign = (
  claims: Record<string, unknown>,
  options: { exp?: number; aud?: string; iss?: string } = {},
) => {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject('user-1').setIssuedAt();
  jwt.setIssuer(options.iss ?? 'atelier');
  jwt.setExpirationTime(options.exp ?? now + 60);
  if (options.aud) jwt.setAudience(options.aud);
  return jwt.sign(key);
};

/** A token with any header, signed with the secret (to test what the header may say). */
const withHeader = (header: Record<string, unknown>, payload: Record<string, unknown>) => {
  const h = Buffer.from(JSON.stringify(header)).toString('base64url');
  const p = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const s = createHmac('sha256', SECRET).update(`${h}.${p}`).digest('base64url');
  return `${h}.${p}.${s}`;
};

describe('verifyHs256', () => {
  it('answers the claims of a token jose signed', async () => {
    const token = await sign({ typ: 'access', tid: 'platform' });
    expect(verifyHs256(token, SECRET, { issuer: 'atelier' })).toMatchObject({
      sub: 'user-1',
      typ: 'access',
      tid: 'platform',
      iss: 'atelier',
    });
  });

  it('refuses another secret, a changed payload and a changed signature', async () => {
    const token = await sign({ typ: 'access' });
    expect(verifyHs256(token, `${SECRET}x`, { issuer: 'atelier' })).toBeNull();
    const [h, p, s] = token.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ sub: 'admin', iss: 'atelier', exp: now + 60 })).toString(
      'base64url',
    );
    expect(verifyHs256(`${h}.${forged}.${s}`, SECRET, { issuer: 'atelier' })).toBeNull();
    expect(verifyHs256(`${h}.${p}.${s.slice(0, -2)}`, SECRET, { issuer: 'atelier' })).toBeNull();
    expect(verifyHs256(`${h}.${p}`, SECRET, { issuer: 'atelier' })).toBeNull();
  });

  it('refuses an expired token, another issuer and a missing audience', async () => {
    expect(verifyHs256(await sign({}, { exp: now - 1 }), SECRET, { issuer: 'atelier' })).toBeNull();
    expect(verifyHs256(await sign({}, { iss: 'other' }), SECRET, { issuer: 'atelier' })).toBeNull();
    const preview = await sign({}, { aud: 'atelier-preview' });
    expect(verifyHs256(preview, SECRET, { issuer: 'atelier', audience: 'atelier-preview' })).not.toBeNull();
    expect(
      verifyHs256(await sign({}), SECRET, { issuer: 'atelier', audience: 'atelier-preview' }),
    ).toBeNull();
  });

  it('refuses alg none, another algorithm, crit headers and non-numeric times', () => {
    const payload = { iss: 'atelier', exp: now + 60 };
    expect(verifyHs256(withHeader({ alg: 'HS256' }, payload), SECRET, { issuer: 'atelier' })).not.toBeNull();
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.`;
    expect(verifyHs256(none, SECRET, { issuer: 'atelier' })).toBeNull();
    expect(verifyHs256(withHeader({ alg: 'HS512' }, payload), SECRET, { issuer: 'atelier' })).toBeNull();
    expect(
      verifyHs256(withHeader({ alg: 'HS256', crit: ['x'] }, payload), SECRET, { issuer: 'atelier' }),
    ).toBeNull();
    expect(
      verifyHs256(withHeader({ alg: 'HS256' }, { ...payload, exp: String(now + 60) }), SECRET, {
        issuer: 'atelier',
      }),
    ).toBeNull();
    expect(
      verifyHs256(withHeader({ alg: 'HS256' }, { ...payload, nbf: now + 60 }), SECRET, { issuer: 'atelier' }),
    ).toBeNull();
  });
});
