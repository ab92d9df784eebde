import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLlmHarness, type LlmHarness } from '../../../test/support/llm-harness.ts';

let h: LlmHarness;
let server: ServerType;
let url: string;

beforeAll(async () => {
  h = await createLlmHarness();
  const app = new Hono().post('/stream', async (c) => {
    const stream = await h.llm.streamText({
      purpose: 'chat',
      messageId: 'disconnect-1',
      prompt: 'Count slowly',
      abortSignal: c.req.raw.signal,
    });
    return stream.toUIMessageStreamResponse();
  });
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/stream`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await h.close();
});

describe('a client that disconnects', () => {
  it('aborts the provider call of the answer it was streaming', async () => {
    h.fake.reply({ chunks: Array.from({ length: 50 }, (_, i) => `${i} `), chunkDelayMs: 30 });
    const controller = new AbortController();
    const res = await fetch(url, { method: 'POST', signal: controller.signal });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    while (!received.includes('"type":"text-delta"')) {
      const { value, done } = await reader.read();
      if (done) break;
      received += decoder.decode(value);
    }
    controller.abort();

    const [upstream] = h.fake.completions();
    await Promise.race([upstream!.settled, new Promise((resolve) => setTimeout(resolve, 3000))]);
    expect(upstream!.aborted).toBe(true);
    expect(upstream!.chunksSent).toBeLessThan(20);

    let rows = await h.usageRowsOfMessage('disconnect-1');
    for (let i = 0; i < 50 && rows.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      rows = await h.usageRowsOfMessage('disconnect-1');
    }
    expect(rows[0]?.finishReason).toBe('aborted');
  });
});
