/**
 * Debian's Chromium as the server's browser tests and the benchmarks launch it (Playwright downloads
 * no browser on these machines; e2e/playwright.config.ts has its own, with Playwright's settings).
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    // Shared memory in /tmp, not /dev/shm (a container's is often 64 MB).
    '--disable-dev-shm-usage',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
