import { describe, expect, it } from 'vitest';
import { encodeStripeForm } from './stripe-client.ts';

describe('Stripe form encoding', () => {
  it('encodes nested objects and arrays with bracket keys and skips empty values', () => {
    const form = encodeStripeForm({
      mode: 'subscription',
      line_items: [{ price: 'price_1', quantity: 1 }],
      metadata: { saleId: 'sale_1', note: null },
      success_url: 'http://x/joinplan?sale_id=a&b',
      customer: undefined,
      cancel_at_period_end: true,
    });
    expect(form.split('&').map(decodeURIComponent)).toEqual([
      'mode=subscription',
      'line_items[0][price]=price_1',
      'line_items[0][quantity]=1',
      'metadata[saleId]=sale_1',
      'success_url=http://x/joinplan?sale_id=a&b',
      'cancel_at_period_end=true',
    ]);
    expect(form).toContain('success_url=http%3A%2F%2Fx%2Fjoinplan%3Fsale_id%3Da%26b');
  });
});
