import type { AppSummary } from '@atelier/shared';
import { and, eq } from 'drizzle-orm';
import { appsRuntime } from '../../src/features/apps/apps.runtime.ts';
import { APP_CHANGED_TOPIC } from '../../src/features/entities/context.ts';
import { apps, users } from '../../src/platform/db/schema/index.ts';
import { type JsonAnswer, json, type SignedIn, signUpEndUser, signUpVerified } from './accounts.ts';
import type { TestApp } from './test-app.ts';

/** Helpers of the app-database tests: an app with entity files, its builder and end users. */

export interface EntityApp {
  appId: string;
  owner: SignedIn;
}

/**
 * A generated app of a new builder whose current version holds these entity files, open to end-user
 * sign-up (marked published without a published version: everyone uses the current version).
 */
export async function createEntityApp(
  t: TestApp,
  ownerEmail: string,
  entities: Record<string, object | string>,
): Promise<EntityApp> {
  const owner = await signUpVerified(t, ownerEmail);
  const res = await t.app.request(
    '/api/apps',
    json('POST', { name: 'Data app', type: 'GEN_APP' }, owner.headers),
  );
  if (res.status !== 201) throw new Error(`app creation failed: ${res.status} ${await res.text()}`);
  const app = (await res.json()) as AppSummary;
  await writeEntities(t, owner, app.id, entities);
  await t.deps.database.db
    .update(apps)
    .set({ isSignupEnabled: true, publishedAt: new Date() })
    .where(eq(apps.id, app.id));
  return { appId: app.id, owner };
}

/** Writes entity files (`entities/{Name}.json`) into a new version of the app. */
export async function writeEntities(
  t: TestApp,
  owner: SignedIn,
  appId: string,
  entities: Record<string, object | string>,
) {
  // The entity API caches app rows until the database signals a change: wait for that signal.
  const signalled = new Promise<void>((resolve) => {
    const timer = setTimeout(done, 3000);
    const stop = t.deps.bus.subscribe<{ appId: string }>(APP_CHANGED_TOPIC, (event) => {
      if (event.data.appId === appId) done();
    });
    function done() {
      clearTimeout(timer);
      stop();
      resolve();
    }
  });
  const created = await appsRuntime(t.deps).versions.createVersion({ userId: owner.user.id }, appId, {
    changes: Object.entries(entities).map(([name, schema]) => ({
      op: 'upsert' as const,
      path: `entities/${name}.json`,
      content: typeof schema === 'string' ? schema : JSON.stringify({ type: 'object', ...schema }, null, 2),
    })),
    description: 'Entities for a test',
  });
  await signalled;
  return created;
}

export interface EndUser {
  id: string;
  email: string;
  headers: Record<string, string>;
}

/** Signs up an end user of the app (bearer token); `admin` flags them as an app admin. */
export async function endUser(
  t: TestApp,
  appId: string,
  email: string,
  options: { admin?: boolean } = {},
): Promise<EndUser> {
  const signed = await signUpEndUser(t, appId, email);
  if (options.admin) {
    await t.deps.database.db
      .update(users)
      .set({ isAdmin: true })
      .where(and(eq(users.id, signed.user.id)));
  }
  return { id: signed.user.id, email, headers: signed.headers };
}

/** A request to the entity API of an app. */
export async function entityCall(
  t: TestApp,
  appId: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: JsonAnswer }> {
  const res = await t.app.request(`/api/apps/${appId}/entities/${path}`, json(method, body, headers));
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed };
}
