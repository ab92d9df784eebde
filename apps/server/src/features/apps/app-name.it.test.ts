import type { AppSummary, ToolsListResponse } from '@atelier/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { json, type SignedIn, signUpVerified } from '../../../test/support/accounts.ts';
import { type FakeProvider, startFakeOpenAI } from '../../../test/support/fake-openai.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { APP_NAME_SUGGESTION_TIMEOUT_MS } from './app-name.ts';

/**
 * Issue 19 item 1: an app created from a builder's first prompt is named by the model when one is
 * configured (and its tool path follows), bounded in time, with the word-based name as fallback.
 */
let t: TestApp;
let fake: FakeProvider;
let builder: SignedIn;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  t = await createTestApp({
    env: { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.baseUrl },
    llm: { retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1 } },
  });
  builder = await signUpVerified(t, 'app-name-builder@example.com');
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

async function create(body: Record<string, unknown>): Promise<AppSummary> {
  const res = await t.app.request('/api/apps', json('POST', body, builder.headers));
  expect(res.status).toBe(201);
  return (await res.json()) as AppSummary;
}

const PROMPT = 'A recipe planner where I save recipes with ingredients and tags';

describe('POST /api/apps with the first prompt', () => {
  it("takes the model's short name, cleaned, and asks the model with the prompt", async () => {
    fake.reply({ chunks: ['"Pantry ', 'Pal".'] });
    const app = await create({ name: 'Recipe Planner', type: 'GEN_APP', prompt: PROMPT });
    expect(app.name).toBe('Pantry Pal');
    const [request] = fake.completions();
    expect(JSON.stringify(request?.body)).toContain(PROMPT);
  });

  it('names a single tool after the model, and its tool path follows (short, unique)', async () => {
    fake.reply({ chunks: ['Cover Letter Helper'] }, { chunks: ['Cover Letter Helper'] });
    const prompt = 'A tool that writes a short, friendly cover letter from a job description';
    const first = await create({ name: 'Cover Letter Writer', type: 'AI_TOOL', prompt });
    const second = await create({ name: 'Cover Letter Writer', type: 'AI_TOOL', prompt });
    expect([first.name, second.name]).toEqual(['Cover Letter Helper', 'Cover Letter Helper']);
    const paths = [];
    for (const app of [first, second]) {
      const res = await t.app.request(`/api/apps/${app.id}/tools`, json('GET', undefined, builder.headers));
      paths.push(((await res.json()) as ToolsListResponse).tools[0]?.path);
    }
    expect(paths).toEqual(['cover-letter-helper', 'cover-letter-helper-2']);
  });

  it('keeps the word-based name when the model fails, answers no name, or is too slow', async () => {
    fake.reply({ status: 500, errorMessage: 'boom' });
    expect((await create({ name: 'Recipe Planner', prompt: PROMPT })).name).toBe('Recipe Planner');
    fake.reply({ chunks: ['Sure! A good name for a recipe planning app could be Recipe Box'] });
    expect((await create({ name: 'Recipe Planner', prompt: PROMPT })).name).toBe('Recipe Planner');
    fake.reply({ delayMs: APP_NAME_SUGGESTION_TIMEOUT_MS + 2000, chunks: ['Too Late'] });
    const started = Date.now();
    expect((await create({ name: 'Recipe Planner', prompt: PROMPT })).name).toBe('Recipe Planner');
    expect(Date.now() - started).toBeLessThan(APP_NAME_SUGGESTION_TIMEOUT_MS + 1500);
  });

  it('without a prompt, never asks the model', async () => {
    expect((await create({ name: 'Plain Name' })).name).toBe('Plain Name');
    expect(fake.completions()).toHaveLength(0);
  });
});
