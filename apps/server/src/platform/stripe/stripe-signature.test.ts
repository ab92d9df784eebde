import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signStripePayload, verifyStripeSignature } from './stripe-signature.ts';

const secret = 'whsec_test_secret';
const payload = '{"id":"evt_1","type":"checkout.session.completed"}';
const now = 1_700_000_000;

describe('Stripe webhook signatures', () => {
  it('accepts a header signed like Stripe does (HMAC-SHA256 of "t.payload", hex)', () => {
    const v1 = createHmac('sha256', secret).update(`${now}.${payload}`).digest('hex');
    expect(verifyStripeSignature(payload, `t=${now},v1=${v1}`, secret, { now })).toEqual({ ok: true });
    expect(signStripePayload(payload, secret, now)).toBe(`t=${now},v1=${v1}`);
  });

  it('accepts any matching v1 among several (secret rotation) and ignores v0', () => {
    const good = signStripePayload(payload, secret, now).split(',')[1];
    const header = `t=${now},v0=abc,v1=${'0'.repeat(64)},${good}`;
    expect(verifyStripeSignature(payload, header, secret, { now })).toEqual({ ok: true });
  });

  it.each([
    ['a changed payload', payload.replace('evt_1', 'evt_2'), signStripePayload(payload, secret, now), now],
    ['another secret', payload, signStripePayload(payload, 'whsec_other', now), now],
    ['a timestamp 301 s old', payload, signStripePayload(payload, secret, now - 301), now],
    ['a timestamp 301 s ahead', payload, signStripePayload(payload, secret, now + 301), now],
    ['no header', payload, undefined, now],
    ['a header without v1', payload, `t=${now}`, now],
    ['a header without t', payload, `v1=${'a'.repeat(64)}`, now],
    ['a non-hex signature', payload, `t=${now},v1=zz`, now],
  ])('refuses %s', (_name, body, header, at) => {
    expect(verifyStripeSignature(body, header, secret, { now: at }).ok).toBe(false);
  });

  it('accepts a timestamp exactly 300 s old', () => {
    expect(
      verifyStripeSignature(payload, signStripePayload(payload, secret, now - 300), secret, { now }).ok,
    ).toBe(true);
  });
});
