import path from 'node:path';
import { loadConfig } from '../../src/config.ts';

/**
 * A test server's configuration on `dataDir`, with `env` over the defaults (its own module, so the AI
 * layer's harness reads it without importing the whole application).
 */
export function testConfig(dataDir: string, env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    // Tests never reach the internet: the public model list is off unless a test points it at a fake.
    MODEL_CATALOGUE_URL: 'off',
    // …nor the npm registry: a test that needs packages points NPM_REGISTRY_URL at a fake registry.
    NPM_REGISTRY_URL: 'off',
    ...env,
  });
}
