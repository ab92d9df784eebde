import { Writable } from 'node:stream';
import type { AppSummary } from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { appsRuntime } from '../../src/features/apps/apps.runtime.ts';
import { apps } from '../../src/platform/db/schema/index.ts';
import { createLogger } from '../../src/platform/logger.ts';
import { json, type SignedIn } from './accounts.ts';
import type { TestApp } from './test-app.ts';

/** A generated app of `who`, made through the API (it starts from the template). */
export async function createGeneratedApp(
  t: TestApp,
  who: SignedIn,
  name = 'Webhook Lab',
): Promise<AppSummary> {
  const res = await t.app.request('/api/apps', json('POST', { name, type: 'GEN_APP' }, who.headers));
  if (res.status !== 201) throw new Error(`create app failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as AppSummary;
}

/**
 * Writes one file of the app (a new version). Code editor (issue 11): `files/update` is admin-only
 * (spec 1 §5–§6), so this writes through the versions API as the chat assistant does, which works
 * for any builder who owns the app.
 */
export async function writeFile(t: TestApp, who: SignedIn, appId: string, path: string, content: string) {
  await appsRuntime(t.deps).versions.createVersion({ userId: who.user.id }, appId, {
    changes: [{ op: 'upsert', path, content }],
    description: `Edited ${path}`,
  });
}

/**
 * Marks the app published without compiling it (the publish route itself is tested by the apps area),
 * with `slug` its own origin `{slug}.{APPS_DOMAIN}`.
 */
export async function markPublished(t: TestApp, appId: string, slug?: string) {
  await t.deps.database.db
    .update(apps)
    .set({ publishedAt: new Date(), status: 'active', ...(slug ? { slug } : {}) })
    .where(eq(apps.id, appId));
}

/** A logger that keeps every line it writes (JSON text), at trace level. */
export function bufferLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: createLogger('trace', sink), lines };
}
