import { type AdminUser, type AdminUsersResponse, AUTH_MESSAGES } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, type SignedIn, STRONG_PASSWORD, signUpVerified } from '../../../test/support/accounts.ts';
import { call } from '../../../test/support/billing.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

let t: TestApp;
let admin: SignedIn;
let builder: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ env: { ADMIN_EMAILS: 'admin@example.com' } });
  admin = await signUpVerified(t, 'admin@example.com');
  builder = await signUpVerified(t, 'maker@example.com');
});
afterAll(async () => {
  await t?.close();
});

const login = (email: string) =>
  t.app.request('/api/auth/login', json('POST', { email, password: STRONG_PASSWORD }));

describe('admins disable and re-enable a builder (issue 23 #28)', () => {
  it('lists builders for admins only', async () => {
    expect((await call(t, 'GET', '/api/admin/users', builder.headers)).status).toBe(403);
    const list = await call<AdminUsersResponse>(t, 'GET', '/api/admin/users?q=MAKER', admin.headers);
    expect(list.status).toBe(200);
    expect(list.body.users.map((u) => [u.email, u.disabledAt])).toEqual([['maker@example.com', null]]);
  });

  it("disables: the session ends, sign-in says the spec's message; enabling lets them back in", async () => {
    expect((await call(t, 'GET', '/api/apps', builder.headers)).status).toBe(200);
    const refused = await call(t, 'PATCH', `/api/admin/users/${builder.user.id}`, builder.headers, {
      disabled: true,
    });
    expect(refused.status).toBe(403);

    const off = await call<AdminUser>(t, 'PATCH', `/api/admin/users/${builder.user.id}`, admin.headers, {
      disabled: true,
    });
    expect(off.status).toBe(200);
    expect(off.body.disabledAt).not.toBeNull();
    expect((await call(t, 'GET', '/api/apps', builder.headers)).status).toBe(401);
    const denied = await login('maker@example.com');
    expect(denied.status).toBe(403);
    expect(((await denied.json()) as { error: { message: string } }).error.message).toBe(
      AUTH_MESSAGES.login.userDisabled,
    );

    const on = await call<AdminUser>(t, 'PATCH', `/api/admin/users/${builder.user.id}`, admin.headers, {
      disabled: false,
    });
    expect(on.body.disabledAt).toBeNull();
    expect((await login('maker@example.com')).status).toBe(200);
  });

  it('refuses to disable yourself and answers 404 for an unknown user', async () => {
    const self = await call(t, 'PATCH', `/api/admin/users/${admin.user.id}`, admin.headers, {
      disabled: true,
    });
    expect(self).toMatchObject({
      status: 400,
      body: { error: { message: 'You cannot disable your own account' } },
    });
    expect(
      (await call(t, 'PATCH', '/api/admin/users/nobody', admin.headers, { disabled: true })).status,
    ).toBe(404);
  });
});
