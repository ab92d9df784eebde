import Stripe from 'stripe';

export const DEFAULT_STRIPE_API_BASE = 'https://api.stripe.com';

/**
 * The official Stripe SDK for one secret key, talking to `apiBase` (STRIPE_API_BASE: tests point it
 * at a local fake Stripe server). It answers as Stripe did, without retrying on its own (a failed
 * call is reported to the caller, which shows the provider's error), within 20 s.
 */
export function stripeClient(apiKey: string, apiBase: string = DEFAULT_STRIPE_API_BASE): Stripe {
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(apiKey, {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
    maxNetworkRetries: 0,
    timeout: 20_000,
  });
}

export type StripeWebhookCheck = { ok: true; event: Stripe.Event } | { ok: false; reason: string };

/**
 * A webhook as Stripe documents it, checked by the SDK: a `v1` signature of the header must be the
 * HMAC of `${t}.${payload}` with the endpoint's secret, `t` within 300 s of now; then the payload
 * must be an event (an id, a type and a data object).
 */
export function verifyStripeWebhook(
  payload: string,
  header: string | undefined,
  secret: string,
): StripeWebhookCheck {
  if (!header) return { ok: false, reason: 'missing Stripe-Signature header' };
  let event: Partial<Stripe.Event>;
  try {
    event = Stripe.webhooks.constructEvent(payload, header, secret);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) {
      return { ok: false, reason: 'not an event' };
    }
    // The SDK's message goes on with advice and a link: its first sentence is the reason.
    return { ok: false, reason: error.message.split('\n')[0]?.trim() || 'signature check failed' };
  }
  if (typeof event?.id !== 'string' || typeof event.type !== 'string' || typeof event.data !== 'object') {
    return { ok: false, reason: 'not an event' };
  }
  return { ok: true, event: event as Stripe.Event };
}

/** Whether a Stripe call failed with this HTTP status (e.g. 404: no such object). */
export const isStripeStatus = (error: unknown, status: number) =>
  error instanceof Stripe.errors.StripeError && error.statusCode === status;
