// Time to first token through the AI layer (model resolution, retry/timeout wrapper, usage
// recording) against the AI SDK called straight on the fake provider, and against a raw fetch of the
// same stream, in the same run. Runs in-process on in-memory PGlite; the provider is the tests' fake
// OpenAI-compatible server on 127.0.0.1 answering at once.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { streamText } from 'ai';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createOfflineModel } from '../../apps/server/src/features/offline-assistant/offline-model.ts';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { runMigrations } from '../../apps/server/src/platform/db/migrate.ts';
import { createLlm } from '../../apps/server/src/platform/llm/index.ts';
import { createLogger } from '../../apps/server/src/platform/logger.ts';
import { startFakeOpenAI } from '../../apps/server/test/support/fake-openai.ts';
import { median, record, round } from '../lib/harness.ts';

const WARMUP = 30;
const RUNS = Number(process.env.BENCH_LLM_RUNS ?? 500);
const CHUNKS = ['Hello', ' from', ' the', ' fake', ' provider', '.'];

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function run(): Promise<void> {
  const fake = await startFakeOpenAI({ defaultReply: { chunks: CHUNKS } });
  const database = await openDatabase({ dataDir: 'memory://', logger: createLogger('silent') });
  await runMigrations(database);
  const config = loadConfig({
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://localhost:3000',
    SECRETS_KEY: Buffer.alloc(32).toString('base64'),
    DATA_DIR: 'unused',
    OPENAI_API_KEY: 'bench-key',
    OPENAI_BASE_URL: fake.baseUrl,
    MODEL_CATALOGUE_URL: 'off',
  });
  const llm = createLlm({
    config,
    database,
    logger: createLogger('silent'),
    offlineModel: createOfflineModel,
  });
  const direct = createOpenAICompatible({
    name: 'openai',
    baseURL: fake.baseUrl,
    apiKey: 'bench-key',
    includeUsage: true,
  }).chatModel('gpt-4o-mini');
  const messages = [{ role: 'user' as const, content: 'Say hello' }];

  /** Raw fetch: time until the first SSE event carrying content. */
  async function rawFetch(): Promise<number> {
    const started = performance.now();
    const res = await fetch(`${fake.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer bench-key' },
      body: JSON.stringify({
        model: 'gpt-4o-mini',
        messages,
        stream: true,
        stream_options: { include_usage: true },
      }),
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let first = 0;
    while (true) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (!first && text.includes('"content"')) first = performance.now() - started;
    }
    return first;
  }

  /** The AI SDK straight on the provider: time to the first text delta. */
  async function sdkDirect(): Promise<number> {
    const started = performance.now();
    const result = streamText({ model: direct, messages, temperature: 0.7, maxRetries: 0 });
    let first = 0;
    for await (const delta of result.textStream) if (!first && delta) first = performance.now() - started;
    return first;
  }

  /** Through the AI layer: resolution, wrapper, usage row written after the answer. */
  async function throughLayer(): Promise<number> {
    const started = performance.now();
    const stream = await llm.streamText({ purpose: 'chat', appId: 'bench', messageId: 'bench', messages });
    let first = 0;
    for await (const delta of stream.textStream) if (!first && delta) first = performance.now() - started;
    await stream.usage;
    return first;
  }

  const samples = { raw: [] as number[], sdk: [] as number[], layer: [] as number[] };
  const steps: [keyof typeof samples, () => Promise<number>][] = [
    ['raw', rawFetch],
    ['sdk', sdkDirect],
    ['layer', throughLayer],
  ];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    // Rotate the order so that none of the three always runs first.
    for (let j = 0; j < steps.length; j++) {
      const [name, step] = steps[(i + j) % steps.length]!;
      const ms = await step();
      if (i >= WARMUP) samples[name].push(ms);
    }
  }
  const usageRows = await database.query<{ n: number }>('select count(*)::int as n from llm_usage');
  await fake.close();
  await database.close();

  const m = { raw: median(samples.raw), sdk: median(samples.sdk), layer: median(samples.layer) };
  const p95 = {
    raw: percentile(samples.raw, 95),
    sdk: percentile(samples.sdk, 95),
    layer: percentile(samples.layer, 95),
  };
  record({
    name: 'llm-first-token',
    description:
      'time to first token: AI layer vs AI SDK straight to the fake provider vs raw fetch (same run)',
    figures: {
      'raw fetch median ms': round(m.raw, 3),
      'raw fetch p95 ms': round(p95.raw, 3),
      'AI SDK direct median ms': round(m.sdk, 3),
      'AI SDK direct p95 ms': round(p95.sdk, 3),
      'AI layer median ms': round(m.layer, 3),
      'AI layer p95 ms': round(p95.layer, 3),
      'added by the layer (median) ms': round(m.layer - m.sdk, 3),
      'added by the layer (p95) ms': round(p95.layer - p95.sdk, 3),
      runs: RUNS,
      'usage rows written': usageRows.rows[0]?.n ?? 0,
    },
    ratios: {
      'layer / AI SDK direct (median)': round(m.layer / m.sdk, 3),
      'layer / raw fetch (median)': round(m.layer / m.raw, 3),
    },
    targets: { 'added by the layer (median)': '< 2 ms' },
    notes: [
      'The layer resolves the model from cached settings, wraps it (retry before the first token, idle timeout, error normalisation) and writes one llm_usage row per call after the answer (awaited before the next run).',
      'The three variants run interleaved, rotating their order, against the same fake provider on 127.0.0.1.',
    ],
  });
}
