import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, silentLogger } from '../../../test/support/test-db.ts';
import type { Database } from '../db/database.ts';
import { createEventBus, type EventBus } from './event-bus.ts';
import { SseHub, streamTopic } from './sse.ts';

let database: Database;
let bus: EventBus;
beforeAll(async () => {
  database = await createTestDatabase();
  bus = createEventBus(database, silentLogger);
  await bus.start();
});
afterAll(async () => {
  await bus.close();
  await database.close();
});

const nextEvent = <T>(topic: string) =>
  new Promise<T>((resolve) => {
    const off = bus.subscribe<T>(topic, (event) => {
      off();
      resolve(event.data);
    });
  });

describe('event bus', () => {
  it('delivers a published event to the subscribers of its topic only', async () => {
    const other: unknown[] = [];
    const offOther = bus.subscribe('topic-b', (event) => other.push(event.data));
    const received = nextEvent<{ id: string }>('topic-a');
    await bus.publish('topic-a', { id: 'x1' });
    expect(await received).toEqual({ id: 'x1' });
    offOther();
    expect(other).toEqual([]);
  });

  it('refuses an event too large for NOTIFY', async () => {
    await expect(bus.publish('topic-a', { blob: 'x'.repeat(8000) })).rejects.toThrow(/limit is 7500/);
  });
});

describe('streamTopic (SSE)', () => {
  it('streams the events a subscriber may see and ends when the hub closes', async () => {
    const hub = new SseHub();
    const app = new Hono();
    app.get('/stream', (c) =>
      streamTopic<{ n: number; secret?: boolean }>(c, {
        bus,
        hub,
        topic: 'sse-test',
        eventName: 'change',
        map: (data) => (data.secret ? undefined : { n: data.n }),
      }),
    );
    const res = await app.request('/stream');
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
    };
    await readUntil(': connected');
    await bus.publish('sse-test', { n: 1, secret: true });
    await bus.publish('sse-test', { n: 2 });
    await readUntil('"n":2');
    expect(text).toContain('event: change\ndata: {"n":2}');
    expect(text).not.toContain('"n":1');
    expect(hub.size).toBe(1);
    hub.closeAll();
    while (!(await reader.read()).done) {}
    expect(hub.size).toBe(0);
  });
});
