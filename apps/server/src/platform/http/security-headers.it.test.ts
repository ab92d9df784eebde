import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { policyOfHandler, type RoutePolicy } from './route-policy.ts';

interface Registration {
  method: string;
  path: string;
  policy: RoutePolicy | undefined;
}

/**
 * The app's route registrations, from Hono's flat list of handlers: consecutive handlers of one
 * method and path, up to the one that answers (a handler that takes no `next`).
 */
function registrations(
  routes: readonly { method: string; path: string; handler: unknown }[],
): Registration[] {
  const found: Registration[] = [];
  let open = false;
  for (const [index, route] of routes.entries()) {
    const previous = routes[index - 1];
    const continues = open && previous?.method === route.method && previous.path === route.path;
    if (!continues)
      found.push({ method: route.method, path: route.path, policy: policyOfHandler(route.handler) });
    open = (route.handler as (...args: unknown[]) => unknown).length >= 2;
  }
  return found;
}

/** The app-wide middleware (app.ts `app.use`): not routes, no policy of their own. */
const APP_WIDE = new Set(['ALL /*', 'ALL /api/*']);

/** A stand-in for the built web app (apps/web/dist): an index.html and one asset. */
function fakeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-web-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><title>Atelier</title><div id="root"></div>',
  );
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets', 'main.js'), 'console.log(1);');
  return dir;
}

describe('security headers over https', () => {
  let t: TestApp;
  const dist = fakeWebDist();
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        PUBLIC_URL: 'https://atelier.example.com',
        PREVIEW_ORIGIN: 'https://preview.example.com',
        WEB_DIST_DIR: dist,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('gives the web app pages a CSP that frames only the preview origin and is never framed', async () => {
    for (const page of ['/', '/apps/some-app/editor', '/login']) {
      const res = await t.app.request(page);
      expect(res.status).toBe(200);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("img-src 'self' data: https:");
      expect(csp).toContain('frame-src https://preview.example.com');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
    }
  });

  it('sends HSTS and no-sniff on pages, assets and API answers', async () => {
    for (const url of ['/', '/assets/main.js', '/api/health']) {
      const res = await t.app.request(url);
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('has every route declare its policy, and none outside the API a rate-limit class', () => {
    const all = registrations(t.app.routes);
    const undeclared = all
      .filter((r) => !r.policy && !APP_WIDE.has(`${r.method} ${r.path}`))
      .map((r) => `${r.method} ${r.path}`);
    expect(undeclared).toEqual([]);
    const routes = all.filter((r) => r.policy);
    // The API's and the web app's routes are both walked (the sign-in ones among them).
    expect(routes.find((r) => r.path === '/api/auth/login')?.policy).toMatchObject({
      rateLimit: 'sign-in',
      csrf: 'sets-cookie',
    });
    expect(routes.find((r) => r.method === 'GET' && r.path === '/*')?.policy?.csp).toBe('web-app');
    // The rate limiter runs on /api/* only: a class elsewhere would be a promise it does not keep.
    const metered = routes.filter((r) => !r.path.startsWith('/api/') && r.policy?.rateLimit !== 'none');
    expect(metered.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('leaves the web app CSP off API answers', async () => {
    const res = await t.app.request('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBeNull();
  });
});

describe('security headers over plain http', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sends no HSTS when the public URL is http', async () => {
    const res = await t.app.request('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
