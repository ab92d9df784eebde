import type { Page } from '@playwright/test';
import { signUpVerified } from './accounts.ts';

/**
 * Admins of the e2e server (ADMIN_EMAILS in e2e/server.mjs). Code writes by a builder are
 * admin-only (spec 1 §5–§6), so specs that write files directly sign in as one of these.
 */
export const E2E_ADMINS = {
  apps: 'e2e-apps-admin@example.com',
  functions: 'e2e-functions-admin@example.com',
  database: 'e2e-database-admin@example.com',
  settings: 'e2e-settings-admin@example.com',
  chat: 'e2e-chat-admin@example.com',
  published: 'e2e-published-admin@example.com',
  /** Points the AI models settings at the fake provider (specs/journey.spec.ts). */
  journey: 'e2e-journey-admin@example.com',
} as const;

/** Signs up (and verifies) the admin with the page's request context, or logs in when a retry finds it exists. */
export async function signInAdmin(page: Page, email: string, password: string): Promise<string> {
  await signUpVerified(page.request, email, password, { orLogIn: true });
  return email;
}
