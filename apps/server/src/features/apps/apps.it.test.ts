import { APP_MESSAGES, type AppSummary, AUTH_TEXTS, type VersionFilesResponse } from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, type SignedIn, signUpEndUser, signUpVerified } from '../../../test/support/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { apps, appVersions, users } from '../../platform/db/schema/index.ts';
import { templateFiles } from './template/template-files.ts';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUpVerified(t, 'alice@example.com');
  bob = await signUpVerified(t, 'bob@example.com');
});
afterAll(() => t.close());

async function createApp(who: SignedIn, body: unknown = { name: 'Recipe Finder', type: 'GEN_APP' }) {
  const res = await t.app.request('/api/apps', json('POST', body, who.headers));
  expect(res.status).toBe(201);
  return (await res.json()) as AppSummary;
}

describe('apps', () => {
  it('creates a generated app from the template as its first version, appBuilderVersion 4, draft', async () => {
    const app = await createApp(alice);
    expect(app).toMatchObject({
      name: 'Recipe Finder',
      type: 'GEN_APP',
      status: 'draft',
      appBuilderVersion: 4,
    });
    expect(app.currentVersionId).toEqual(expect.any(String));
    expect(app.publishedVersionId).toBeNull();
    const res = await t.app.request(
      `/api/apps/${app.id}/versions/${app.currentVersionId}`,
      json('GET', undefined, alice.headers),
    );
    const { files, version } = (await res.json()) as VersionFilesResponse;
    const paths = files.map((file) => file.path);
    expect(paths).toEqual(
      templateFiles('Recipe Finder')
        .map((file) => file.path)
        .sort(),
    );
    expect(paths).toEqual(
      expect.arrayContaining([
        'Layout.tsx',
        'pages/Home.tsx',
        'components/ui/button.jsx',
        'lib/utils.js',
        'entities/Item.json',
        'globals.css',
      ]),
    );
    expect(files.find((file) => file.path === 'Layout.tsx')?.content).toContain('"Recipe Finder"');
    expect(version).toMatchObject({ seq: 1, metadata: { description: 'Created the app from the template' } });
    expect(version.createdAt).toBe(version.timestamp);
  });

  it('creates a tool without code', async () => {
    const app = await createApp(alice, { name: 'Essay grader', type: 'AI_TOOL' });
    expect(app.currentVersionId).toBeNull();
  });

  it('refuses an unknown type and an empty name', async () => {
    const bad = await t.app.request('/api/apps', json('POST', { name: 'X', type: 'ROCKET' }, alice.headers));
    expect(bad.status).toBe(400);
    const empty = await t.app.request(
      '/api/apps',
      json('POST', { name: '  ', type: 'GEN_APP' }, alice.headers),
    );
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: { message: string } }).error.message).toBe(
      APP_MESSAGES.nameRequired,
    );
  });

  it('lists only the signed-in builder’s apps', async () => {
    const mine = await createApp(bob, { name: 'Bob’s board', type: 'GEN_APP' });
    const res = await t.app.request('/api/apps', json('GET', undefined, bob.headers));
    const { apps: list } = (await res.json()) as { apps: AppSummary[] };
    expect(list.map((app) => app.id)).toEqual([mine.id]);
  });

  it('updates fields of an app', async () => {
    const app = await createApp(alice);
    const res = await t.app.request(
      `/api/apps/${app.id}`,
      json('PATCH', { name: 'Recipes', header: 'Find a recipe', features: ['search'] }, alice.headers),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      name: 'Recipes',
      header: 'Find a recipe',
      features: ['search'],
    });
  });

  it("renames a generated app's header with it, so the app keeps one name (issue 19 #7)", async () => {
    const app = await createApp(alice);
    const patch = (body: unknown) => t.app.request(`/api/apps/${app.id}`, json('PATCH', body, alice.headers));
    // No header yet: a rename leaves it empty (the app shows its name).
    expect(await (await patch({ name: 'Recipes' })).json()).toMatchObject({ name: 'Recipes', header: null });
    await patch({ header: 'My Recipes' });
    expect(await (await patch({ name: 'Cookbook' })).json()).toMatchObject({
      name: 'Cookbook',
      header: 'Cookbook',
    });
  });

  it('answers 404 when another builder reads, changes, publishes or deletes the app', async () => {
    const app = await createApp(alice);
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/apps/${app.id}`],
      ['PATCH', `/api/apps/${app.id}`, { name: 'Mine now' }],
      ['DELETE', `/api/apps/${app.id}`],
      ['GET', `/api/apps/${app.id}/versions`],
      ['GET', `/api/apps/${app.id}/versions/${app.currentVersionId}`],
      ['GET', `/api/apps/${app.id}/files`],
      ['POST', `/api/apps/${app.id}/files/update`, { file: { path: 'pages/X.tsx', content: 'x' } }],
      ['POST', `/api/apps/${app.id}/files/delete`, { fileId: 'x', referencesToUpdate: [] }],
      ['POST', `/api/apps/${app.id}/publish`, {}],
      ['POST', `/api/apps/${app.id}/preview-token`, {}],
      ['GET', `/api/apps/${app.id}/domains`],
      ['POST', `/api/apps/${app.id}/domains`, { domain: 'stolen.example.com' }],
    ];
    for (const [method, path, body] of calls) {
      const res = await t.app.request(path, json(method, body, bob.headers));
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const [row] = await t.deps.database.db.select().from(apps).where(eq(apps.id, app.id));
    expect(row).toMatchObject({ name: 'Recipe Finder', publishedAt: null });
  });

  it('answers 401 when signed out', async () => {
    expect((await t.app.request('/api/apps')).status).toBe(401);
  });

  it('deletes the app with its versions and its end users', async () => {
    const app = await createApp(alice);
    await t.app.request(`/api/apps/${app.id}/publish`, json('POST', {}, alice.headers));
    await t.app.request(`/api/apps/${app.id}`, json('PATCH', { isSignupEnabled: true }, alice.headers));
    const endUser = await signUpEndUser(t, app.id, 'visitor@example.com');
    const res = await t.app.request(`/api/apps/${app.id}`, json('DELETE', undefined, alice.headers));
    expect(res.status).toBe(204);
    expect((await t.app.request(`/api/apps/${app.id}`, json('GET', undefined, alice.headers))).status).toBe(
      404,
    );
    const db = t.deps.database.db;
    expect(await db.select().from(appVersions).where(eq(appVersions.appId, app.id))).toEqual([]);
    expect(
      await db
        .select()
        .from(users)
        .where(eq(users.tenantId, `app:${app.id}`)),
    ).toEqual([]);
    expect((await t.app.request('/api/auth/session', { headers: endUser.headers })).status).toBe(401);
  });
});

describe('end-user sign-up (spec 2 §5)', () => {
  it('can be switched on only once the app is published, and only then lets end users sign up', async () => {
    const app = await createApp(alice);
    const early = await t.app.request(
      `/api/apps/${app.id}`,
      json('PATCH', { isSignupEnabled: true }, alice.headers),
    );
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: { message: string } }).error.message).toBe(
      APP_MESSAGES.publishSignupFirst,
    );
    const refused = await t.app.request(
      `/api/auth/signup?appId=${app.id}`,
      json('POST', { email: 'eve@example.com', password: 'violet-canyon-maple-42' }),
    );
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      AUTH_TEXTS.appSignupDisabled,
    );

    expect((await t.app.request(`/api/apps/${app.id}/publish`, json('POST', {}, alice.headers))).status).toBe(
      200,
    );
    const on = await t.app.request(
      `/api/apps/${app.id}`,
      json('PATCH', { isSignupEnabled: true }, alice.headers),
    );
    expect(on.status).toBe(200);
    const endUser = await signUpEndUser(t, app.id, 'eve@example.com');
    expect(endUser.user.appId).toBe(app.id);

    // The end user's session acts only inside the app's tenant: builder calls refuse it.
    const asEndUser = await t.app.request(`/api/apps/${app.id}`, { headers: endUser.headers });
    expect(asEndUser.status).toBe(403);
  });
});
