import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/support/accounts.ts';
import { createEntityApp, type EntityApp, entityCall } from '../../../test/support/entities.ts';
import { writeFile } from '../../../test/support/functions.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { disposeFunctionsRuntime } from './functions.module.ts';

/** Issue 20 #10: a link on any site must not run a function with the owner's rights. */
let t: TestApp;
let app: EntityApp;

const LEAK = [
  'export default async (req, ctx) => {',
  '  try { return Response.json({ rows: await ctx.sdk.entities.Secret.list() }); }',
  '  catch (error) { return Response.json({ refused: String(error.message) }); }',
  '};',
].join('\n');

beforeAll(async () => {
  t = await createTestApp({ env: { FUNCTION_RUNNERS: '1' } });
  app = await createEntityApp(t, 'cookie-owner@example.com', {
    Secret: { properties: { note: { type: 'string' } }, rls: { read: 'creator', write: 'creator' } },
  });
  const created = await entityCall(t, app.appId, 'POST', 'Secret', { note: 'owner only' }, app.owner.headers);
  expect(created.status).toBe(201);
  await writeFile(t, app.owner, app.appId, 'functions/leak.ts', LEAK);
  const deployed = await t.app.request(
    `/api/apps/${app.appId}/functions/leak/deploy`,
    json('POST', undefined, app.owner.headers),
  );
  expect(deployed.status).toBe(200);
}, 60_000);
afterAll(async () => {
  await disposeFunctionsRuntime(t.deps);
  await t.close();
});

describe('functions never act by the builder cookie', () => {
  it.each(['GET', 'POST', 'PUT', 'DELETE'])(
    "a cross-site %s with the owner's cookie runs the function anonymously",
    async (method) => {
      const res = await t.app.request(`/api/apps/${app.appId}/functions/leak`, {
        method,
        // What a browser sends for a link, image or form on another site: the cookie, no Origin or a foreign one.
        headers: { cookie: app.owner.headers.cookie ?? '' },
      });
      const text = await res.text();
      expect(text).not.toContain('owner only');
    },
  );

  it("the owner's bearer token still acts as the owner", async () => {
    const refreshed = await t.app.request(
      '/api/auth/token/refresh',
      json('POST', undefined, app.owner.headers),
    );
    const { accessToken } = (await refreshed.json()) as { accessToken: string };
    const res = await t.app.request(`/api/apps/${app.appId}/functions/leak`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(JSON.stringify(await res.json())).toContain('owner only');
  });
});
