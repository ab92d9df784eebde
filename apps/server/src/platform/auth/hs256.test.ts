import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
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

describe('verifyHs256 against jose', () => {
  // A fixed clock for both, so the time claims are judged at the same instant.
  const at = 1_800_000_000;
  const b64 = (value: unknown) =>
    Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
  const mac = (input: string, secret = SECRET) =>
    createHmac('sha256', secret).update(input).digest('base64url');
  const signed = (header: unknown, payload: unknown) => {
    const input = `${b64(header)}.${b64(payload)}`;
    return `${input}.${mac(input)}`;
  };
  const alg = { alg: 'HS256' };
  const ok = { sub: 'user-1', iss: 'atelier', iat: at - 10, exp: at + 60 };
  const valid = signed(alg, ok);
  const [vh, vp, vs] = valid.split('.') as [string, string, string];

  /** Tokens that both must accept, and crafted ones that both must refuse. */
  const cases: Array<[name: string, token: string, audience?: string]> = [
    ['a valid token', valid],
    ['a valid token with a typ and kid header', signed({ ...alg, typ: 'JWT', kid: 'k1' }, ok)],
    ['an audience among several', signed(alg, { ...ok, aud: ['x', 'atelier-preview'] }), 'atelier-preview'],
    ['a single audience', signed(alg, { ...ok, aud: 'atelier-preview' }), 'atelier-preview'],
    ['no exp at all', signed(alg, { sub: 'user-1', iss: 'atelier' })],
    ['nbf exactly now', signed(alg, { ...ok, nbf: at })],
    ['fractional times', signed(alg, { ...ok, iat: at - 0.5, exp: at + 0.5 })],
    ['another secret', `${vh}.${vp}.${mac(`${vh}.${vp}`, `${SECRET}x`)}`],
    ['a forged payload', `${vh}.${b64({ ...ok, sub: 'admin' })}.${vs}`],
    ['a truncated signature', `${vh}.${vp}.${vs.slice(0, -1)}`],
    ['an extended signature', `${vh}.${vp}.${vs}A`],
    ['an empty signature', `${vh}.${vp}.`],
    ['standard base64 characters', `${vh}.${vp}.${vs.replace(/-/g, '+').replace(/_/g, '/')}`],
    ['two parts', `${vh}.${vp}`],
    ['four parts', `${valid}.${vs}`],
    ['surrounding white space', ` ${valid} `],
    ['alg none', `${b64({ alg: 'none' })}.${vp}.`],
    ['alg none with a signature', signed({ alg: 'none' }, ok)],
    ['alg in lower case', signed({ alg: 'hs256' }, ok)],
    ['alg HS512 signed with HS256', signed({ alg: 'HS512' }, ok)],
    ['alg RS256', signed({ alg: 'RS256' }, ok)],
    ['no alg', signed({ typ: 'JWT' }, ok)],
    ['a header that is an array', signed([alg], ok)],
    [
      'a header that is not JSON',
      (() => {
        const input = `${b64('{alg:HS256}')}.${vp}`;
        return `${input}.${mac(input)}`;
      })(),
    ],
    ['a crit header', signed({ ...alg, crit: ['exp'], exp: 1 }, ok)],
    ['an empty crit header', signed({ ...alg, crit: [] }, ok)],
    ['unencoded payload (b64 false, crit)', signed({ ...alg, b64: false, crit: ['b64'] }, ok)],
    ['a payload that is an array', signed(alg, [ok])],
    ['a payload that is a string', signed(alg, '"atelier"')],
    ['a payload that is null', signed(alg, 'null')],
    ['a payload that is not JSON', signed(alg, '{"iss":"atelier"')],
    ['expired', signed(alg, { ...ok, exp: at - 1 })],
    ['expiring this second', signed(alg, { ...ok, exp: at })],
    ['not yet valid', signed(alg, { ...ok, nbf: at + 1 })],
    ['exp as a string', signed(alg, { ...ok, exp: String(at + 60) })],
    ['nbf as a string', signed(alg, { ...ok, nbf: String(at) })],
    ['iat as a string', signed(alg, { ...ok, iat: String(at) })],
    ['exp null', signed(alg, { ...ok, exp: null })],
    ['another issuer', signed(alg, { ...ok, iss: 'other' })],
    ['no issuer', signed(alg, { sub: 'user-1', exp: at + 60 })],
    ['an issuer array', signed(alg, { ...ok, iss: ['atelier'] })],
    ['no audience when one is required', valid, 'atelier-preview'],
    ['another audience', signed(alg, { ...ok, aud: 'other' }), 'atelier-preview'],
    ['an audience list without ours', signed(alg, { ...ok, aud: ['a', 'b'] }), 'atelier-preview'],
  ];

  it.each(cases)('%s: the same verdict and claims', async (_name, token, audience) => {
    const expect_ = { issuer: 'atelier', ...(audience ? { audience } : {}) };
    const ours = verifyHs256(token, SECRET, expect_, at);
    const theirs = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      currentDate: new Date(at * 1000),
      ...expect_,
    }).then(
      (result) => result.payload,
      () => null,
    );
    expect(ours).toEqual(theirs);
  });

  // Where ours is deliberately stricter than jose (RFC 7515 §2: base64url without padding; the b64
  // header means something only with crit, and our tokens never carry it).
  it.each([
    ['padding in the signature', `${vh}.${vp}.${vs}=`],
    ['a b64 header without crit', signed({ ...alg, b64: true }, ok)],
  ])('%s: refused here though jose accepts it', async (_name, token) => {
    expect(verifyHs256(token, SECRET, { issuer: 'atelier' }, at)).toBeNull();
    const theirs = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: 'atelier',
      currentDate: new Date(at * 1000),
    });
    expect(theirs.payload).toEqual(ok);
  });

  it('the table is not vacuous: both accept the valid token (a wrong key would make all agree on null)', async () => {
    expect(verifyHs256(valid, SECRET, { issuer: 'atelier' }, at)).toEqual(ok);
    const theirs = await jwtVerify(valid, key, { issuer: 'atelier', currentDate: new Date(at * 1000) });
    expect(theirs.payload).toEqual(ok);
  });
});
