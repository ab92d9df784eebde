import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { App, AppDeps } from '../../src/app.ts';
import type { Logger } from '../../src/platform/logger.ts';
import { findRepoRoot } from '../../src/platform/paths.ts';
import { createServices, type Services, type ServicesOptions } from '../../src/services.ts';
import { testConfig } from './test-config.ts';
import { createTestDatabase, silentLogger } from './test-db.ts';

export { testConfig };

export interface TestApp {
  app: App;
  deps: AppDeps;
  /** The services the app runs on (start(): the job queue and the background runners). */
  services: Services;
  close(): Promise<void>;
}

/** The real application (createServices) on a fresh test database, for in-process `app.request()` tests. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    logger?: Logger;
    deps?: ServicesOptions['seams'];
    /** Test seams of the AI layer (retry delays, settings cache, fetch). */
    llm?: ServicesOptions['llm'];
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-test-'));
  shareVendorCache(dataDir);
  const config = testConfig(dataDir, options.env);
  const services = await createServices(config, {
    logger: options.logger ?? silentLogger,
    database: await createTestDatabase(),
    seams: options.deps,
    llm: options.llm,
  });
  return {
    app: services.app,
    deps: services.deps,
    services,
    async close() {
      // Running jobs get a second to finish: the queue stops before the database closes.
      await services.close(1000);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The generated apps' vendor modules (features/compile/vendor), built once for every test app and
 * run: each app's DATA_DIR/cache/preview-vendor links to one directory, where the modules are kept
 * under the set's build key and written atomically, as for servers sharing a cache. A test app that
 * compiles an app otherwise built the whole set again (lucide-react, react-dom…: seconds of CPU).
 * Removing the data directory removes the link, not the modules.
 */
function shareVendorCache(dataDir: string) {
  const shared = path.join(findRepoRoot(), 'node_modules', '.cache', 'test-preview-vendor');
  fs.mkdirSync(shared, { recursive: true });
  fs.mkdirSync(path.join(dataDir, 'cache'));
  fs.symlinkSync(shared, path.join(dataDir, 'cache', 'preview-vendor'), 'dir');
}

/** JSON request options for `app.request()`. */
export function jsonRequest(
  method: string,
  body: unknown,
  headers: Record<string, string> = {},
): RequestInit {
  return { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}
