import { createHmac, timingSafeEqual } from 'node:crypto';

/** Stripe's default tolerance between the signed timestamp and now. */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The `Stripe-Signature` header for a payload: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<payload>" keyed with the endpoint secret>`. Used by the fake Stripe server and tests.
 */
export function signStripePayload(payload: string, secret: string, timestampSeconds = nowSeconds()): string {
  return `t=${timestampSeconds},v1=${hmac(secret, timestampSeconds, payload)}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

/**
 * Verifies a webhook the way Stripe documents it: any `v1` signature of the header must equal the
 * HMAC of `${t}.${payload}`, and `t` must lie within the tolerance of now.
 */
export function verifyStripeSignature(
  payload: string,
  header: string | undefined,
  secret: string,
  options: { toleranceSeconds?: number; now?: number } = {},
): SignatureCheck {
  if (!header) return { ok: false, reason: 'missing Stripe-Signature header' };
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d+$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && value) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) return { ok: false, reason: 'malformed header' };
  const tolerance = options.toleranceSeconds ?? STRIPE_SIGNATURE_TOLERANCE_SECONDS;
  if (Math.abs((options.now ?? nowSeconds()) - timestamp) > tolerance) {
    return { ok: false, reason: 'timestamp outside the tolerance' };
  }
  const expected = Buffer.from(hmac(secret, timestamp, payload), 'hex');
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? { ok: true } : { ok: false, reason: 'no matching signature' };
}

function hmac(secret: string, timestamp: number, payload: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
