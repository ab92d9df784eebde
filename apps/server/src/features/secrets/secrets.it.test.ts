import { type SaveSecretsResponse, SECRET_MESSAGES, type SecretsListResponse } from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, type SignedIn, signUpVerified } from '../../../test/support/accounts.ts';
import {
  bufferLogger,
  createGeneratedApp,
  markPublished,
  writeFile,
} from '../../../test/support/functions.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { appSecrets } from '../../platform/db/schema/index.ts';

let t: TestApp;
let alice: SignedIn;
const { logger, lines } = bufferLogger();

beforeAll(async () => {
  t = await createTestApp({ env: { FUNCTION_RUNNERS: '1', LOG_LEVEL: 'trace' }, logger });
  alice = await signUpVerified(t, 'alice@example.com');
}, 60_000);
afterAll(async () => {
  await t.close();
});

const request = (method: string, path: string, body?: unknown) =>
  t.app.request(path, json(method, body, alice.headers));

describe('secrets', () => {
  it('lists keys and descriptions only, never a value', async () => {
    const app = await createGeneratedApp(t, alice);
    const saved = await request('POST', `/api/apps/${app.id}/secrets`, {
      secrets: [
        { key: 'STRIPE_KEY', value: 'sk_live_list_value', instructions: 'From the Stripe dashboard' },
        { key: 'OTHER', value: 'other-value' },
      ],
    });
    expect(saved.status).toBe(200);
    const res = await request('GET', `/api/apps/${app.id}/secrets`);
    const text = await res.text();
    expect(text).not.toContain('sk_live_list_value');
    const body = JSON.parse(text) as SecretsListResponse;
    // Both are saved at once: same creation time, so the list's order between them is not the point.
    expect(body.secrets.map(({ key, description }) => ({ key, description }))).toEqual(
      expect.arrayContaining([
        { key: 'STRIPE_KEY', description: 'From the Stripe dashboard' },
        { key: 'OTHER', description: '' },
      ]),
    );
    expect(body.secrets).toHaveLength(2);
    expect(Object.keys(body.secrets[0]!).sort()).toEqual(['createdAt', 'description', 'key', 'updatedAt']);
  });

  it('stores the value encrypted at rest', async () => {
    const app = await createGeneratedApp(t, alice);
    await request('POST', `/api/apps/${app.id}/secrets`, {
      secrets: [{ key: 'AT_REST', value: 'plain-text-value-42' }],
    });
    const [row] = await t.deps.database.db.select().from(appSecrets).where(eq(appSecrets.appId, app.id));
    expect(row?.valueEncrypted).toMatch(/^v1:/);
    expect(row?.valueEncrypted).not.toContain('plain-text-value-42');
  });

  it('refuses a new key without a value with the spec message, and keeps an existing value when only the description changes', async () => {
    const app = await createGeneratedApp(t, alice);
    const missing = await request('POST', `/api/apps/${app.id}/secrets`, {
      secrets: [{ key: 'NEW_ONE', value: '' }],
    });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toBe(
      SECRET_MESSAGES.keyAndValueRequired,
    );

    await request('POST', `/api/apps/${app.id}/secrets`, { secrets: [{ key: 'KEEP', value: 'kept-value' }] });
    const described = await request('POST', `/api/apps/${app.id}/secrets`, {
      secrets: [{ key: 'KEEP', description: 'Now documented' }],
    });
    expect(described.status).toBe(200);
    await writeFile(
      t,
      alice,
      app.id,
      'functions/keep.ts',
      'export default (req, ctx) => new Response(ctx.env.KEEP);',
    );
    await request('POST', `/api/apps/${app.id}/functions/keep/deploy`);
    // Functions take the builder's bearer token, never the cookie (issue 20 #10).
    const { accessToken } = (await (await request('POST', '/api/auth/token/refresh')).json()) as {
      accessToken: string;
    };
    const res = await t.app.request(`/api/apps/${app.id}/functions/keep`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(await res.text()).toBe('kept-value');
  });

  it('ignores reserved names and never passes them to functions', async () => {
    const app = await createGeneratedApp(t, alice);
    const res = await request('POST', `/api/apps/${app.id}/secrets`, {
      secrets: [
        { key: 'PATH', value: '/evil' },
        { key: 'ATELIER_TOKEN', value: 'x1234' },
        { key: 'node_options', value: '--inspect' },
        { key: 'FINE', value: 'fine-value' },
      ],
    });
    const body = (await res.json()) as SaveSecretsResponse;
    expect(body.ignored).toEqual(['PATH', 'ATELIER_TOKEN', 'node_options']);
    expect(body.saved).toEqual(['FINE']);
    expect(body.secrets.map((secret) => secret.key)).toEqual(['FINE']);
  });

  it('deletes a secret by key, names the deployed functions that read it, then answers 404', async () => {
    const app = await createGeneratedApp(t, alice);
    await request('POST', `/api/apps/${app.id}/secrets`, { secrets: [{ key: 'USED', value: 'used-value' }] });
    await writeFile(
      t,
      alice,
      app.id,
      'functions/uses.ts',
      "export default (req, ctx) => new Response(ctx.env['USED']);",
    );
    await request('POST', `/api/apps/${app.id}/functions/uses/deploy`);
    const changed = (await (
      await request('POST', `/api/apps/${app.id}/secrets`, {
        secrets: [{ key: 'USED', value: 'rotated-value' }],
      })
    ).json()) as SaveSecretsResponse;
    expect(changed.affectedFunctions).toEqual(['uses']);
    const deleted = await request('DELETE', `/api/apps/${app.id}/secrets/USED`);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ deleted: 'USED', affectedFunctions: ['uses'] });
    const again = await request('DELETE', `/api/apps/${app.id}/secrets/USED`);
    expect(again.status).toBe(404);
  });
  it('names a function whose deploy waited for the saved secret among the affected functions', async () => {
    const app = await createGeneratedApp(t, alice);
    await writeFile(
      t,
      alice,
      app.id,
      'functions/waits.ts',
      'export default (req, ctx) => new Response(ctx.env.LATE_KEY);',
    );
    expect((await request('POST', `/api/apps/${app.id}/functions/waits/deploy`)).status).toBe(422);
    const saved = (await (
      await request('POST', `/api/apps/${app.id}/secrets`, {
        secrets: [{ key: 'LATE_KEY', value: 'late-value' }],
      })
    ).json()) as SaveSecretsResponse;
    expect(saved.affectedFunctions).toEqual(['waits']);
    const unrelated = (await (
      await request('POST', `/api/apps/${app.id}/secrets`, {
        secrets: [{ key: 'UNRELATED', value: 'x-value' }],
      })
    ).json()) as SaveSecretsResponse;
    expect(unrelated.affectedFunctions).toEqual([]);
  });
});

describe('a secret value never leaves the secrets store', () => {
  it('is absent from every API answer, log line, version file and invocation record of the whole flow', async () => {
    const SECRET = 'sk_test_Zx8QvN3pL0Secret';
    const answers: string[] = [];
    const call = async (method: string, path: string, body?: unknown, headers = alice.headers) => {
      const res = await t.app.request(path, json(method, body, headers));
      const text = await res.text();
      answers.push(`${method} ${path} ${res.status} ${[...res.headers].join(' ')} ${text}`);
      return { status: res.status, text };
    };
    const app = await createGeneratedApp(t, alice);
    await writeFile(
      t,
      alice,
      app.id,
      'functions/charge.ts',
      [
        'export default async (req, ctx) => {',
        '  const key = ctx.env.PAYMENT_KEY;',
        "  console.log('using key', key, 'for', req.method);",
        "  console.error(new Error('rejected ' + key));",
        "  if (new URL(req.url).searchParams.get('fail')) throw new Error('charge failed with ' + key);",
        '  return Response.json({ ok: true, keyLength: key.length });',
        '};',
      ].join('\n'),
    );
    expect((await call('POST', `/api/apps/${app.id}/functions/charge/deploy`)).status).toBe(422);
    expect(
      (
        await call('POST', `/api/apps/${app.id}/secrets`, {
          secrets: [{ key: 'PAYMENT_KEY', value: SECRET, description: 'Payment key' }],
        })
      ).status,
    ).toBe(200);
    await call('GET', `/api/apps/${app.id}/secrets`);
    expect((await call('POST', `/api/apps/${app.id}/functions/charge/deploy`)).status).toBe(200);
    await markPublished(t, app.id);
    expect(
      JSON.parse((await call('POST', `/api/apps/${app.id}/functions/charge`, { amount: 1 }, {})).text),
    ).toEqual({ ok: true, keyLength: SECRET.length });
    const failed = await call('GET', `/api/apps/${app.id}/functions/charge?fail=1`, undefined, {});
    expect(failed.status).toBe(500);
    expect(JSON.parse(failed.text).error.message).toBe('charge failed with [redacted]');
    const invocations = await call('GET', `/api/apps/${app.id}/functions/charge/invocations`);
    expect(invocations.text).toContain('using key [redacted] for POST');
    await call('GET', `/api/apps/${app.id}/functions/list`);
    await call('POST', `/api/apps/${app.id}/functions/deploy`, {});
    await call('GET', `/api/apps/${app.id}/files`);
    await call('GET', `/api/apps/${app.id}/versions`);
    await call('GET', `/api/apps/${app.id}`);
    await call('GET', '/api/openapi.json', undefined, {});

    expect(answers.length).toBeGreaterThan(10);
    expect(lines.length).toBeGreaterThan(10);
    for (const answer of answers) expect(answer).not.toContain(SECRET);
    for (const line of lines) expect(line).not.toContain(SECRET);
  }, 30_000);
});
