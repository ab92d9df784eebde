import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { stripeClient, verifyStripeWebhook } from './stripe.ts';

const SECRET = 'whsec_test';
const payload = JSON.stringify({ id: 'evt_1', type: 'checkout.session.completed', data: { object: {} } });
const header = (body: string, secret = SECRET, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp });

describe('verifyStripeWebhook', () => {
  it('answers the event of a payload signed with the endpoint secret', () => {
    const check = verifyStripeWebhook(payload, header(payload), SECRET);
    expect(check).toMatchObject({ ok: true, event: { id: 'evt_1', type: 'checkout.session.completed' } });
  });

  it('refuses no header, another secret, a changed payload, a stale timestamp and a non-event', () => {
    const stale = Math.floor(Date.now() / 1000) - 301;
    const notAnEvent = JSON.stringify({ hello: 'world' });
    const refused = [
      verifyStripeWebhook(payload, undefined, SECRET),
      verifyStripeWebhook(payload, header(payload, 'whsec_other'), SECRET),
      verifyStripeWebhook(payload.replace('evt_1', 'evt_2'), header(payload), SECRET),
      verifyStripeWebhook(payload, header(payload, SECRET, stale), SECRET),
      verifyStripeWebhook(payload, 't=1,v0=abc', SECRET),
      verifyStripeWebhook(notAnEvent, header(notAnEvent), SECRET),
      verifyStripeWebhook('not json', header('not json'), SECRET),
    ];
    for (const check of refused) expect(check.ok).toBe(false);
    expect(refused[0]).toEqual({ ok: false, reason: 'missing Stripe-Signature header' });
    expect(refused[3]).toEqual({ ok: false, reason: 'Timestamp outside the tolerance zone' });
    expect(refused[5]).toEqual({ ok: false, reason: 'not an event' });
  });
});

describe('stripeClient', () => {
  it('talks to the configured base URL', () => {
    const client = stripeClient('sk_test_1', 'http://127.0.0.1:4567');
    expect(client.getApiField('host')).toBe('127.0.0.1');
    expect(client.getApiField('port')).toBe('4567');
    expect(client.getApiField('protocol')).toBe('http');
  });
});
