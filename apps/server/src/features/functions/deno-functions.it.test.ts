import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { BatchDeployResponse, FunctionSchedule, FunctionsListResponse } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, type SignedIn, signUpEndUser } from '../../../test/support/accounts.ts';
import { createEntityApp } from '../../../test/support/entities.ts';
import { type FakeNpmRegistry, startFakeNpmRegistry } from '../../../test/support/fake-npm-registry.mjs';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { appsRuntime } from '../apps/apps.runtime.ts';
import { PREVIOUS_ROW_MAX_BYTES } from '../entities/entities.repo.ts';
import { functionsRuntime } from './functions.runtime.ts';
import { SCHEDULE_TICK_QUEUE } from './scheduled-runs.ts';

/**
 * Deno-style functions as Base44 exports write them (test/fixtures/deno-functions): imported in the
 * folder form, deployed, and called; each answer is the one Deno gives for the same code.
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/deno-functions');
const WEBHOOK_SECRET = 'whsec_test_0123456789';

let t: TestApp;
let registry: FakeNpmRegistry;
let weather: http.Server;
let weatherUrl: string;
let appId: string;
let owner: SignedIn;
type EndUser = Awaited<ReturnType<typeof signUpEndUser>>;
let ada: EndUser;
let bea: EndUser;

/** The fixtures as app files: `functions/<name>/index.ts` and `function.jsonc`. */
function fixtureFiles(): { path: string; content: string }[] {
  const files: { path: string; content: string }[] = [];
  for (const name of fs.readdirSync(FIXTURES)) {
    const folder = path.join(FIXTURES, name);
    if (!fs.statSync(folder).isDirectory()) continue;
    for (const file of fs.readdirSync(folder)) {
      files.push({
        path: `functions/${name}/${file}`,
        content: fs.readFileSync(path.join(folder, file), 'utf8'),
      });
    }
  }
  return files;
}

const call = (
  name: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
) =>
  t.app.request(`/api/apps/${appId}/functions/${name}${init.method === 'GET' ? '?city=Z%C3%BCrich' : ''}`, {
    method: init.method ?? 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    body:
      init.method === 'GET'
        ? undefined
        : typeof init.body === 'string'
          ? init.body
          : JSON.stringify(init.body ?? {}),
  });

async function deployAll(): Promise<BatchDeployResponse> {
  const res = await t.app.request(`/api/apps/${appId}/functions/deploy`, json('POST', {}, owner.headers));
  expect(res.status).toBe(200);
  return (await res.json()) as BatchDeployResponse;
}

async function setSecrets(secrets: Record<string, string>) {
  const res = await t.app.request(
    `/api/apps/${appId}/secrets`,
    json('POST', { secrets: Object.entries(secrets).map(([key, value]) => ({ key, value })) }, owner.headers),
  );
  expect(res.status).toBe(200);
}

async function createOrder(who: EndUser, data: Record<string, unknown>): Promise<{ id: string }> {
  const res = await t.app.request(`/api/apps/${appId}/entities/Order`, json('POST', data, who.headers));
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string };
}

beforeAll(async () => {
  const esm = (code: string) => ({
    files: { 'index.mjs': code },
    manifest: { main: 'index.mjs', type: 'module' },
  });
  registry = await startFakeNpmRegistry({
    'tiny-greet': {
      '1.4.0': {
        ...esm('import { shout } from "tiny-shout"; export const greet = (n) => shout("hello " + n);'),
        dependencies: { 'tiny-shout': '^1.0.0' },
      },
    },
    'tiny-shout': { '1.0.1': esm('export const shout = (s) => s.toUpperCase() + "!";') },
  });
  weather = http.createServer((req, res) => {
    const city = new URL(req.url ?? '/', 'http://x').searchParams.get('city');
    if (req.headers.authorization !== 'Bearer wk-secret-1') {
      res.writeHead(401).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ city, temp_c: 21.5 }));
  });
  await new Promise<void>((resolve) => weather.listen(0, '127.0.0.1', resolve));
  weatherUrl = `http://127.0.0.1:${(weather.address() as AddressInfo).port}`;
  t = await createTestApp({
    env: { FUNCTION_RUNNERS: '1', NET_ALLOW_LOOPBACK: 'true', NPM_REGISTRY_URL: registry.url },
  });
  ({ appId, owner } = await createEntityApp(t, 'builder@example.com', {
    Order: {
      properties: { item: { type: 'string' }, total: { type: 'number' }, status: { type: 'string' } },
      rls: {
        create: true,
        read: { created_by: '{{user.email}}' },
        update: { created_by: '{{user.email}}' },
        delete: false,
      },
    },
    AuditLog: {
      properties: { action: { type: 'string' }, record_id: { type: 'string' }, detail: { type: 'string' } },
      rls: { create: false, read: false, update: false, delete: false },
    },
  }));
  await appsRuntime(t.deps).versions.createVersion({ userId: owner.user.id }, appId, {
    changes: fixtureFiles().map((file) => ({ op: 'upsert' as const, ...file })),
    description: 'Imported functions',
  });
  ada = await signUpEndUser(t, appId, 'ada@example.com');
  bea = await signUpEndUser(t, appId, 'bea@example.com');
}, 120_000);
afterAll(async () => {
  await t.close();
  await registry.close();
  await new Promise((resolve) => weather.close(resolve));
});

describe('Deno-style functions (Base44 exports)', () => {
  it('deploys the folder form; reports the Deno.env secrets it reads; builds npm: imports from the cache', async () => {
    const first = await deployAll();
    const byName = Object.fromEntries(first.results.map((result) => [result.name, result]));
    expect(Object.keys(byName).sort()).toEqual([
      'greet-npm',
      'my-orders',
      'on-order-created',
      'order-digest',
      'order-stats',
      'stripe-webhook',
      'upload',
      'weather',
    ]);
    expect(byName['stripe-webhook']?.error).toMatchObject({ missingSecrets: ['STRIPE_WEBHOOK_SECRET'] });
    expect(byName.weather?.error).toMatchObject({ missingSecrets: ['WEATHER_API_KEY', 'WEATHER_API_URL'] });
    // BASE44_APP_ID / BASE44_SERVICE_TOKEN are provided, not secrets to set.
    expect(byName['greet-npm']).toMatchObject({ ok: true });
    await setSecrets({
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      WEATHER_API_URL: weatherUrl,
      WEATHER_API_KEY: 'wk-secret-1',
    });
    const second = await deployAll();
    expect(second).toMatchObject({ outcome: 'success', deployed: 8 });
  });

  it('runs Deno.serve handlers: caller-bound client, its access rules, and the service role beside it', async () => {
    await createOrder(ada, { item: 'Lamp', total: 40, status: 'open' });
    await createOrder(ada, { item: 'Desk', total: 250, status: 'open' });
    await createOrder(bea, { item: 'Chair', total: 90, status: 'open' });

    const mine = await call('my-orders', { headers: ada.headers, body: { status: 'open' } });
    expect(mine.status).toBe(200);
    expect(await mine.json()).toEqual({
      email: 'ada@example.com',
      orders: [
        { item: 'Desk', total: 250, created_by: 'ada@example.com' },
        { item: 'Lamp', total: 40, created_by: 'ada@example.com' },
      ],
    });
    // No caller: auth.me() fails with 401, which the function answers.
    const anonymous = await call('my-orders', { body: { status: 'open' } });
    expect(anonymous.status).toBe(401);

    const stats = await call('order-stats', { headers: bea.headers });
    expect(await stats.json()).toEqual({ mine: 1, all: 3, biggest: 250, revenue: 0 });
  });

  it('verifies a webhook HMAC with crypto.subtle and updates through the service role', async () => {
    const order = await createOrder(ada, { item: 'Rug', total: 120, status: 'open' });
    const body = JSON.stringify({
      type: 'checkout.session.completed',
      data: { object: { metadata: { order_id: order.id } } },
    });
    const timestamp = '1700000000';
    const v1 = createHmac('sha256', WEBHOOK_SECRET).update(`${timestamp}.${body}`).digest('hex');
    const forged = await call('stripe-webhook', {
      body,
      headers: { 'stripe-signature': `t=${timestamp},v1=${'0'.repeat(64)}` },
    });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ error: 'Invalid signature' });
    const get = await call('stripe-webhook', { method: 'GET' });
    expect(get.status).toBe(405);
    expect(await get.text()).toBe('Method Not Allowed');

    const paid = await call('stripe-webhook', {
      body,
      headers: { 'stripe-signature': `t=${timestamp},v1=${v1}` },
    });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toEqual({ received: true, order_id: order.id, status: 'paid' });
    const stats = await call('order-stats', { headers: ada.headers });
    expect(await stats.json()).toMatchObject({ revenue: 120 });
  });

  it('calls an outside API with fetch, secrets from Deno.env, timers and web globals', async () => {
    const res = await call('weather', { method: 'GET' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('max-age=60');
    expect(await res.json()).toEqual({
      city: 'Zürich',
      celsius: 21.5,
      waited: true,
      encoded: btoa('Zürich'),
    });
  });

  it('reads multipart bodies with req.formData() (File, Blob, FormData)', async () => {
    const form = new FormData();
    form.append('note', 'Grüße');
    form.append('file', new File(['hello ünïcode'], 'hello.txt', { type: 'text/plain' }));
    const res = await t.app.request(`/api/apps/${appId}/functions/upload`, { method: 'POST', body: form });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      note: 'Grüße',
      name: 'hello.txt',
      type: 'text/plain',
      size: Buffer.byteLength('hello ünïcode'),
      text: 'hello ünïcode',
      copy: { name: 'copy-hello.txt', text: 'HELLO ÜNÏCODE' },
    });
  });

  it('runs the entity hooks of function.jsonc after creates, updates and deletes with the record before (not the inactive hook)', async () => {
    const audit = async () => {
      const res = await t.app.request(`/api/apps/${appId}/entities/AuditLog?sort=createdAt&limit=50`, {
        headers: owner.headers,
      });
      const rows = (await res.json()) as { action: string; detail: string | null }[];
      return rows.map((row) => `${row.action} ${row.detail}`);
    };
    // The orders of the tests above, and the webhook's update of the rug.
    await expect
      .poll(audit, { timeout: 15_000 })
      .toEqual(
        expect.arrayContaining([
          'Order.create Lamp: open',
          'Order.create Desk: open',
          'Order.create Chair: open',
          'Order.create Rug: open',
          'Order.update Rug: open -> paid',
        ]),
      );
    const before = (await audit()).length;
    const vase = await createOrder(bea, { item: 'Vase', total: 15, status: 'open' });
    await expect.poll(audit, { timeout: 15_000 }).toContain('Order.create Vase: open');
    const removed = await t.app.request(`/api/apps/${appId}/entities/Order/${vase.id}`, {
      method: 'DELETE',
      headers: owner.headers,
    });
    expect(removed.status).toBe(204);
    await expect.poll(audit, { timeout: 15_000 }).toContain('Order.delete Vase (was open)');
    await createOrder(bea, { item: 'Mirror', total: 60, status: 'open' });
    await expect.poll(audit, { timeout: 15_000 }).toContain('Order.create Mirror: open');
    const after = await audit();
    expect(after.slice(before).sort()).toEqual([
      'Order.create Mirror: open',
      'Order.create Vase: open',
      'Order.delete Vase (was open)',
    ]);
    // Each run is recorded once it has answered (after its write): wait for the last record.
    const runs = async () => {
      const res = await t.app.request(`/api/apps/${appId}/functions/on-order-created/invocations?limit=50`, {
        headers: owner.headers,
      });
      const { invocations } = (await res.json()) as { invocations: { trigger: string; status: string }[] };
      return invocations.map((run) => `${run.trigger} ${run.status}`);
    };
    await expect.poll(runs, { timeout: 15_000 }).toEqual(after.map(() => 'entity success'));
  });

  it('runs npm: packages and the service client of createClient({ appId, serviceToken })', async () => {
    const res = await call('greet-npm', { body: { name: 'ada' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { text: string; orders: number; env: string[] };
    expect(body.text).toBe('HELLO ADA!');
    expect(body.orders).toBe(5);
    expect(body.env).toEqual(
      expect.arrayContaining(['BASE44_APP_ID', 'BASE44_SERVICE_TOKEN', 'STRIPE_WEBHOOK_SECRET']),
    );
  });

  it("gives hooks old_data up to the change signal's bound; past it, null with payload_too_large", async () => {
    const audit = async () => {
      const res = await t.app.request(`/api/apps/${appId}/entities/AuditLog?limit=100`, {
        headers: owner.headers,
      });
      return ((await res.json()) as { action: string; detail: string }[]).map(
        (row) => `${row.action} ${row.detail}`,
      );
    };
    const poster = await createOrder(bea, {
      item: `Poster ${'x'.repeat(PREVIOUS_ROW_MAX_BYTES)}`,
      total: 5,
      status: 'open',
    });
    await expect.poll(audit, { timeout: 15_000 }).toContain('Order.create Poster xxxxx: open');
    const update = async (id: string, status: string) => {
      const res = await t.app.request(
        `/api/apps/${appId}/entities/Order/${id}`,
        json('PATCH', { status }, bea.headers),
      );
      expect(res.status).toBe(200);
    };
    await update(poster.id, 'sold');
    await expect
      .poll(audit, { timeout: 15_000 })
      .toContain('Order.update Poster xxxxx: sold (before: too large)');
  });

  it('runs scheduled automations once per due time as the service role; pauses, resumes, and drops them with the function', async () => {
    const runtime = functionsRuntime(t.deps);
    const schedule = async () => {
      const res = await t.app.request(`/api/apps/${appId}/functions/list`, { headers: owner.headers });
      const list = (await res.json()) as FunctionsListResponse;
      return list.functions.find((fn) => fn.name === 'order-digest')?.schedules[0] as FunctionSchedule;
    };
    const first = await schedule();
    expect(first).toMatchObject({
      automation: 'New year digest',
      cron: '0 6 1 1 *',
      paused: false,
      runCount: 0,
      lastRunAt: null,
      lastStatus: null,
    });
    expect(first.nextRunAt).toMatch(/^\d{4}-01-01T06:00:00\.000Z$/);
    // pg-boss's clock sends the minute tick (one per minute across instances).
    const ticks = await t.deps.queue.boss.getSchedules();
    expect(ticks).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: SCHEDULE_TICK_QUEUE, cron: '* * * * *' })]),
    );
    const digests = async () => {
      const res = await t.app.request(`/api/apps/${appId}/entities/AuditLog?limit=100`, {
        headers: owner.headers,
      });
      return ((await res.json()) as { action: string; detail: string }[])
        .filter((row) => row.action === 'digest')
        .map((row) => row.detail);
    };
    // Two ticks at the due time (two instances at once): one run.
    const due = new Date(first.nextRunAt!);
    await Promise.all([runtime.schedules.tick(due), runtime.schedules.tick(due)]);
    await expect.poll(async () => (await schedule()).lastStatus, { timeout: 15_000 }).toBe('success');
    expect(await digests()).toEqual(['digest: 6 orders']);
    const ran = await schedule();
    expect(ran).toMatchObject({ runCount: 1, paused: false });
    expect(ran.lastRunAt).not.toBeNull();
    expect(new Date(ran.nextRunAt!).getTime()).toBeGreaterThan(due.getTime());
    const invocations = await t.app.request(`/api/apps/${appId}/functions/order-digest/invocations`, {
      headers: owner.headers,
    });
    expect(((await invocations.json()) as { invocations: { trigger: string }[] }).invocations).toEqual([
      expect.objectContaining({ trigger: 'schedule', status: 'success' }),
    ]);

    // Paused: no next run, a tick far ahead runs nothing; resumed: it has one again.
    const patch = async (paused: boolean, id = ran.id) =>
      await t.app.request(
        `/api/apps/${appId}/functions/order-digest/schedules/${id}`,
        json('PATCH', { paused }, owner.headers),
      );
    const paused = await patch(true);
    expect(paused.status).toBe(200);
    expect(((await paused.json()) as { schedule: FunctionSchedule }).schedule).toMatchObject({
      paused: true,
      nextRunAt: null,
    });
    await runtime.schedules.tick(new Date(Date.UTC(2100, 0, 2)));
    expect((await patch(true, 'no-such-schedule')).status).toBe(404);
    expect(await (await patch(false)).json()).toMatchObject({
      schedule: { paused: false, nextRunAt: expect.stringMatching(/-01-01T06:00:00\.000Z$/) },
    });
    expect((await schedule()).runCount).toBe(1);
    expect(await digests()).toHaveLength(1);
    // An end user of the app cannot touch it.
    const other = await signUpEndUser(t, appId, 'cara@example.com');
    const foreign = await t.app.request(
      `/api/apps/${appId}/functions/order-digest/schedules/${ran.id}`,
      json('PATCH', { paused: false }, other.headers),
    );
    expect([401, 403, 404]).toContain(foreign.status);

    // The function's file deleted in the code editor: its schedule goes with it.
    const files = (await (
      await t.app.request(`/api/apps/${appId}/files`, { headers: owner.headers })
    ).json()) as {
      files: { id: string; path: string }[];
    };
    const entry = files.files.find((file) => file.path === 'functions/order-digest/index.ts')!;
    const deleted = await t.app.request(
      `/api/apps/${appId}/files/delete`,
      json('POST', { fileId: entry.id }, owner.headers),
    );
    expect(deleted.status).toBe(200);
    expect((await runtime.schedules.repo.list(appId)).map((row) => row.name)).not.toContain('order-digest');
    // One whose function left the app another way (a version without it): gone at its due time, not run.
    await runtime.schedules.repo.sync(appId, 'ghost', [{ name: 'Ghost', cron: '0 6 1 1 *' }], new Date());
    expect((await runtime.schedules.repo.list(appId)).map((row) => row.name)).toContain('ghost');
    await runtime.schedules.tick(new Date(Date.UTC(2100, 0, 2)));
    expect((await runtime.schedules.repo.list(appId)).map((row) => row.name)).not.toContain('ghost');
    expect(await digests()).toHaveLength(1);
  });
});
