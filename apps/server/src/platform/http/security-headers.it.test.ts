import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

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
