import { LLM_ERROR_MESSAGE } from '@atelier/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLlmHarness, drain, type LlmHarness } from '../../../test/support/llm-harness.ts';
import { LlmCallError } from './errors.ts';

let h: LlmHarness;

beforeAll(async () => {
  h = await createLlmHarness();
});

beforeEach(async () => {
  await h.reset();
});

afterAll(async () => {
  await h.close();
});

let messageCounter = 0;
/** A fresh context per call, so that every test reads only its own usage rows. */
let chat = { purpose: 'chat' as const, appId: 'app-1', userId: 'user-1', messageId: 'msg-0' };
beforeEach(() => {
  chat = { ...chat, messageId: `msg-${++messageCounter}` };
});
const rows = () => h.usageRowsOfMessage(chat.messageId);

describe('streaming through the AI layer (fake provider)', () => {
  it('streams the text in order and sends the model, temperature and messages upstream', async () => {
    h.fake.reply({ chunks: ['Hel', 'lo', ' wor', 'ld'], chunkDelayMs: 5 });
    const stream = await h.llm.streamText({ ...chat, system: 'You are terse.', prompt: 'Say hello' });
    const { deltas, error } = await drain(stream.textStream);
    expect(error).toBeUndefined();
    expect(deltas).toEqual(['Hel', 'lo', ' wor', 'ld']);
    const [request] = h.fake.completions();
    expect(request!.headers.authorization).toBe('Bearer test-key');
    expect(request!.body).toMatchObject({
      model: 'gpt-4o-mini',
      temperature: 0.7,
      stream: true,
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: 'Say hello' },
      ],
    });
    expect(stream.info).toMatchObject({ id: 'gpt-4o-mini', displayName: 'GPT-4o mini', provider: 'openai' });
    await stream.usage;
  });

  it('stores the usage, cost at the rates per 1M tokens, latency and who the call was for', async () => {
    h.fake.reply({
      chunks: ['Hi'],
      usage: { prompt_tokens: 1200, completion_tokens: 300, cached_tokens: 200 },
    });
    const stream = await h.llm.streamText({ ...chat, prompt: 'Hi' });
    await drain(stream.textStream);
    const usage = await stream.usage;
    expect(usage).toMatchObject({
      promptTokens: 1200,
      completionTokens: 300,
      totalTokens: 1500,
      cacheReadTokens: 200,
      cacheWriteTokens: 0,
      promptCost: 0.00015,
      cacheReadCost: 0.000015,
      completionCost: 0.00018,
      totalCost: 0.000345,
      rates: { prompt: 0.15, completion: 0.6, cacheRead: 0.075, cacheWrite: 0.15 },
      modelInfo: { model: 'gpt-4o-mini', displayName: 'GPT-4o mini' },
      finishReason: 'stop',
    });
    const [row] = await rows();
    expect(row).toMatchObject({
      model: 'gpt-4o-mini',
      provider: 'openai',
      purpose: 'chat',
      appId: 'app-1',
      userId: 'user-1',
      messageId: chat.messageId,
      promptTokens: 1200,
      completionTokens: 300,
      cacheReadTokens: 200,
      promptCostMicros: 150,
      completionCostMicros: 180,
      cacheReadCostMicros: 15,
      finishReason: 'stop',
      error: null,
    });
    expect(row!.latencyMs).toBeGreaterThanOrEqual(0);
    expect(row!.timeToFirstTokenMs).not.toBeNull();
    expect(row!.timeToFirstTokenMs!).toBeLessThanOrEqual(row!.latencyMs);
  });

  it('stops the upstream request when the caller aborts', async () => {
    h.fake.reply({ chunks: Array.from({ length: 40 }, (_, i) => `${i} `), chunkDelayMs: 25 });
    const controller = new AbortController();
    const stream = await h.llm.streamText({ ...chat, prompt: 'Count', abortSignal: controller.signal });
    const received: string[] = [];
    for await (const delta of stream.textStream) {
      received.push(delta);
      if (received.length === 2) controller.abort();
    }
    const [request] = h.fake.completions();
    await request!.settled;
    expect(request!.aborted).toBe(true);
    expect(request!.chunksSent).toBeLessThan(10);
    expect(received.length).toBeLessThan(10);
    await stream.usage;
    const [row] = await rows();
    expect(row).toMatchObject({ finishReason: 'aborted', error: null });
  });

  it('retries a 500 before the first token and answers from the next attempt', async () => {
    h.fake.reply({ status: 500 }, { chunks: ['recovered'] });
    const stream = await h.llm.streamText({ ...chat, prompt: 'Hi' });
    const { deltas, error } = await drain(stream.textStream);
    expect(error).toBeUndefined();
    expect(deltas.join('')).toBe('recovered');
    expect(h.fake.completions()).toHaveLength(2);
    await stream.usage;
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ finishReason: 'stop', error: null });
  });

  it('retries a 429 and a stream that fails before its first token', async () => {
    h.fake.reply(
      { status: 429, headers: { 'retry-after': '0' } },
      { chunks: ['never'], failAfter: { chunks: 0, mode: 'destroy' } },
      { chunks: ['third time lucky'] },
    );
    const stream = await h.llm.streamText({ ...chat, prompt: 'Hi' });
    const { deltas, error } = await drain(stream.textStream);
    expect(error).toBeUndefined();
    expect(deltas.join('')).toBe('third time lucky');
    expect(h.fake.completions()).toHaveLength(3);
    await stream.usage;
  });

  it("gives up after the retries with the spec's error message and records the failure", async () => {
    h.fake.reply(
      { status: 500 },
      { status: 502 },
      { status: 503, errorMessage: 'upstream down' },
      { chunks: ['late'] },
    );
    const stream = await h.llm.streamText({ ...chat, prompt: 'Hi' });
    const { deltas, error } = await drain(stream.textStream);
    expect(deltas).toEqual([]);
    expect(error).toBeInstanceOf(LlmCallError);
    expect((error as Error).message).toBe(LLM_ERROR_MESSAGE);
    expect(h.fake.completions()).toHaveLength(3);
    await stream.usage;
    const [row] = await rows();
    expect(row).toMatchObject({ finishReason: 'error', timeToFirstTokenMs: null });
    expect(row!.error).toContain('HTTP 503');
    expect(row!.error).toContain('upstream down');
  });

  it('does not retry a 400', async () => {
    h.fake.reply({ status: 400, errorMessage: 'bad request' }, { chunks: ['never'] });
    const stream = await h.llm.streamText({ ...chat, prompt: 'Hi' });
    const { error } = await drain(stream.textStream);
    expect((error as Error).message).toBe(LLM_ERROR_MESSAGE);
    expect(h.fake.completions()).toHaveLength(1);
    await stream.usage;
  });

  it.each([
    ['a cut connection', 'destroy' as const],
    ['an error event', 'error-event' as const],
  ])(
    "a mid-stream failure (%s) ends with the spec's error message and is not retried",
    async (_name, mode) => {
      h.fake.reply({ chunks: ['Hel', 'lo'], failAfter: { chunks: 1, mode } }, { chunks: ['never'] });
      const stream = await h.llm.streamText({ ...chat, prompt: 'Hi' });
      const { deltas, error } = await drain(stream.textStream);
      expect(deltas).toEqual(['Hel']);
      expect(error).toBeInstanceOf(LlmCallError);
      expect((error as Error).message).toBe(LLM_ERROR_MESSAGE);
      expect(h.fake.completions()).toHaveLength(1);
      await stream.usage;
      const [row] = await rows();
      expect(row!.finishReason).toBe('error');
      expect(row!.timeToFirstTokenMs).not.toBeNull();
      expect(row!.error).toBeTruthy();
    },
  );

  it("puts the spec's error message in the UI message stream of a failed answer", async () => {
    h.fake.reply({ chunks: ['Hel', 'lo'], failAfter: { chunks: 1, mode: 'destroy' } });
    const stream = await h.llm.streamText({ ...chat, prompt: 'Hi' });
    const body = await stream.toUIMessageStreamResponse().text();
    expect(body).toContain('"type":"text-delta"');
    expect(body).toContain(`"errorText":"${LLM_ERROR_MESSAGE}"`);
    await stream.usage;
  });

  it('times out a stream that stops sending, aborting the upstream request', async () => {
    const llm = h.rebuild({ LLM_TIMEOUT_MS: '400' });
    h.fake.reply({ chunks: ['a', 'b'], failAfter: { chunks: 1, mode: 'hang' } });
    const stream = await llm.streamText({ ...chat, prompt: 'Hi' });
    const { deltas, error } = await drain(stream.textStream);
    expect(deltas).toEqual(['a']);
    expect((error as Error).message).toBe(LLM_ERROR_MESSAGE);
    const [request] = h.fake.completions();
    await request!.settled;
    expect(request!.aborted).toBe(true);
    await stream.usage;
    const [row] = await rows();
    expect(row!.error).toBe('No answer from the model within 400 ms');
  });

  it('times out a provider that does not answer at all, without retrying', async () => {
    const llm = h.rebuild({ LLM_TIMEOUT_MS: '400' });
    h.fake.reply({ delayMs: 5000, chunks: ['late'] });
    const started = performance.now();
    const stream = await llm.streamText({ ...chat, prompt: 'Hi' });
    const { error } = await drain(stream.textStream);
    expect((error as Error).message).toBe(LLM_ERROR_MESSAGE);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(h.fake.completions()).toHaveLength(1);
    await h.fake.completions()[0]!.settled;
    expect(h.fake.completions()[0]!.aborted).toBe(true);
    await stream.usage;
  });
});

describe('non-streaming calls', () => {
  it('generateText answers and records usage with its purpose', async () => {
    h.fake.reply({ chunks: ['{"ok":true}'], usage: { prompt_tokens: 10, completion_tokens: 4 } });
    const result = await h.llm.generateText({
      purpose: 'csv_mapping',
      appId: 'app-2',
      messageId: chat.messageId,
      prompt: 'Map',
    });
    expect(result.text).toBe('{"ok":true}');
    expect(result.usage).toMatchObject({ promptTokens: 10, completionTokens: 4, finishReason: 'stop' });
    expect(h.fake.completions()[0]!.body?.stream).toBeUndefined();
    const [row] = await rows();
    expect(row).toMatchObject({ purpose: 'csv_mapping', appId: 'app-2', userId: null });
  });

  it('generateObject checks the answer against a schema and fails with the spec message when it does not fit', async () => {
    const { z } = await import('zod');
    const schema = z.object({ name: z.string() });
    h.fake.reply({ chunks: ['{"name":"priority"}'] }, { chunks: ['not json'] });
    const ok = await h.llm.generateObject({ purpose: 'magic_create', prompt: 'Field', schema });
    expect(ok.object).toEqual({ name: 'priority' });
    await expect(h.llm.generateObject({ purpose: 'magic_create', prompt: 'Field', schema })).rejects.toThrow(
      LLM_ERROR_MESSAGE,
    );
  });

  it('generateText retries a 500 and fails with the spec message after the retries', async () => {
    h.fake.reply({ status: 500 }, { chunks: ['fine'] });
    expect((await h.llm.generateText({ purpose: 'other', prompt: 'x' })).text).toBe('fine');
    h.fake.reply({ status: 500 }, { status: 500 }, { status: 500 });
    await expect(h.llm.generateText({ purpose: 'other', prompt: 'x' })).rejects.toBeInstanceOf(LlmCallError);
    expect(h.fake.completions()).toHaveLength(5);
  });
});
