import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FunctionPool, type InvokeRequest, type InvokeResult } from './index.ts';

// Spawning runners (tsx + isolated-vm) takes a moment on a busy machine.
const SLOW = 60_000;

const handler = (body: string) => `globalThis.__atelierHandler = ${body};`;
const request = (
  url = 'https://fn.test/api/apps/a1/functions/f',
  init: Partial<InvokeRequest['request']> = {},
) => ({
  method: 'POST',
  url,
  headers: [['content-type', 'application/json']] as [string, string][],
  body: new TextEncoder().encode('{"name":"Ada"}'),
  ...init,
});
let keyCounter = 0;
const key = (label: string) => `${label}-${++keyCounter}`;

function bodyText(result: InvokeResult): string {
  if (!result.outcome.ok)
    throw new Error(`invocation failed: ${result.outcome.kind} ${result.outcome.message}`);
  return new TextDecoder().decode(result.outcome.response.body ?? new Uint8Array());
}

describe('function runtime (isolated-vm pool)', () => {
  let pool: FunctionPool;
  let publicOnly: FunctionPool;
  let server: http.Server;
  let origin = '';

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const target = new URL(req.url ?? '/', 'http://x').searchParams.get('to');
      if (target) {
        res.writeHead(302, { location: target }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`hello from ${req.url}`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    pool = new FunctionPool({ size: 2, allowLoopback: true, graceMs: 1_000 });
    publicOnly = new FunctionPool({ size: 1 });
    await Promise.all([pool.warmUp(), publicOnly.warmUp()]);
  }, SLOW);

  afterAll(async () => {
    await Promise.all([pool?.close(), publicOnly?.close()]);
    server?.close();
  });

  it(
    'runs a web-standard handler with the request, env and captured console',
    async () => {
      const result = await pool.invoke({
        key: key('echo'),
        env: { GREETING: 'Hello' },
        code: handler(`async (req, ctx) => {
        const { name } = await req.json();
        const url = new URL(req.url);
        console.log('greeting', name, { n: 1 });
        console.error('careful');
        return Response.json(
          { text: ctx.env.GREETING + ', ' + name, path: url.pathname, id: crypto.randomUUID().length,
            bytes: new TextEncoder().encode('é').length, type: req.headers.get('content-type') },
          { status: 201, headers: { 'x-fn': 'yes' } },
        );
      }`),
        request: request(),
      });
      expect(JSON.parse(bodyText(result))).toEqual({
        text: 'Hello, Ada',
        path: '/api/apps/a1/functions/f',
        id: 36,
        bytes: 2,
        type: 'application/json',
      });
      expect(result.outcome.ok && result.outcome.response.status).toBe(201);
      expect(result.outcome.ok && result.outcome.response.headers).toContainEqual(['x-fn', 'yes']);
      expect(result.logs.map(({ level, message }) => ({ level, message }))).toEqual([
        { level: 'info', message: 'greeting Ada {"n":1}' },
        { level: 'error', message: 'careful' },
      ]);
    },
    SLOW,
  );

  it(
    'reuses a warm isolate for the same deployment and answers the same result',
    async () => {
      const k = key('warm');
      const code = handler(
        `() => { globalThis.count = (globalThis.count || 0) + 1; return new Response(String(globalThis.count)); }`,
      );
      const first = await pool.invoke({ key: k, code, env: {}, request: request() });
      const second = await pool.invoke({ key: k, code, env: {}, request: request() });
      expect(first.cold).toBe(true);
      expect(second.cold).toBe(false);
      expect([bodyText(first), bodyText(second)]).toEqual(['1', '2']);
    },
    SLOW,
  );

  it(
    'stops a function that loops forever at the CPU limit, and the pool keeps serving',
    async () => {
      const started = performance.now();
      const looping = await pool.invoke({
        key: key('loop'),
        code: handler('() => { while (true) {} }'),
        env: {},
        request: request(),
        limits: { cpuMs: 300 },
      });
      expect(looping.outcome).toMatchObject({ ok: false, kind: 'timeout' });
      expect(performance.now() - started).toBeLessThan(5_000);
      const after = await pool.invoke({
        key: key('after'),
        code: handler(`() => new Response('alive')`),
        env: {},
        request: request(),
      });
      expect(bodyText(after)).toBe('alive');
    },
    SLOW,
  );

  it(
    'stops a loop that starts after an await, and a handler that never answers at the wall limit',
    async () => {
      const asyncLoop = await pool.invoke({
        key: key('async-loop'),
        code: handler(`async () => { await new Promise((r) => setTimeout(r, 5)); while (true) {} }`),
        env: {},
        request: request(),
        limits: { cpuMs: 300 },
      });
      expect(asyncLoop.outcome).toMatchObject({ ok: false, kind: 'timeout' });
      const hanging = await pool.invoke({
        key: key('hang'),
        code: handler('() => new Promise(() => {})'),
        env: {},
        request: request(),
        limits: { wallMs: 400 },
      });
      expect(hanging.outcome).toMatchObject({ ok: false, kind: 'timeout' });
    },
    SLOW,
  );

  it(
    'stops a function that allocates past its memory limit',
    async () => {
      const result = await pool.invoke({
        key: key('memory'),
        code: handler('() => { const keep = []; while (true) keep.push(new Array(100000).fill(1.5)); }'),
        env: {},
        request: request(),
      });
      expect(result.outcome).toMatchObject({ ok: false, kind: 'memory' });
      expect(result.outcome.ok === false && result.outcome.message).toContain('128 MB');
      const after = await pool.invoke({
        key: key('after-mem'),
        code: handler(`() => new Response('ok')`),
        env: {},
        request: request(),
      });
      expect(bodyText(after)).toBe('ok');
    },
    SLOW,
  );

  it(
    'fails an answer with more headers than ANSWER_HEADER_LIMITS instead of handing them to the server',
    async () => {
      const result = await pool.invoke({
        key: key('headers'),
        code: handler(
          `() => { const h = new Headers(); for (let i = 0; i < 5000; i++) h.append('x-h' + i, 'v'); return new Response('ok', { headers: h }); }`,
        ),
        env: {},
        request: request(),
      });
      expect(result.outcome).toMatchObject({ ok: false, kind: 'error' });
      expect(result.outcome.ok === false && result.outcome.message).toMatch(
        /^The function answered 5001 headers \(\d+ bytes\); at most 100 headers of 64 KB in all$/,
      );
    },
    SLOW,
  );

  it(
    'gives a function no process, require, module loader, file system or bundle helpers; web classes keep their names',
    async () => {
      const result = await pool.invoke({
        key: key('node'),
        code: handler(`async () => {
        let imported = 'no error';
        try { await import('node:fs'); } catch (error) { imported = 'refused'; }
        return Response.json({
          process: typeof process, require: typeof require, module: typeof module, Buffer: typeof Buffer,
          fs: typeof fs, global: typeof global, bridge: Object.getOwnPropertyNames(globalThis).filter((n) => n.startsWith('__ab_')),
          imported, bundleHelpers: typeof __name + ' ' + typeof __defProp,
          names: [URL, URLSearchParams, Headers, Request, Response, Blob, File, FormData, TextEncoder].map((c) => c.name),
        });
      }`),
        env: {},
        request: request(),
      });
      expect(JSON.parse(bodyText(result))).toEqual({
        process: 'undefined',
        require: 'undefined',
        module: 'undefined',
        Buffer: 'undefined',
        fs: 'undefined',
        global: 'undefined',
        bridge: [],
        imported: 'refused',
        // The prelude is one bundled script: its helpers stay inside it, its classes keep their names.
        bundleHelpers: 'undefined undefined',
        names: [
          'URL',
          'URLSearchParams',
          'Headers',
          'Request',
          'Response',
          'Blob',
          'File',
          'FormData',
          'TextEncoder',
        ],
      });
    },
    SLOW,
  );

  it(
    "never lets one app read another app's secrets, through env or globals",
    async () => {
      const appA = await pool.invoke({
        key: key('app-a'),
        code: handler(
          `(req, ctx) => { globalThis.stolen = ctx.env.API_KEY; return new Response(ctx.env.API_KEY); }`,
        ),
        env: { API_KEY: 'sk-app-a-secret' },
        request: request(),
      });
      expect(bodyText(appA)).toBe('sk-app-a-secret');
      const appB = await pool.invoke({
        key: key('app-b'),
        code: handler(`(req, ctx) => Response.json({ env: ctx.env, stolen: globalThis.stolen ?? null })`),
        env: { OTHER: 'b' },
        request: request(),
      });
      expect(JSON.parse(bodyText(appB))).toEqual({ env: { OTHER: 'b' }, stolen: null });
    },
    SLOW,
  );

  it(
    'fetches public-policy URLs through the host (loopback allowed only in this test pool)',
    async () => {
      const result = await pool.invoke({
        key: key('fetch'),
        code: handler(`async (req) => {
        const answer = await fetch(${JSON.stringify(`${origin}/data`)});
        return new Response(answer.status + ' ' + (await answer.text()));
      }`),
        env: {},
        request: request(),
      });
      expect(bodyText(result)).toBe('200 hello from /data');
    },
    SLOW,
  );

  const fetchProbe = (target: string) =>
    handler(`async () => {
      try { const r = await fetch(${JSON.stringify(target)}); return new Response('reached ' + r.status); }
      catch (error) { return new Response('refused: ' + error.message); }
    }`);

  it.each([
    'http://127.0.0.1:8080/',
    'http://10.0.0.1/',
    'http://10.255.1.2:8080/x',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::1]/',
    'http://localhost:8080/',
  ])(
    'refuses to fetch %s',
    async (target) => {
      const result = await publicOnly.invoke({
        key: key('ssrf'),
        code: fetchProbe(target),
        env: {},
        request: request(),
      });
      expect(bodyText(result)).toMatch(/^refused: fetch failed: This address is not allowed$/);
    },
    SLOW,
  );

  it.each([
    'http://10.0.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::ffff:10.0.0.1]/',
    'http://[::ffff:169.254.169.254]/',
  ])(
    'refuses a redirect to %s',
    async (target) => {
      const start = `${origin}/redirect?to=${encodeURIComponent(target)}`;
      const result = await pool.invoke({
        key: key('redirect'),
        code: fetchProbe(start),
        env: {},
        request: request(),
      });
      expect(bodyText(result)).toMatch(/^refused: fetch failed: This address is not allowed$/);
    },
    SLOW,
  );

  it(
    'answers a crash when its runner dies mid-invocation, then replaces the runner',
    async () => {
      const small = new FunctionPool({ size: 1 });
      try {
        await small.warmUp();
        const [pid] = small.pids();
        const pending = small.invoke({
          key: key('crash'),
          code: handler('() => new Promise(() => {})'),
          env: {},
          request: request(),
          limits: { wallMs: 20_000 },
        });
        setTimeout(() => process.kill(pid!, 'SIGKILL'), 200);
        const result = await pending;
        expect(result.outcome).toMatchObject({ ok: false, kind: 'crash' });
        const after = await small.invoke({
          key: key('after-crash'),
          code: handler(`() => new Response('back')`),
          env: {},
          request: request(),
        });
        expect(bodyText(after)).toBe('back');
        expect(small.restarts).toBe(1);
        expect(small.pids()).not.toContain(pid);
      } finally {
        await small.close();
      }
    },
    SLOW,
  );

  it(
    'kills and replaces a runner that stops answering',
    async () => {
      const small = new FunctionPool({ size: 1, graceMs: 300 });
      try {
        await small.warmUp();
        const [pid] = small.pids();
        process.kill(pid!, 'SIGSTOP');
        const result = await small.invoke({
          key: key('frozen'),
          code: handler(`() => new Response('never')`),
          env: {},
          request: request(),
          limits: { wallMs: 300 },
        });
        expect(result.outcome).toMatchObject({ ok: false, kind: 'timeout' });
        const after = await small.invoke({
          key: key('thawed'),
          code: handler(`() => new Response('fresh')`),
          env: {},
          request: request(),
        });
        expect(bodyText(after)).toBe('fresh');
      } finally {
        await small.close();
      }
    },
    SLOW,
  );

  it(
    'reports a thrown error and a handler that returns no Response',
    async () => {
      const thrown = await pool.invoke({
        key: key('throw'),
        code: handler(`() => { throw new Error('boom'); }`),
        env: {},
        request: request(),
      });
      expect(thrown.outcome).toEqual({ ok: false, kind: 'error', message: 'boom' });
      const wrong = await pool.invoke({
        key: key('wrong'),
        code: handler(`() => ({ hello: 1 })`),
        env: {},
        request: request(),
      });
      expect(wrong.outcome).toMatchObject({ ok: false, kind: 'error' });
      expect(wrong.outcome.ok === false && wrong.outcome.message).toContain('must return a Response');
    },
    SLOW,
  );

  it(
    'answers a ctx.sdk call through the server callback, for the caller and the service role',
    async () => {
      const calls: unknown[] = [];
      const result = await pool.invoke({
        key: key('sdk'),
        code: handler(`async (req, ctx) => {
        const mine = await ctx.sdk.entities.Task.list('-createdAt', 5);
        const all = await ctx.sdk.asServiceRole.entities.Task.filter({ done: false });
        return Response.json({ mine, all });
      }`),
        env: {},
        request: request(),
        onSdkCall: async (call) => {
          calls.push(call);
          return { ok: true, body: [call.role] };
        },
      });
      expect(JSON.parse(bodyText(result))).toEqual({ mine: ['caller'], all: ['service'] });
      expect(calls).toEqual([
        {
          role: 'caller',
          method: 'GET',
          path: ['entities', 'Task'],
          query: { sort: '-createdAt', limit: 5 },
        },
        { role: 'service', method: 'GET', path: ['entities', 'Task'], query: { q: '{"done":false}' } },
      ]);
    },
    SLOW,
  );
});
