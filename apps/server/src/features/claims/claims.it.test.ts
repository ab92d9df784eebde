import {
  type AppSummary,
  CLAIM_MESSAGES,
  type ClaimAppResponse,
  type ClaimInfo,
  type ClaimInvitation,
} from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, type SignedIn, signUpVerified } from '../../../test/support/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { appClaims, appCollaborators, apps } from '../../platform/db/schema/index.ts';

let t: TestApp;
let admin: SignedIn;
let customer: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpVerified(t, 'agency@example.com'); // the first account is an admin
  customer = await signUpVerified(t, 'customer@example.com');
  other = await signUpVerified(t, 'other@example.com');
});
afterAll(() => t.close());

const call = (who: SignedIn, method: string, path: string, body?: unknown) =>
  t.app.request(path, json(method, body, who.headers));
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error;

async function claimableApp(
  options: { collaborator?: boolean; publish?: boolean } = {},
): Promise<AppSummary> {
  const created = await call(admin, 'POST', '/api/apps', { name: 'Client portal', type: 'AI_TOOL' });
  const app = (await created.json()) as AppSummary;
  const settings = { isClaimable: true, requireBuilderCollaboratorAccount: options.collaborator ?? false };
  expect((await call(admin, 'PATCH', `/api/apps/${app.id}`, { settings })).status).toBe(200);
  if (options.publish ?? true) {
    expect((await call(admin, 'POST', `/api/apps/${app.id}/publish`, {})).status).toBe(200);
  }
  return app;
}

async function invitation(appId: string): Promise<ClaimInvitation> {
  const res = await call(admin, 'GET', `/api/apps/${appId}/settings/claimInvitation`);
  expect(res.status).toBe(200);
  return (await res.json()) as ClaimInvitation;
}

const claim = (who: SignedIn, appId: string, claimCode: string) =>
  call(who, 'POST', `/api/apps/${appId}/claim`, { claimCode });

const ownerOf = async (appId: string) =>
  (await t.deps.database.db.select({ ownerId: apps.ownerId }).from(apps).where(eq(apps.id, appId)))[0]
    ?.ownerId;

describe('GET /api/apps/{appId}/settings/claimInvitation', () => {
  it('answers the invite link and a stable claim code to the admin', async () => {
    const app = await claimableApp();
    const first = await invitation(app.id);
    expect(first.inviteLink).toBe(`${t.deps.config.publicUrl}/claim/app/${app.id}`);
    expect(first.claimCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(await invitation(app.id)).toEqual(first);
  });

  it("refuses before publishing with 'You can't copy invite link until you publish your app'", async () => {
    const app = await claimableApp({ publish: false });
    const res = await call(admin, 'GET', `/api/apps/${app.id}/settings/claimInvitation`);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(CLAIM_MESSAGES.publishFirst);
    expect(await t.deps.database.db.select().from(appClaims).where(eq(appClaims.appId, app.id))).toEqual([]);
  });

  it('refuses an app that is not claimable', async () => {
    const created = await call(admin, 'POST', '/api/apps', { name: 'Private', type: 'AI_TOOL' });
    const app = (await created.json()) as AppSummary;
    await call(admin, 'POST', `/api/apps/${app.id}/publish`, {});
    const res = await call(admin, 'GET', `/api/apps/${app.id}/settings/claimInvitation`);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(CLAIM_MESSAGES.notClaimable);
  });

  it('is for admins only (403), and 404 for an app the admin cannot open', async () => {
    const app = await claimableApp();
    expect((await call(customer, 'GET', `/api/apps/${app.id}/settings/claimInvitation`)).status).toBe(403);
    const created = await call(customer, 'POST', '/api/apps', { name: 'Theirs', type: 'AI_TOOL' });
    const theirs = (await created.json()) as AppSummary;
    expect((await call(admin, 'GET', `/api/apps/${theirs.id}/settings/claimInvitation`)).status).toBe(404);
  });
});

describe('POST /api/apps/{appId}/claim', () => {
  it('refuses a wrong code and leaves the owner unchanged', async () => {
    const app = await claimableApp();
    await invitation(app.id);
    const res = await claim(customer, app.id, 'WRONG123');
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(CLAIM_MESSAGES.wrongCode);
    expect(await ownerOf(app.id)).toBe(admin.user.id);
  });

  it('moves the app to a new account that enters the code; the admin loses it; a second claim is refused', async () => {
    const app = await claimableApp();
    const { claimCode } = await invitation(app.id);
    const newcomer = await signUpVerified(t, 'newcomer@example.com');
    const info = await call(newcomer, 'GET', `/api/apps/${app.id}/claim`);
    expect((await info.json()) as ClaimInfo).toEqual({ appId: app.id, appName: 'Client portal' });

    const res = await claim(newcomer, app.id, claimCode.toLowerCase());
    expect(res.status).toBe(200);
    expect((await res.json()) as ClaimAppResponse).toEqual({
      appId: app.id,
      ownerId: newcomer.user.id,
      collaboratorKept: false,
    });
    expect(await ownerOf(app.id)).toBe(newcomer.user.id);
    const mine = (await (await call(newcomer, 'GET', `/api/apps/${app.id}`)).json()) as AppSummary;
    expect(mine.settings.isClaimable).toBe(false);
    expect((await call(admin, 'GET', `/api/apps/${app.id}`)).status).toBe(404);

    const again = await claim(other, app.id, claimCode);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(CLAIM_MESSAGES.alreadyClaimed);
    expect(await ownerOf(app.id)).toBe(newcomer.user.id);
    const info2 = await call(other, 'GET', `/api/apps/${app.id}/claim`);
    expect((await errorOf(info2)).message).toBe(CLAIM_MESSAGES.alreadyClaimed);
  });

  it('keeps the previous builder as a collaborator who can still open and edit the app, but not delete it', async () => {
    const app = await claimableApp({ collaborator: true });
    const { claimCode } = await invitation(app.id);
    const res = await claim(customer, app.id, claimCode);
    expect(res.status).toBe(200);
    expect(((await res.json()) as ClaimAppResponse).collaboratorKept).toBe(true);
    expect(await ownerOf(app.id)).toBe(customer.user.id);
    const rows = await t.deps.database.db
      .select({ userId: appCollaborators.userId })
      .from(appCollaborators)
      .where(eq(appCollaborators.appId, app.id));
    expect(rows).toEqual([{ userId: admin.user.id }]);

    const opened = await call(admin, 'GET', `/api/apps/${app.id}`);
    expect(opened.status).toBe(200);
    const listed = (await (await call(admin, 'GET', '/api/apps')).json()) as { apps: AppSummary[] };
    expect(listed.apps.map((a) => a.id)).toContain(app.id);
    expect((await call(admin, 'PATCH', `/api/apps/${app.id}`, { welcomeMessage: 'Still here' })).status).toBe(
      200,
    );
    expect((await call(admin, 'GET', `/api/apps/${app.id}/versions`)).status).toBe(200);
    expect((await call(admin, 'DELETE', `/api/apps/${app.id}`)).status).toBe(404);
    expect(await ownerOf(app.id)).toBe(customer.user.id);
    // A builder with no part in the app still cannot see it.
    expect((await call(other, 'GET', `/api/apps/${app.id}`)).status).toBe(404);
  });

  it('refuses an app that is not claimable, and the owner claiming their own app', async () => {
    const created = await call(admin, 'POST', '/api/apps', { name: 'Private', type: 'AI_TOOL' });
    const app = (await created.json()) as AppSummary;
    const res = await claim(customer, app.id, 'ABCDEFGH');
    expect(res.status).toBe(404);
    expect((await errorOf(res)).message).toBe(CLAIM_MESSAGES.notClaimable);

    const open = await claimableApp();
    const { claimCode } = await invitation(open.id);
    const own = await claim(admin, open.id, claimCode);
    expect(own.status).toBe(409);
    expect((await errorOf(own)).message).toBe(CLAIM_MESSAGES.alreadyYours);
  });

  it('refuses a signed-out request with 401', async () => {
    const app = await claimableApp();
    const res = await t.app.request(`/api/apps/${app.id}/claim`, json('POST', { claimCode: 'ABCDEFGH' }));
    expect(res.status).toBe(401);
  });
});
