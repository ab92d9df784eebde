import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type AppSummary,
  type MemoriesResponse,
  type PublicTool,
  type RunToolResponse,
  TOOL_MESSAGES,
  type Tool,
  type ToolsListResponse,
} from '@atelier/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, type SignedIn, signUpEndUser, signUpVerified } from '../../../test/support/accounts.ts';
import { setPlan } from '../../../test/support/billing.ts';
import { type FakeProvider, startFakeOpenAI } from '../../../test/support/fake-openai.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { appDomains, apps, toolRuns } from '../../platform/db/schema/index.ts';

/**
 * `{appBase}/tool/{toolPath}` (spec 3 §2): `/app/{appId}/tool/{toolPath}` is the platform's tool page
 * (not the published app document), and the tool calls with `?appId=` answer only that app's tools.
 * The page's end-user session (spec 1 §7 memories): a signed-in end user's memorized answers.
 */

const SPA_MARKER = '<!-- atelier web app -->';
let t: TestApp;
let fake: FakeProvider;
let builder: SignedIn;
let webDir: string;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), `<!doctype html>${SPA_MARKER}<div id="root"></div>`);
  t = await createTestApp({
    env: { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.baseUrl, WEB_DIST_DIR: webDir },
    llm: { retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1 } },
  });
  await signUpVerified(t, 'first-admin@example.com');
  builder = await signUpVerified(t, 'base-builder@example.com');
  await setPlan(t, builder.user.id, 'explorer');
});
afterAll(async () => {
  await t.close();
  await fake.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const call = async <T = unknown>(
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: unknown,
) => {
  const res = await t.app.request(url, json(method, body, headers));
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
};
type ErrorAnswer = { error: { code: string; message: string } };

/** A single-tool app, activated, with a memorized field; signup on when asked. */
async function liveTool(name: string, signup = false): Promise<{ app: AppSummary; tool: Tool }> {
  const created = await call<AppSummary>('POST', '/api/apps', builder.headers, { name, type: 'AI_TOOL' });
  expect(created.status).toBe(201);
  const app = created.body;
  const patched = await call('PATCH', `/api/apps/${app.id}`, builder.headers, {
    header: name,
    gptPrompt: 'Plan a trip to {{city}}.',
  });
  expect(patched.status).toBe(200);
  const fields = [
    { name: 'city', label: 'City', type: 'text', required: true, memorize: true },
    { name: 'mood', label: 'Mood', type: 'text' },
  ];
  await t.deps.database.db
    .update(apps)
    .set({
      builder: sql`coalesce(${apps.builder}, '{}'::jsonb) || ${JSON.stringify({ fields })}::jsonb`,
      ...(signup ? { isSignupEnabled: true, publishedAt: new Date(), status: 'active' } : {}),
    })
    .where(eq(apps.id, app.id));
  const [tool] = (await call<ToolsListResponse>('GET', `/api/apps/${app.id}/tools`, builder.headers)).body
    .tools;
  const activated = await call<Tool>('PATCH', `/api/apps/${app.id}/tools/${tool!.toolId}`, builder.headers, {
    status: 'active',
  });
  expect(activated.status).toBe(200);
  return { app, tool: activated.body };
}

describe('{appBase}/tool/{toolPath}', () => {
  it("answers the app's own tool under its base and 404 for another app's tool or an unknown path", async () => {
    const mine = await liveTool('Base planner one');
    const theirs = await liveTool('Base planner two');

    const own = await call<PublicTool>('GET', `/api/tools/by-path/${mine.tool.path}?appId=${mine.app.id}`);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ appId: mine.app.id, toolId: mine.tool.toolId, path: mine.tool.path });
    expect(own.body.signupEnabled).toBe(false);

    const foreign = await call<ErrorAnswer>(
      'GET',
      `/api/tools/by-path/${theirs.tool.path}?appId=${mine.app.id}`,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe(TOOL_MESSAGES.notFoundByPath(theirs.tool.path));
    expect(foreign.body.error.message).toBe(`Tool with path ${theirs.tool.path} not found`);

    const unknown = await call<ErrorAnswer>('GET', `/api/tools/by-path/no-such-tool?appId=${mine.app.id}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Tool with path no-such-tool not found');

    // Without the app base, the path alone still answers (the site-wide /tool/{path}).
    expect((await call('GET', `/api/tools/by-path/${theirs.tool.path}`)).status).toBe(200);
  });

  it("runs only the app's own tool under its base; another app's tool is refused and not recorded", async () => {
    const mine = await liveTool('Base runner one');
    const theirs = await liveTool('Base runner two');
    const run = await call<RunToolResponse>(
      'POST',
      `/api/tools/by-path/${mine.tool.path}/run?appId=${mine.app.id}`,
      {},
      { values: { city: 'Porto' } },
    );
    expect(run.status).toBe(200);
    expect(run.body.status).toBe('success');

    const refused = await call<ErrorAnswer>(
      'POST',
      `/api/tools/by-path/${theirs.tool.path}/run?appId=${mine.app.id}`,
      {},
      { values: { city: 'Porto' } },
    );
    expect(refused.status).toBe(404);
    expect(refused.body.error.message).toBe(`Tool with path ${theirs.tool.path} not found`);
    const rows = await t.deps.database.db.select().from(toolRuns).where(eq(toolRuns.appId, theirs.app.id));
    expect(rows).toHaveLength(0);
  });

  it('serves the web app (not the published document) at /app/{appId}/tool/{toolPath}', async () => {
    const mine = await liveTool('Base page');
    const page = await t.app.request(`/app/${mine.app.id}/tool/${mine.tool.path}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(SPA_MARKER);
    // With the web app's own security policy, as at /tool/{path}.
    const site = await t.app.request(`/tool/${mine.tool.path}`);
    expect(page.headers.get('content-security-policy')).toBeTruthy();
    expect(page.headers.get('content-security-policy')).toBe(site.headers.get('content-security-policy'));
    // The app base itself and its other paths are still the app's document (not published: 404).
    const base = await t.app.request(`/app/${mine.app.id}`);
    expect(base.status).toBe(404);
    expect(await base.text()).not.toContain(SPA_MARKER);
    const deeper = await t.app.request(`/app/${mine.app.id}/tool/${mine.tool.path}/more`);
    expect(await deeper.text()).not.toContain(SPA_MARKER);
  });
});

describe('{appBase}/tool/{toolPath} on a custom domain', () => {
  it("sends /tool/{toolPath} on the app's verified domain to the platform's tool page of that app", async () => {
    const mine = await liveTool('Domain planner', true);
    await t.deps.database.db
      .insert(appDomains)
      .values({ appId: mine.app.id, domain: 'planner.example.com', txtValue: 'x', verifiedAt: new Date() });
    const host = { headers: { host: 'planner.example.com' } };
    const res = await t.app.request(`/tool/${mine.tool.path}`, host);
    expect(res.status).toBe(302);
    const target = new URL(res.headers.get('location') ?? '');
    expect(target.pathname).toBe(`/app/${mine.app.id}/tool/${mine.tool.path}`);
    expect(target.origin).toBe(new URL(t.deps.config.publicUrl).origin);
    // Other paths of the domain stay the app's own.
    expect((await t.app.request('/tool/a/b', host)).status).not.toBe(302);
    expect((await t.app.request('/tools', host)).status).not.toBe(302);
  });
});

describe("the tool page's end-user session", () => {
  it('tells the page that signup is on, and a signed-in end user running under the app base gets the memorized answer back', async () => {
    const { app, tool } = await liveTool('Base memories', true);
    const view = await call<PublicTool>('GET', `/api/tools/by-path/${tool.path}?appId=${app.id}`);
    expect(view.body.signupEnabled).toBe(true);

    const eve = await signUpEndUser(t, app.id, 'eve-base@example.com');
    const run = await call('POST', `/api/tools/by-path/${tool.path}/run?appId=${app.id}`, eve.headers, {
      values: { city: 'Ghent', mood: 'calm' },
    });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    const memories = await call<MemoriesResponse>(
      'GET',
      `/api/live_api/user/memories/current?appId=${app.id}`,
      eve.headers,
    );
    expect(memories.status).toBe(200);
    expect(memories.body).toEqual({ appId: app.id, memories: { city: 'Ghent' } });

    // An end user of another app is not this app's end user: no memory is kept for them.
    const other = await liveTool('Base memories other', true);
    const stranger = await signUpEndUser(t, other.app.id, 'stranger-base@example.com');
    expect(
      (
        await call('POST', `/api/tools/by-path/${tool.path}/run?appId=${app.id}`, stranger.headers, {
          values: { city: 'Oslo' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await call('GET', `/api/live_api/user/memories/current?appId=${app.id}`, stranger.headers)).status,
    ).toBe(403);
    expect(
      (
        await call<MemoriesResponse>(
          'GET',
          `/api/live_api/user/memories/current?appId=${app.id}`,
          eve.headers,
        )
      ).body.memories,
    ).toEqual({ city: 'Ghent' });
  });
});
