import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { createAuthRuntime } from '../../platform/auth/runtime.ts';
import { createRouter } from '../../platform/http/openapi.ts';
import { accountsRoutes, createAccountsContext } from './accounts.module.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('OpenAPI document', () => {
  it('describes every sign-in and account call at its path and method', async () => {
    // The accounts routers alone, so that this checks our contracts whatever the other areas declare.
    const api = createRouter().route(
      '/',
      accountsRoutes(
        t.deps,
        createAccountsContext(t.deps, createAuthRuntime(t.deps.config, t.deps.database)),
      ),
    );
    const doc = api.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'Atelier', version: '0' } });
    const calls = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(calls).toEqual(
      expect.arrayContaining([
        'POST /auth/signup',
        'POST /auth/login',
        'POST /auth/logout',
        'GET /auth/session',
        'POST /auth/verify-email/send',
        'POST /auth/verify-email',
        'POST /auth/action-code',
        'POST /auth/password-reset',
        'POST /auth/magic-link',
        'POST /auth/custom-token',
        'POST /auth/token/refresh',
        'POST /auth/email-change',
        'PATCH /auth/profile',
        'POST /auth/password',
        'POST /auth/sessions/revoke-all',
        'DELETE /auth/account',
        'GET /auth/providers',
        'POST /live_api/account/create',
        'GET /live_api/account/current',
        'POST /live_api/account/sendResetPasswordEmail',
        'POST /live_api/account/completeEmailChange',
        'POST /live_api/account/sendMagicLink',
        'POST /live_api/account/validateOtp',
        'GET /dev/outbox',
      ]),
    );
    const account = doc.components?.schemas?.Account as { required?: string[] } | undefined;
    expect(account?.required).toEqual(
      expect.arrayContaining([
        'accountId',
        'accountType',
        'plan',
        'hasBusinessInfo',
        'hasPaidAppPackage',
        'isAdmin',
      ]),
    );
  });
});
