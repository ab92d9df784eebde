import type { Page } from '@playwright/test';

/**
 * The console errors the page logs from now on (the array fills as they come), leaving out the
 * browser's "Failed to load resource" lines: the 4xx answers a flow provokes on purpose.
 */
export function consoleErrorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text()))
      errors.push(message.text());
  });
  return errors;
}
