import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/database.ts';
import { verifyHs256 } from './hs256.ts';
import { ACCESS_TOKEN_TTL_SECONDS, JwtKeys } from './jwt.ts';

// Counted through the constructor's seam, not vi.mock: the unit project runs files without
// isolation, so another file may have loaded jwt.ts with the real module first.
const checks = { count: 0 };
const countedVerify: typeof verifyHs256 = (...args) => {
  checks.count++;
  return verifyHs256(...args);
};

const SECRET = 'a-secret-of-the-platform-that-is-long-enough';
const claims = { userId: 'user-1', tenantId: 'tenant-1', sessionId: 'session-1' };
const keys = () => new JwtKeys(undefined as unknown as Database, SECRET, countedVerify);

afterEach(() => {
  vi.useRealTimers();
});

describe('JwtKeys.verifyAccessToken', () => {
  it('checks a token once, answers it from memory after, and stops at its expiry', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T08:00:00Z'), toFake: ['Date'] });
    const jwt = keys();
    const token = await jwt.signAccessToken(claims);
    checks.count = 0;
    expect(await jwt.verifyAccessToken(token)).toEqual(claims);
    expect(await jwt.verifyAccessToken(token)).toEqual(claims);
    expect(checks.count).toBe(1);
    vi.setSystemTime(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000);
    expect(await jwt.verifyAccessToken(token)).toBeNull();
  });

  it('keeps no forged token: each is checked and refused', async () => {
    const jwt = keys();
    const token = await jwt.signAccessToken(claims);
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(JSON.stringify({ ...claims, sub: 'admin', typ: 'access' })).toString(
      'base64url',
    );
    const forged = `${header}.${payload}.${signature}`;
    checks.count = 0;
    expect(await jwt.verifyAccessToken(forged)).toBeNull();
    expect(await jwt.verifyAccessToken(forged)).toBeNull();
    expect(checks.count).toBe(2);
    const other = await new JwtKeys(undefined as unknown as Database, `${SECRET}-other`).signAccessToken(
      claims,
    );
    expect(await jwt.verifyAccessToken(other)).toBeNull();
    expect(await jwt.verifyAccessToken(token)).toEqual(claims);
  });
});
