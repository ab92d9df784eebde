import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/support/test-config.ts';
import { createServerDatabase, silentLogger, testDbKind } from '../../../test/support/test-db.ts';
import { startServer } from '../../server.ts';

// The embedded engine is enough here: this is about the second listener, not the database.
describe.runIf(testDbKind === 'pglite')('the preview listener', () => {
  it('starts beside the main one on its own port, serves only previews, and stops with it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-preview-'));
    await createServerDatabase(dataDir);
    const config = testConfig(dataDir, { HOST: '127.0.0.1', PORT: '0' });
    const server = await startServer(config, silentLogger);
    try {
      const previewUrl = new URL(config.preview.origin);
      expect(previewUrl.port).not.toBe(String(server.port));
      const preview = `http://127.0.0.1:${previewUrl.port}`;
      expect((await fetch(`${preview}/preview/some-app`)).status).toBe(401);
      expect((await fetch(`${preview}/api/health`)).status).toBe(404);
      // An imported app's `base44.auth.logout()` returns to the previewed page, never elsewhere.
      const page = `${preview}/preview/some-app?version=v1&token=t`;
      const logout = (from: string) =>
        fetch(`${preview}/api/apps/auth/logout?from_url=${encodeURIComponent(from)}`, { redirect: 'manual' });
      const back = await logout(page);
      expect(back.status).toBe(302);
      expect(back.headers.get('location')).toBe(page);
      expect((await logout('https://elsewhere.example/')).status).toBe(404);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    await expect(
      fetch(`http://127.0.0.1:${new URL(config.preview.origin).port}/preview/x`),
    ).rejects.toThrow();
  }, 120_000); // starts a real server process from source (tsx): slow on a busy 2-core machine
});
