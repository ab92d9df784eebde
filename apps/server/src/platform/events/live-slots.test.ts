import { describe, expect, it } from 'vitest';
import { LIVE_SUBSCRIPTIONS_PER_CALLER, SseHub } from './sse.ts';

describe('live subscriptions per caller (SseHub.claimLive)', () => {
  it('gives each caller its own slots, refuses past them, and takes each slot back once', () => {
    const hub = new SseHub();
    const held = Array.from({ length: LIVE_SUBSCRIPTIONS_PER_CALLER }, () => hub.claimLive('address:1'));
    expect(held.every((release) => release !== undefined)).toBe(true);
    expect(hub.claimLive('address:1')).toBeUndefined();
    expect(hub.claimLive('account:a')).toBeDefined();
    held[0]!();
    held[0]!();
    expect(hub.claimLive('address:1')).toBeDefined();
    expect(hub.claimLive('address:1')).toBeUndefined();
  });
});
