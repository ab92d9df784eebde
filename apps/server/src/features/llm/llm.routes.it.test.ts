import type { LlmSettings, LlmUsageResponse, ModelListResponse } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, type SignedIn, signUpVerified } from '../../../test/support/accounts.ts';
import { type FakeProvider, startFakeOpenAI } from '../../../test/support/fake-openai.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

let t: TestApp;
let fake: FakeProvider;
let admin: SignedIn;
let builder: SignedIn;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  t = await createTestApp({
    env: { ADMIN_EMAILS: 'admin@example.com', OPENAI_API_KEY: 'env-key', OPENAI_BASE_URL: fake.baseUrl },
    llm: { settingsTtlMs: 0, retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1 } },
  });
  admin = await signUpVerified(t, 'admin@example.com');
  builder = await signUpVerified(t, 'builder@example.com');
});

afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('GET /api/llm/models', () => {
  it('answers 401 when signed out', async () => {
    const res = await t.app.request('/api/llm/models');
    expect(res.status).toBe(401);
  });

  it('lists the catalogue with prices and availability for a builder, and never a key', async () => {
    const res = await t.app.request('/api/llm/models', { headers: builder.headers });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain('env-key');
    const body = JSON.parse(text) as ModelListResponse;
    expect(body.defaultModel).toBe('gpt-4o-mini');
    expect(body.offline).toBe(false);
    expect(body.models.find((m) => m.id === 'gpt-4o-mini')).toMatchObject({
      displayName: 'GPT-4o mini',
      contextWindow: 128000,
      inputPrice: 0.15,
      outputPrice: 0.6,
      available: true,
    });
    expect(body.models.find((m) => m.id === 'claude-haiku-4-5')?.available).toBe(false);
    expect(body.models.find((m) => m.id === 'offline')).toMatchObject({
      displayName: 'Offline assistant',
      available: true,
    });
  });
});

describe('admin AI settings', () => {
  it('answers 403 to a builder who is not an admin and 401 when signed out', async () => {
    expect((await t.app.request('/api/admin/llm/settings', { headers: builder.headers })).status).toBe(403);
    expect((await t.app.request('/api/admin/llm/usage', { headers: builder.headers })).status).toBe(403);
    expect((await t.app.request('/api/admin/llm/settings', json('PUT', { defaultModel: 'x' }))).status).toBe(
      401,
    );
  });

  it('shows the providers and catalogue to an admin and saves a write-only key', async () => {
    const before = (await (
      await t.app.request('/api/admin/llm/settings', { headers: admin.headers })
    ).json()) as LlmSettings;
    expect(before.providers.map((p) => [p.id, p.configured, p.apiKeySource])).toEqual([
      ['openai', true, 'env'],
      ['anthropic', false, null],
    ]);
    expect(before.catalogue.length).toBeGreaterThan(3);

    const res = await t.app.request(
      '/api/admin/llm/settings',
      json('PUT', { anthropicApiKey: 'sk-ant-saved', defaultModel: 'claude-haiku-4-5' }, admin.headers),
    );
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain('sk-ant-saved');
    const after = JSON.parse(text) as LlmSettings;
    expect(after.providers[1]).toMatchObject({ id: 'anthropic', configured: true, apiKeySource: 'settings' });
    expect(after.effectiveDefaultModel).toBe('claude-haiku-4-5');

    const models = (await (
      await t.app.request('/api/llm/models', { headers: builder.headers })
    ).json()) as ModelListResponse;
    expect(models.defaultModel).toBe('claude-haiku-4-5');
    expect(models.models.find((m) => m.id === 'claude-haiku-4-5')?.available).toBe(true);

    await t.app.request(
      '/api/admin/llm/settings',
      json('PUT', { anthropicApiKey: null, defaultModel: null }, admin.headers),
    );
  });

  it('refuses an invalid settings change with 400', async () => {
    const res = await t.app.request(
      '/api/admin/llm/settings',
      json('PUT', { openaiBaseUrl: 'not a url' }, admin.headers),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('validation_error');
  });

  it('answers the usage summary and per-message table of an app', async () => {
    fake.reply({ chunks: ['hi'], usage: { prompt_tokens: 100, completion_tokens: 50 } });
    const stream = await t.deps.llm.streamText({
      purpose: 'chat',
      appId: 'app-42',
      messageId: 'msg-42',
      prompt: 'Hi',
    });
    for await (const _ of stream.textStream) {
      // drain
    }
    await stream.usage;
    const res = await t.app.request('/api/admin/llm/usage?appId=app-42', { headers: admin.headers });
    expect(res.status).toBe(200);
    const body = (await res.json()) as LlmUsageResponse;
    expect(body.summary).toMatchObject({
      calls: 1,
      promptTokens: 100,
      completionTokens: 50,
      totalTokens: 150,
    });
    expect(body.messages).toEqual([
      expect.objectContaining({
        messageId: 'msg-42',
        calls: 1,
        usage: expect.objectContaining({
          promptTokens: 100,
          modelInfo: { model: 'gpt-4o-mini', displayName: 'GPT-4o mini' },
        }),
      }),
    ]);
    const other = (await (
      await t.app.request('/api/admin/llm/usage?appId=app-0', { headers: admin.headers })
    ).json()) as LlmUsageResponse;
    expect(other.summary.calls).toBe(0);
    expect(other.messages).toEqual([]);
  });

  it('publishes the AI routes in the OpenAPI document', async () => {
    const doc = (await (await t.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/llm/models',
        '/admin/llm/settings',
        '/admin/llm/usage',
        '/admin/llm/models/refresh',
      ]),
    );
  });
});
