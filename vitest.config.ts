import { defineConfig } from 'vitest/config';

const integrationInclude = ['apps/**/*.it.test.ts', 'packages/**/*.it.test.ts'];
/**
 * Integration files share a worker's module graph too (no per-file re-import of the whole server:
 * that import was most of the suite's time): each file builds its own test app and database, and
 * restores what it changes (spies, the constants it lowers).
 */
const integrationShared = { isolate: false, testTimeout: 30_000, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    // Both cores (vitest's default leaves one idle on a 2-core machine): the integration suites wait on
    // PostgreSQL and on child processes much of the time, so two workers nearly halve the run.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['apps/server/src/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
          exclude: ['**/*.it.test.ts', '**/node_modules/**'],
          environment: 'node',
          // Pure tests (no module mocks; timers and globals restored): files share a worker's module
          // graph instead of re-importing it per file.
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          isolate: false,
          passWithNoTests: true,
        },
      },
      {
        test: {
          name: 'integration-pglite',
          include: integrationInclude,
          env: { TEST_DB: 'pglite' },
          globalSetup: ['apps/server/test/support/pglite-global-setup.ts'],
          ...integrationShared,
        },
      },
      {
        test: {
          name: 'integration-postgres',
          include: integrationInclude,
          env: { TEST_DB: 'postgres' },
          globalSetup: ['apps/server/test/support/postgres-global-setup.ts'],
          ...integrationShared,
        },
      },
    ],
  },
});
