import {
  APP_MESSAGES,
  ENTITY_API_MESSAGES,
  PREVIEW_CREDENTIAL_MAX_AGE_SECONDS,
  PREVIEW_TEST_USER_EMAIL,
  type PreviewTokenResponse,
} from '@atelier/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, signUpVerified } from '../../../test/support/accounts.ts';
import { createEntityApp, entityCall } from '../../../test/support/entities.ts';
import { createGeneratedApp, writeFile } from '../../../test/support/functions.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { users } from '../../platform/db/schema/index.ts';
import { appsRuntime } from '../apps/apps.runtime.ts';
import type { AppRuntimeConfig } from '../compile/html.ts';
import { createPreviewApp } from './preview.app.ts';

/**
 * The builder's preview runs as the builder (issue 19 item 3): the preview document holds a
 * credential that makes the app's SDK calls act as the owner (or a visitor, or the app's test end
 * user), for that app only, from the preview document only, until the preview link expires.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { FUNCTION_RUNNERS: '1' } });
});
afterAll(async () => {
  await t.close();
});

/** Contacts anyone may read, only signed-in people (and the owner) may add: the generated CRM's rule. */
const contact = {
  properties: { name: { type: 'string' } },
  required: ['name'],
  rls: { read: 'anonymous', write: 'all' },
};

/** The sandboxed preview frame's requests carry `Origin: null`. */
const FROM_PREVIEW = { origin: 'null' };

async function previewCredential(appId: string, headers: Record<string, string>, body: object = {}) {
  const link = await t.app.request(`/api/apps/${appId}/preview-token`, json('POST', body, headers));
  expect(link.status).toBe(200);
  const answer = (await link.json()) as PreviewTokenResponse;
  const url = new URL(answer.url);
  const document = await createPreviewApp(t.deps).request(`${url.pathname}${url.search}`);
  expect(document.status).toBe(200);
  const match = /window\.__ATELIER__=(\{.*?\});/.exec(await document.text());
  const config = JSON.parse(match?.[1] ?? '{}') as AppRuntimeConfig;
  expect(config.previewToken).toEqual(expect.any(String));
  // The credential is not the link token of the URL.
  expect(config.previewToken).not.toBe(answer.token);
  expect(config.previewExpiresAt).toBe(answer.expiresAt);
  return { credential: config.previewToken as string, link: answer };
}

const withCredential = (credential: string, extra: Record<string, string> = FROM_PREVIEW) => ({
  'x-atelier-preview-token': credential,
  ...extra,
});

describe('the preview credential', () => {
  it('lets the preview add records as the owner, which the database panel then lists', async () => {
    const { appId, owner } = await createEntityApp(t, 'crm-owner@example.com', { Contact: contact });
    // Anonymously (the preview before): refused with the sign-in message.
    const anonymous = await entityCall(t, appId, 'POST', 'Contact', { name: 'Ada' }, FROM_PREVIEW);
    expect(anonymous).toMatchObject({
      status: 401,
      body: { error: { message: ENTITY_API_MESSAGES.signInToWrite } },
    });

    const { credential, link } = await previewCredential(appId, owner.headers);
    expect(link.viewAs).toBe('owner');
    const added = await entityCall(t, appId, 'POST', 'Contact', { name: 'Ada' }, withCredential(credential));
    expect(added).toMatchObject({ status: 201, body: { name: 'Ada', creatorId: owner.user.id } });

    // The builder's database panel (the owner's cookie) sees the row.
    const panel = await entityCall(t, appId, 'GET', 'Contact', undefined, owner.headers);
    expect(panel.status).toBe(200);
    expect(JSON.stringify(panel.body)).toContain('"name":"Ada"');
    // Base44's agents API too (features/base44/agents.routes.ts): the builder's conversations, none.
    const agents = await t.app.request(`/api/apps/${appId}/agents/conversations`, {
      headers: withCredential(credential),
    });
    expect(agents.status).toBe(200);
    expect(await agents.json()).toEqual([]);
    // And its Core integrations: past the sign-in check as the builder (GenerateImage is not done: 501).
    const generate = (headers: Record<string, string>) =>
      t.app.request(`/api/apps/${appId}/integration-endpoints/Core/GenerateImage`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ prompt: 'A fern' }),
      });
    expect((await generate(FROM_PREVIEW)).status).toBe(401);
    expect((await generate(withCredential(credential))).status).toBe(501);
  });

  it('works for its own app only, and only on the app SDK paths', async () => {
    const first = await createEntityApp(t, 'two-apps@example.com', { Contact: contact });
    const { credential } = await previewCredential(first.appId, first.owner.headers);
    const second = await createEntityApp(t, 'other-owner@example.com', { Contact: contact });
    const elsewhere = await entityCall(
      t,
      second.appId,
      'POST',
      'Contact',
      { name: 'X' },
      withCredential(credential),
    );
    expect(elsewhere.status).toBe(401);
    // The builder's own API (rename, delete …) never accepts it.
    const builderApi = await t.app.request(`/api/apps/${first.appId}`, {
      headers: withCredential(credential),
    });
    expect(builderApi.status).toBe(401);
  });

  it('is refused from any page other than the preview document', async () => {
    const { appId, owner } = await createEntityApp(t, 'origins@example.com', { Contact: contact });
    const { credential } = await previewCredential(appId, owner.headers);
    for (const extra of [
      { origin: 'https://evil.example' },
      { origin: 'http://localhost:3000' },
      {},
    ] as Record<string, string>[]) {
      const answer = await entityCall(
        t,
        appId,
        'POST',
        'Contact',
        { name: 'X' },
        withCredential(credential, extra),
      );
      expect(answer.status, JSON.stringify(extra)).toBe(401);
    }
  });

  it('expires with the preview link', async () => {
    const { appId, owner } = await createEntityApp(t, 'expiry@example.com', { Contact: contact });
    const { credential } = await previewCredential(appId, owner.headers);
    const tokens = appsRuntime(t.deps).previewTokens;
    const claims = await tokens.verifyCredential(credential);
    expect(claims?.expiresAt.getTime()).toBeGreaterThan(Date.now());
    const expired = await tokens.signCredential({ ...claims!, expiresAt: new Date(Date.now() - 1000) });
    expect(await tokens.verifyCredential(expired)).toBeNull();
    const answer = await entityCall(t, appId, 'POST', 'Contact', { name: 'X' }, withCredential(expired));
    expect(answer.status).toBe(401);
  });

  it('views as a signed-out visitor or as the app’s test end user, created on demand', async () => {
    const { appId, owner } = await createEntityApp(t, 'view-as@example.com', { Contact: contact });
    const visitor = await previewCredential(appId, owner.headers, { viewAs: 'visitor' });
    const asVisitor = await entityCall(
      t,
      appId,
      'POST',
      'Contact',
      { name: 'V' },
      withCredential(visitor.credential),
    );
    expect(asVisitor).toMatchObject({
      status: 401,
      body: { error: { message: ENTITY_API_MESSAGES.signInToWrite } },
    });

    const user = await previewCredential(appId, owner.headers, { viewAs: 'user' });
    expect(user.link.viewAs).toBe('user');
    const [testUser] = await t.deps.database.db
      .select()
      .from(users)
      .where(and(eq(users.tenantId, `app:${appId}`), eq(users.email, PREVIEW_TEST_USER_EMAIL)));
    expect(testUser?.passwordHash).toBeNull();
    const asUser = await entityCall(
      t,
      appId,
      'POST',
      'Contact',
      { name: 'U' },
      withCredential(user.credential),
    );
    expect(asUser).toMatchObject({ status: 201, body: { name: 'U', creatorId: testUser?.id } });
    // A second link reuses the same test user.
    await previewCredential(appId, owner.headers, { viewAs: 'user' });
    const all = await t.deps.database.db
      .select()
      .from(users)
      .where(eq(users.tenantId, `app:${appId}`));
    expect(all).toHaveLength(1);
  });

  it('runs the app’s functions for the owner before publishing, without handing the credential to their code', async () => {
    const owner = await signUpVerified(t, 'functions-owner@example.com');
    const app = await createGeneratedApp(t, owner);
    await writeFile(
      t,
      owner,
      app.id,
      'functions/headers.ts',
      'export default async (req) => Response.json({ names: [...req.headers.keys()] });',
    );
    const deployed = await t.app.request(
      `/api/apps/${app.id}/functions/headers/deploy`,
      json('POST', undefined, owner.headers),
    );
    expect(deployed.status).toBe(200);
    const path = `/api/apps/${app.id}/functions/headers`;
    // A visitor of the unpublished app is refused; the preview, as the owner, runs it.
    expect((await t.app.request(path, { headers: FROM_PREVIEW })).status).toBe(409);
    const { credential } = await previewCredential(app.id, owner.headers);
    const run = await t.app.request(path, { headers: withCredential(credential) });
    expect(run.status).toBe(200);
    const { names } = (await run.json()) as { names: string[] };
    expect(names).not.toContain('x-atelier-preview-token');

    // A Base44 export's function asks auth.me() who calls: the owner, from the sandboxed frame and
    // from the preview opened in a tab of its own (its own origin), not an anonymous caller.
    await writeFile(
      t,
      owner,
      app.id,
      'functions/whoami/index.ts',
      [
        "import { createClientFromRequest } from 'npm:@base44/sdk@0.8.25';",
        'Deno.serve(async (req) => {',
        '  const me = await createClientFromRequest(req).auth.me();',
        '  return Response.json({ email: me.email, role: me.role });',
        '});',
      ].join('\n'),
    );
    const whoDeployed = await t.app.request(
      `/api/apps/${app.id}/functions/whoami/deploy`,
      json('POST', undefined, owner.headers),
    );
    expect(whoDeployed.status).toBe(200);
    const { credential: fresh, link } = await previewCredential(app.id, owner.headers);
    for (const origin of ['null', new URL(link.url).origin]) {
      const who = await t.app.request(`/api/apps/${app.id}/functions/whoami`, {
        method: 'POST',
        headers: withCredential(fresh, { origin }),
      });
      expect(await who.json(), origin).toEqual({ email: 'functions-owner@example.com', role: 'admin' });
    }
  });

  it('is renewed before it expires, from the preview document only, while the builder owns the app, up to its maximum age', async () => {
    const { appId, owner } = await createEntityApp(t, 'renewal@example.com', { Contact: contact });
    const { credential } = await previewCredential(appId, owner.headers);
    const tokens = appsRuntime(t.deps).previewTokens;
    const claims = (await tokens.verifyCredential(credential))!;
    // A credential about to run out (its link long expired) is traded for a fresh one.
    const ending = await tokens.signCredential({ ...claims, expiresAt: new Date(Date.now() + 30_000) });
    const renew = (token: string, extra: Record<string, string> = FROM_PREVIEW) =>
      t.app.request('/api/auth/preview-credential', {
        method: 'POST',
        headers: withCredential(token, extra),
      });
    const renewed = await renew(ending);
    expect(renewed.status).toBe(200);
    expect(renewed.headers.get('access-control-allow-origin')).toBe('*');
    const fresh = (await renewed.json()) as { previewToken: string; expiresAt: string };
    expect(Date.parse(fresh.expiresAt)).toBeGreaterThan(Date.now() + 10 * 60_000);
    const added = await entityCall(
      t,
      appId,
      'POST',
      'Contact',
      { name: 'Kept' },
      withCredential(fresh.previewToken),
    );
    expect(added).toMatchObject({ status: 201, body: { name: 'Kept', creatorId: owner.user.id } });

    const link = await t.app.request(`/api/apps/${appId}/preview-token`, json('POST', {}, owner.headers));
    const linkToken = ((await link.json()) as PreviewTokenResponse).token;
    const refusals = [
      await renew(ending, { origin: 'https://evil.example' }),
      await renew(await tokens.signCredential({ ...claims, expiresAt: new Date(Date.now() - 1000) })),
      // Opened longer ago than the maximum age: a reload gives a new preview.
      await renew(
        await tokens.signCredential({
          ...claims,
          since: new Date(Date.now() - PREVIEW_CREDENTIAL_MAX_AGE_SECONDS * 1000 - 1000),
        }),
      ),
      // The link token is not a credential.
      await renew(linkToken),
    ];
    for (const answer of refusals) {
      expect(answer.status).toBe(401);
      expect(((await answer.json()) as { error: { message: string } }).error.message).toBe(
        APP_MESSAGES.previewExpired,
      );
    }
    // An app given away (here: deleted) renews nothing.
    expect((await t.app.request(`/api/apps/${appId}`, json('DELETE', undefined, owner.headers))).status).toBe(
      204,
    );
    expect((await renew(fresh.previewToken)).status).toBe(401);
  });

  it('keeps the User fields an app writes for the owner in the preview (auth.updateMe on its first page), checked against entities/User.json', async () => {
    const { appId, owner } = await createEntityApp(t, 'me-fields@example.com', {
      Contact: contact,
      User: { properties: { onboarding_completed: { type: 'boolean' } } },
    });
    const { credential } = await previewCredential(appId, owner.headers);
    const me = (method: 'GET' | 'PUT', body?: object, id = 'me') =>
      t.app.request(`/api/apps/${appId}/entities/User/${id}`, {
        method,
        headers: { ...withCredential(credential), 'x-app-id': appId, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    // The owner is no user of the app: the fields are kept for them; their account's are not the app's.
    const updated = await me('PUT', { onboarding_completed: true, full_name: 'Someone else' });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({
      email: 'me-fields@example.com',
      full_name: 'me-fields@example.com',
      role: 'admin',
      onboarding_completed: true,
    });
    expect(await (await me('GET')).json()).toMatchObject({ role: 'admin', onboarding_completed: true });
    expect((await me('PUT', { onboarding_completed: 'yes' })).status).toBe(400);
    // By the id auth.me() answered (`User.get(user.id)`, `User.update(user.id, {…})`): the same record.
    const byId = await me('PUT', { onboarding_completed: false }, owner.user.id);
    expect(byId.status).toBe(200);
    expect(await byId.json()).toMatchObject({
      id: owner.user.id,
      role: 'admin',
      onboarding_completed: false,
    });
    expect(await (await me('GET', undefined, owner.user.id)).json()).toMatchObject({
      email: 'me-fields@example.com',
      onboarding_completed: false,
    });
    // Not one of the app's users: the users' list does not show the owner.
    const list = await entityCall(t, appId, 'GET', 'User', undefined, owner.headers);
    expect(list.body).toEqual([]);
  });

  it('answers auth.me() in the preview with whom it views as: the owner, nobody, or the test end user', async () => {
    const { appId, owner } = await createEntityApp(t, 'me-owner@example.com', { Contact: contact });
    const me = (credential: string, forApp = appId) =>
      t.app.request(`/api/auth/session?appId=${forApp}`, { headers: withCredential(credential) });
    const asOwner = await me((await previewCredential(appId, owner.headers)).credential);
    expect(asOwner.status).toBe(200);
    expect(((await asOwner.json()) as { user: { email: string } }).user.email).toBe('me-owner@example.com');
    const { credential: visitor } = await previewCredential(appId, owner.headers, { viewAs: 'visitor' });
    expect((await me(visitor)).status).toBe(401);
    const { credential: user } = await previewCredential(appId, owner.headers, { viewAs: 'user' });
    const asUser = await me(user);
    expect(((await asUser.json()) as { user: { email: string } }).user.email).toBe(PREVIEW_TEST_USER_EMAIL);
    // Another app's session, or none named, is not the credential's.
    const other = await createEntityApp(t, 'me-other@example.com', { Contact: contact });
    expect((await me(user, other.appId)).status).toBe(401);
    const unnamed = await t.app.request('/api/auth/session', { headers: withCredential(user) });
    expect(unnamed.status).toBe(401);
  });
});
