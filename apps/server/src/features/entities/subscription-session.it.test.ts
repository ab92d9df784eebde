import { ENTITY_API_MESSAGES } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/support/accounts.ts';
import { createEntityApp, type EntityApp, endUser, entityCall } from '../../../test/support/entities.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { LIVE_SUBSCRIPTIONS_PER_CALLER } from '../../platform/events/sse.ts';

/** Issue 20 #12: a live subscription ends with its session. */
let t: TestApp;
let app: EntityApp;
beforeAll(async () => {
  t = await createTestApp();
  app = await createEntityApp(t, 'live-owner@example.com', {
    Note: { properties: { text: { type: 'string' } }, rls: { read: 'all', write: 'all' } },
  });
});
afterAll(() => t.close());

/** Reads an SSE stream: the `data:` payloads, and when it ends. */
function readStream(response: Response) {
  const received: { type: string; id: string }[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let markConnected!: () => void;
  const connected = new Promise<void>((resolve) => {
    markConnected = resolve;
  });
  let onEvent = () => {};
  const nextEvent = () => new Promise<void>((resolve) => (onEvent = resolve));
  const done = (async () => {
    while (true) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      if (buffer.includes(': connected')) markConnected();
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const data = buffer
          .slice(0, end)
          .split('\n')
          .find((line) => line.startsWith('data: '));
        buffer = buffer.slice(end + 2);
        if (data) {
          received.push(JSON.parse(data.slice(6)));
          onEvent();
        }
        end = buffer.indexOf('\n\n');
      }
    }
  })();
  return { received, connected, nextEvent, done };
}

describe('entity subscriptions and sign-out', () => {
  it.each(['sign-out', 'revoke-all'] as const)(
    'after %s the stream ends and delivers no more records',
    async (how) => {
      const user = await endUser(t, app.appId, `live-${how}@example.com`);
      const res = await t.app.request(`/api/apps/${app.appId}/entities/Note/subscribe`, {
        headers: user.headers,
      });
      expect(res.status).toBe(200);
      const stream = readStream(res);
      await stream.connected;
      const first = stream.nextEvent();
      expect(
        (await entityCall(t, app.appId, 'POST', 'Note', { text: 'before' }, app.owner.headers)).status,
      ).toBe(201);
      await first;
      expect(stream.received).toHaveLength(1);
      const path = how === 'sign-out' ? '/api/auth/logout' : '/api/auth/sessions/revoke-all';
      expect((await t.app.request(path, json('POST', undefined, user.headers))).status).toBe(200);
      expect(
        (await entityCall(t, app.appId, 'POST', 'Note', { text: 'after' }, app.owner.headers)).status,
      ).toBe(201);
      await stream.done;
      expect(stream.received.map((event) => event.type)).toEqual(['create']);
    },
  );
});

describe('live subscriptions per caller', () => {
  it(`holds at most ${LIVE_SUBSCRIPTIONS_PER_CALLER} open for one caller: 429 past it, a slot again once one ends`, async () => {
    const subscribe = () => t.app.request(`/api/apps/${app.appId}/entities/Note/subscribe`);
    const open = await Promise.all(Array.from({ length: LIVE_SUBSCRIPTIONS_PER_CALLER }, subscribe));
    expect(open.map((res) => res.status)).toEqual(open.map(() => 200));
    const refused = await subscribe();
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      ENTITY_API_MESSAGES.tooManySubscriptions,
    );
    await open[0]!.body!.cancel();
    let again = await subscribe();
    // The slot comes back when the server sees the stream end.
    while (again.status === 429) again = await subscribe();
    expect(again.status).toBe(200);
    await Promise.all([again, ...open.slice(1)].map((res) => res.body!.cancel().catch(() => {})));
  });
});
