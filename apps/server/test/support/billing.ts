import { eq } from 'drizzle-orm';
import { users } from '../../src/platform/db/schema/index.ts';
import { json } from './accounts.ts';
import type { TestApp } from './test-app.ts';

/** Calls the API as a signed-in builder and answers the status and the parsed body. */
export async function call<T = Record<string, unknown>>(
  t: TestApp,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await t.app.request(path, json(method, body, headers));
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Sets a builder's plan directly (setup for tests whose subject is not the payment itself). */
export async function setPlan(t: TestApp, userId: string, plan: string): Promise<void> {
  await t.deps.database.db
    .update(users)
    .set({ plan, planSubscriptionStatus: plan === 'lite' ? null : 'active' })
    .where(eq(users.id, userId));
}
