import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type AppDeps, createApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { disposeAppsRuntime } from '../../src/features/apps/apps.module.ts';
import { disposeFunctionsRuntime } from '../../src/features/functions/functions.module.ts';
import { createOfflineModel } from '../../src/features/offline-assistant/offline-model.ts';
import { createSecretBox } from '../../src/platform/crypto/secret-box.ts';
import { createEventBus } from '../../src/platform/events/event-bus.ts';
import { SseHub } from '../../src/platform/events/sse.ts';
import { createJobQueue } from '../../src/platform/jobs/job-queue.ts';
import { createLlm, type LlmOptions } from '../../src/platform/llm/index.ts';
import type { Logger } from '../../src/platform/logger.ts';
import { createTestDatabase, silentLogger } from './test-db.ts';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  close(): Promise<void>;
}

/** The real application on a fresh test database, for in-process `app.request()` tests. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    logger?: Logger;
    deps?: Partial<Pick<AppDeps, 'accounts' | 'apps' | 'base44Import'>>;
    /** Test seams of the AI layer (retry delays, settings cache, fetch). */
    llm?: Pick<LlmOptions, 'retry' | 'settingsTtlMs' | 'fetch'>;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    // Tests never reach the internet: the public model list is off unless a test points it at a fake.
    MODEL_CATALOGUE_URL: 'off',
    // …nor the npm registry: a test that needs packages points NPM_REGISTRY_URL at a fake registry.
    NPM_REGISTRY_URL: 'off',
    ...options.env,
  });
  const logger = options.logger ?? silentLogger;
  const database = await createTestDatabase();
  const bus = createEventBus(database, logger);
  await bus.start();
  const queue = createJobQueue(database, logger);
  const secretBox = createSecretBox({ config: { dataDir, secretsKey: config.secretsKey } });
  const llm = createLlm({
    config,
    database,
    logger,
    secretBox,
    offlineModel: createOfflineModel,
    ...options.llm,
  });
  const deps: AppDeps = { config, logger, database, bus, queue, sse: new SseHub(), llm, ...options.deps };
  return {
    app: createApp(deps),
    deps,
    async close() {
      deps.sse.closeAll();
      await disposeFunctionsRuntime(deps);
      await disposeAppsRuntime(deps);
      await queue.stop(1000);
      await bus.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** JSON request options for `app.request()`. */
export function jsonRequest(
  method: string,
  body: unknown,
  headers: Record<string, string> = {},
): RequestInit {
  return { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}
