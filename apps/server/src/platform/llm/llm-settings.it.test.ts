import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseCompleteActionText } from '../../../../../packages/shared/src/actions/strict-parse.ts';
import { startFakeOpenAI } from '../../../test/support/fake-openai.ts';
import { createLlmHarness, drain, type LlmHarness } from '../../../test/support/llm-harness.ts';
import { systemSettings } from '../db/schema/index.ts';
import { builderSystemPrompt } from './prompts/index.ts';
import { SETTINGS_KEY } from './settings-store.ts';

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

describe('choosing the model', () => {
  it("uses the app's aiModel and modelTemperature", async () => {
    const stream = await h.llm.streamText({
      purpose: 'tool_run',
      appSettings: { aiModel: 'gpt-4.1-mini', modelTemperature: 1.2 },
      prompt: 'Hi',
    });
    await drain(stream.textStream);
    expect(h.fake.completions()[0]!.body).toMatchObject({ model: 'gpt-4.1-mini', temperature: 1.2 });
    expect(stream.info.displayName).toBe('GPT-4.1 mini');
    await stream.usage;
  });

  it("falls back to the default model when the app's model has no configured provider", async () => {
    const resolved = await h.llm.resolveModel({ aiModel: 'claude-sonnet-4-5' });
    expect(resolved.info.id).toBe('gpt-4o-mini');
  });

  it('answers with the offline assistant, labelled so, when no provider is configured', async () => {
    const llm = h.rebuild({ OPENAI_API_KEY: '', OPENAI_BASE_URL: '' });
    const stream = await llm.streamText({
      purpose: 'chat',
      messageId: 'offline-1',
      system: builderSystemPrompt({ appName: 'Mine', files: [] }),
      prompt: 'Create a CRM with contacts and deals',
    });
    expect(stream.info).toMatchObject({
      id: 'offline',
      displayName: 'Offline assistant',
      provider: 'offline',
    });
    const { deltas, error } = await drain(stream.textStream);
    expect(error).toBeUndefined();
    expect(parseCompleteActionText(deltas.join('')).actions.map((a) => a.type)).toContain('add_entity');
    const usage = await stream.usage;
    expect(usage).toMatchObject({
      totalCost: 0,
      modelInfo: { model: 'offline', displayName: 'Offline assistant' },
    });
    expect(usage!.promptTokens).toBeGreaterThan(0);
    const [row] = await h.usageRowsOfMessage('offline-1');
    expect(row).toMatchObject({ provider: 'offline', finishReason: 'stop' });
    expect(h.fake.completions()).toHaveLength(0);
    const list = await llm.catalogue.list();
    expect(list.offline).toBe(true);
    expect(list.defaultModel).toBe('offline');
    expect(list.models.filter((m) => m.available).map((m) => m.displayName)).toEqual(['Offline assistant']);
  });

  it('streams from Anthropic through the same layer, temperature capped at 1', async () => {
    const llm = h.rebuild({
      OPENAI_API_KEY: '',
      OPENAI_BASE_URL: '',
      ANTHROPIC_API_KEY: 'anthropic-test-key',
      ANTHROPIC_BASE_URL: h.fake.baseUrl,
    });
    h.fake.reply({ chunks: ['Bon', 'jour'], usage: { prompt_tokens: 1000, completion_tokens: 100 } });
    const stream = await llm.streamText({
      purpose: 'chat',
      messageId: 'anthropic-1',
      appSettings: { modelTemperature: 1.5 },
      prompt: 'Hi',
    });
    const { deltas } = await drain(stream.textStream);
    expect(deltas).toEqual(['Bon', 'jour']);
    const [request] = h.fake.completions();
    expect(request!.path).toBe('/v1/messages');
    expect(request!.headers['x-api-key']).toBe('anthropic-test-key');
    expect(request!.body).toMatchObject({ model: 'claude-haiku-4-5', temperature: 1, stream: true });
    const usage = await stream.usage;
    expect(usage).toMatchObject({
      promptTokens: 1000,
      completionTokens: 100,
      promptCost: 0.001,
      completionCost: 0.0005,
    });
  });
});

describe('admin settings', () => {
  it("applies the admin's default model, base URL and API key, and never shows or stores the key in clear", async () => {
    const other = await startFakeOpenAI();
    try {
      const view = await h.llm.settings.update({
        defaultModel: 'gpt-4.1-nano',
        openaiBaseUrl: other.baseUrl,
        openaiApiKey: 'sk-admin-secret',
      });
      expect(view.defaultModel).toBe('gpt-4.1-nano');
      expect(view.effectiveDefaultModel).toBe('gpt-4.1-nano');
      expect(view.providers[0]).toMatchObject({
        apiKeySource: 'settings',
        baseUrl: other.baseUrl,
        baseUrlSource: 'settings',
      });
      expect(JSON.stringify(view)).not.toContain('sk-admin-secret');
      const [stored] = await h.database.db
        .select()
        .from(systemSettings)
        .where(eq(systemSettings.key, SETTINGS_KEY));
      expect(JSON.stringify(stored!.value)).not.toContain('sk-admin-secret');

      const stream = await h.llm.streamText({ purpose: 'chat', prompt: 'Hi' });
      await drain(stream.textStream);
      await stream.usage;
      expect(h.fake.completions()).toHaveLength(0);
      expect(other.completions()[0]!.headers.authorization).toBe('Bearer sk-admin-secret');
      expect(other.completions()[0]!.body?.model).toBe('gpt-4.1-nano');

      const reset = await h.llm.settings.update({
        openaiApiKey: null,
        openaiBaseUrl: '',
        defaultModel: null,
      });
      expect(reset.providers[0]).toMatchObject({
        apiKeySource: 'env',
        baseUrl: h.fake.baseUrl,
        baseUrlSource: 'env',
      });
      expect(reset.effectiveDefaultModel).toBe('gpt-4o-mini');
    } finally {
      await other.close();
    }
  });

  it('keeps an edited catalogue, with manual prices that the public list does not overwrite', async () => {
    const view = await h.llm.settings.update({
      catalogue: [
        {
          id: 'my-model',
          displayName: 'My model',
          provider: 'openai',
          contextWindow: 32000,
          inputPrice: 1,
          outputPrice: 2,
          cacheReadPrice: null,
          cacheWritePrice: null,
          autoPricing: false,
        },
      ],
      defaultModel: 'my-model',
    });
    expect(view.catalogueCustomized).toBe(true);
    expect(view.catalogue.map((m) => m.id)).toEqual(['my-model']);
    h.fake.reply({ chunks: ['ok'], usage: { prompt_tokens: 1_000_000, completion_tokens: 1_000_000 } });
    const stream = await h.llm.streamText({ purpose: 'chat', prompt: 'Hi' });
    await drain(stream.textStream);
    expect(await stream.usage).toMatchObject({ promptCost: 1, completionCost: 2, totalCost: 3 });
    const restored = await h.llm.settings.update({ catalogue: null });
    expect(restored.catalogueCustomized).toBe(false);
    expect(restored.catalogue[0]!.id).toBe('gpt-4o-mini');
  });
});

describe('public model list', () => {
  it('refreshes catalogue prices at most once a day and keeps them when the list is unreachable', async () => {
    h.fake.setModels([
      {
        id: 'openai/gpt-4o-mini',
        name: 'OpenAI: GPT-4o-mini',
        context_length: 100_000,
        pricing: { prompt: '0.0000002', completion: '0.0000008' },
      },
    ]);
    const llm = h.rebuild({ MODEL_CATALOGUE_URL: `${h.fake.baseUrl}/models` });
    expect(await llm.catalogue.refresh()).toEqual({ refreshed: true, modelCount: 1 });
    const mini = (await llm.catalogue.list()).models.find((m) => m.id === 'gpt-4o-mini');
    expect(mini).toMatchObject({ inputPrice: 0.2, outputPrice: 0.8, contextWindow: 100_000 });

    expect(await llm.catalogue.refresh()).toEqual({ refreshed: false, modelCount: 1 });
    expect(h.fake.requests.filter((r) => r.path === '/v1/models')).toHaveLength(1);

    h.fake.setModels([], { status: 500 });
    expect((await llm.catalogue.refresh(true)).refreshed).toBe(false);
    const after = (await llm.catalogue.list()).models.find((m) => m.id === 'gpt-4o-mini');
    expect(after!.inputPrice).toBe(0.2);
    expect((await llm.settings.get()).publicModelList).toMatchObject({
      url: `${h.fake.baseUrl}/models`,
      modelCount: 1,
    });
  });

  it('falls back silently to the built-in prices when the list cannot be reached', async () => {
    const llm = h.rebuild({ MODEL_CATALOGUE_URL: 'http://127.0.0.1:9/models' });
    expect(await llm.catalogue.refresh(true)).toEqual({ refreshed: false, modelCount: 0 });
    const mini = (await llm.catalogue.list()).models.find((m) => m.id === 'gpt-4o-mini');
    expect(mini).toMatchObject({ inputPrice: 0.15, outputPrice: 0.6 });
  });
});

describe('usage queries', () => {
  it('sums usage per app, per model, per purpose and per message', async () => {
    const call = async (
      context: { appId: string; messageId: string; purpose: 'chat' | 'tool_run' },
      tokens: number,
    ) => {
      h.fake.reply({ chunks: ['x'], usage: { prompt_tokens: tokens, completion_tokens: tokens } });
      const stream = await h.llm.streamText({ ...context, prompt: 'Hi' });
      await drain(stream.textStream);
      return stream.usage;
    };
    await call({ appId: 'a1', messageId: 'm1', purpose: 'chat' }, 1000);
    await call({ appId: 'a1', messageId: 'm1', purpose: 'chat' }, 2000);
    await call({ appId: 'a1', messageId: 'm2', purpose: 'tool_run' }, 10);
    await call({ appId: 'a2', messageId: 'm3', purpose: 'chat' }, 5);

    const summary = await h.llm.usage.summary({ appId: 'a1' });
    expect(summary).toMatchObject({
      calls: 3,
      promptTokens: 3010,
      completionTokens: 3010,
      totalTokens: 6020,
    });
    expect(summary.totalCost).toBeCloseTo(3010 * 0.15e-6 + 3010 * 0.6e-6, 12);
    expect(summary.byModel).toEqual([expect.objectContaining({ model: 'gpt-4o-mini', calls: 3 })]);
    expect(summary.byPurpose.map((p) => [p.purpose, p.calls])).toEqual([
      ['chat', 2],
      ['tool_run', 1],
    ]);
    expect((await h.llm.usage.summary({})).calls).toBe(4);

    const messages = await h.llm.usage.byMessage({ appId: 'a1' });
    expect(messages.map((m) => [m.messageId, m.calls])).toEqual([
      ['m2', 1],
      ['m1', 2],
    ]);
    expect(messages[1]!.usage).toMatchObject({
      promptTokens: 3000,
      completionTokens: 3000,
      totalTokens: 6000,
      rates: { prompt: 0.15, completion: 0.6 },
      modelInfo: { model: 'gpt-4o-mini', displayName: 'GPT-4o mini' },
      finishReason: 'stop',
    });
    expect((await h.llm.usage.forMessage('m3'))?.promptTokens).toBe(5);
    expect(await h.llm.usage.forMessage('missing')).toBeUndefined();
  });
});
