import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://localhost:${port}`;
/**
 * A second server (port + 2; its preview listener port + 3) for the specs that change the server's
 * global settings (the AI provider): they would change what the specs running beside them meet (the
 * offline assistant). They run one at a time on it, and import this as their `baseURL`.
 */
export const settingsBaseURL = `http://localhost:${port + 2}`;
const settingsSpecs = ['ai-models.spec.ts', 'chat-live.spec.ts', 'journey.spec.ts'];

/** Debian's Chromium: Playwright must not download browsers on these machines. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    // Chromium's shared memory in /tmp, not /dev/shm: a container's default 64 MB /dev/shm crashes the browser mid-test ("Target page, context or browser has been closed").
    '--disable-dev-shm-usage',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

const chromium = { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions };
const server = (listen: number) => ({
  command: 'node server.mjs',
  url: `http://localhost:${listen}/api/health`,
  env: { PORT: String(listen), HOST: '127.0.0.1' },
  reuseExistingServer: false,
  timeout: 180_000, // the first start builds nothing, but a busy 2-core machine can take a minute
  stdout: 'pipe' as const,
  stderr: 'pipe' as const,
});

export default defineConfig({
  testDir: './specs',
  // Two spec files at a time (E2E_WORKERS to change): each file signs up its own users and admin
  // (support/admin.ts), so files do not depend on each other; a file's tests run in order in one worker.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // No retries, in CI too: a flaky spec fails loudly and gets fixed.
  retries: 0,
  reporter: process.env.CI ? 'list' : [['list']],
  timeout: 30_000,
  // Two files at once share the two cores: a little more room than the default 5 s for a condition to come true.
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // The settings specs first: they run one at a time (a sixth of the suite), so queued last they
  // were the run's tail on one worker while the other idled. First, they run beside the others from the
  // start (Playwright dispatches files in the projects' order, within each project's worker limit).
  projects: [
    {
      name: 'chromium-settings',
      testMatch: settingsSpecs,
      workers: 1,
      use: { ...chromium, baseURL: settingsBaseURL },
    },
    { name: 'chromium', testIgnore: settingsSpecs, use: { ...chromium, baseURL } },
  ],
  webServer: [server(port), server(port + 2)],
});
