import { randomUUID } from 'node:crypto';
import { ANALYTICS_MESSAGES, type AppAnalytics, type AppSummary, tenantForApp } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, type SignedIn, signUpVerified } from '../../../test/support/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import {
  appTelemetry,
  chatMessages,
  llmUsage,
  toolRuns,
  tools,
  users,
} from '../../platform/db/schema/index.ts';

let t: TestApp;
let owner: SignedIn;
let stranger: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpVerified(t, 'owner@example.com');
  stranger = await signUpVerified(t, 'stranger@example.com');
});
afterAll(() => t.close());

const call = (who: SignedIn, method: string, path: string, body?: unknown) =>
  t.app.request(path, json(method, body, who.headers));

const DAY = 86_400_000;
const startOfTodayUtc = () => Date.parse(new Date().toISOString().slice(0, 10));
/** A moment on the UTC day `daysAgo` before today (one minute after its start). */
const onDay = (daysAgo: number) => new Date(startOfTodayUtc() - daysAgo * DAY + 60_000);
const dayKey = (daysAgo: number) => new Date(startOfTodayUtc() - daysAgo * DAY).toISOString().slice(0, 10);

async function newApp(): Promise<AppSummary> {
  const res = await call(owner, 'POST', '/api/apps', { name: 'Essay grader', type: 'AI_TOOL' });
  return (await res.json()) as AppSummary;
}

async function seed(appId: string) {
  const { db } = t.deps.database;
  const toolId = randomUUID();
  await db.insert(tools).values({ id: toolId, appId, title: 'Grader', path: `grader-${toolId}` });
  const run = (daysAgo: number, subject: string) => ({
    id: randomUUID(),
    appId,
    toolId,
    subject,
    status: 'success' as const,
    createdAt: onDay(daysAgo),
  });
  // Today: 3 runs by 2 users; two days ago: 1 run by one of them; 40 days ago: outside the window.
  await db
    .insert(toolRuns)
    .values([run(0, 'user:a'), run(0, 'user:a'), run(0, 'anon:b'), run(2, 'user:a'), run(40, 'user:z')]);
  const tenantId = tenantForApp(appId);
  await db.insert(users).values([
    { id: randomUUID(), tenantId, email: 'a@example.com', createdAt: onDay(0) },
    { id: randomUUID(), tenantId, email: 'b@example.com', createdAt: onDay(2) },
    { id: randomUUID(), tenantId, email: 'c@example.com', createdAt: onDay(2) },
  ]);
  await db.insert(chatMessages).values([
    { id: randomUUID(), appId, role: 'user', content: 'hi', createdAt: onDay(0) },
    { id: randomUUID(), appId, role: 'assistant', content: 'hello', createdAt: onDay(0) },
  ]);
  // Page views of an exported Base44 app (appLogs.logUserInApp): 2 today, 1 two days ago; events do not count.
  const view = (daysAgo: number, kind: 'page_view' | 'event' = 'page_view') => ({
    appId,
    kind,
    name: 'Home',
    createdAt: onDay(daysAgo),
  });
  await db.insert(appTelemetry).values([view(0), view(0), view(0, 'event'), view(2)]);
  const usage = (daysAgo: number, promptTokens: number, completionTokens: number, costMicros: number) => ({
    appId,
    model: 'fake',
    provider: 'openai',
    purpose: 'tool_run',
    promptTokens,
    completionTokens,
    promptCostMicros: costMicros,
    latencyMs: 10,
    finishReason: 'stop',
    createdAt: onDay(daysAgo),
  });
  await db
    .insert(llmUsage)
    .values([usage(0, 100, 50, 1500), usage(0, 10, 5, 250), usage(2, 1000, 0, 2_000_000)]);
}

describe('GET /api/apps/{appId}/analytics', () => {
  it("answers 409 'Publish your app to access analytics.' while the app is a draft", async () => {
    const app = await newApp();
    const res = await call(owner, 'GET', `/api/apps/${app.id}/analytics`);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      ANALYTICS_MESSAGES.publishFirst,
    );
  });

  it('aggregates runs, unique users, sign-ups, messages, page views, tokens and cost per UTC day', async () => {
    const app = await newApp();
    await seed(app.id);
    expect((await call(owner, 'POST', `/api/apps/${app.id}/publish`, {})).status).toBe(200);
    const res = await call(owner, 'GET', `/api/apps/${app.id}/analytics?days=7`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as AppAnalytics;
    expect(body.days).toHaveLength(7);
    expect(body.days[0]?.date).toBe(dayKey(6));
    const byDate = new Map(body.days.map((day) => [day.date, day]));
    expect(byDate.get(dayKey(0))).toEqual({
      date: dayKey(0),
      runs: 3,
      uniqueUsers: 2,
      signups: 1,
      messages: 2,
      pageViews: 2,
      tokens: 165,
      cost: 0.00175,
    });
    expect(byDate.get(dayKey(2))).toEqual({
      date: dayKey(2),
      runs: 1,
      uniqueUsers: 1,
      signups: 2,
      messages: 0,
      pageViews: 1,
      tokens: 1000,
      cost: 2,
    });
    expect(byDate.get(dayKey(1))).toMatchObject({ runs: 0, uniqueUsers: 0, signups: 0, tokens: 0, cost: 0 });
    expect(body.totals).toEqual({
      runs: 4,
      uniqueUsers: 2,
      signups: 3,
      messages: 2,
      pageViews: 3,
      tokens: 1165,
      cost: 2.00175,
    });

    const wide = (await (
      await call(owner, 'GET', `/api/apps/${app.id}/analytics?days=60`)
    ).json()) as AppAnalytics;
    expect(wide.days).toHaveLength(60);
    expect(wide.totals).toMatchObject({ runs: 5, uniqueUsers: 3 });
  });

  it('answers 404 to another builder and refuses an out-of-range window', async () => {
    const app = await newApp();
    await call(owner, 'POST', `/api/apps/${app.id}/publish`, {});
    expect((await call(stranger, 'GET', `/api/apps/${app.id}/analytics`)).status).toBe(404);
    expect((await call(owner, 'GET', `/api/apps/${app.id}/analytics?days=500`)).status).toBe(400);
    const ok = (await (await call(owner, 'GET', `/api/apps/${app.id}/analytics`)).json()) as AppAnalytics;
    expect(ok.days).toHaveLength(30);
    expect(ok.totals.runs).toBe(0);
  });
});
