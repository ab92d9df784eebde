import type { Page } from '@playwright/test';
import { signUpVerified } from './accounts.ts';

/**
 * Admins of the e2e server (ADMIN_EMAILS in e2e/server.mjs). Code writes by a builder are
 * admin-only (spec 1 §5–§6), so specs that write files directly sign in as one of these. One admin
 * per spec file: the files run in two workers at once (playwright.config.ts), and two files signing
 * up the same address at the same moment would race.
 */
export const E2E_ADMINS = {
  apps: 'e2e-apps-admin@example.com',
  functions: 'e2e-functions-admin@example.com',
  database: 'e2e-database-admin@example.com',
  settings: 'e2e-settings-admin@example.com',
  users: 'e2e-users-admin@example.com',
  base44: 'e2e-base44-admin@example.com',
  /** Switches an imported app's settings (specs/base44-login.spec.ts): settings need a plan above lite. */
  base44Login: 'e2e-base44-login-admin@example.com',
  scale: 'e2e-scale-admin@example.com',
  space: 'e2e-space-admin@example.com',
  chat: 'e2e-chat-admin@example.com',
  published: 'e2e-published-admin@example.com',
  /** Points the AI models settings at the fake provider (specs/journey.spec.ts). */
  journey: 'e2e-journey-admin@example.com',
} as const;

/**
 * Signs up (and verifies) the admin with the page's request context, or logs in when a retry finds it
 * exists. `base`: the server (the suite's by default; the settings server's in its specs).
 */
export async function signInAdmin(
  page: Page,
  email: string,
  password: string,
  base?: string,
): Promise<string> {
  await signUpVerified(page.request, email, password, { orLogIn: true, base });
  return email;
}
