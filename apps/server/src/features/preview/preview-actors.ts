import { PLATFORM_TENANT, PREVIEW_TEST_USER_EMAIL } from '@atelier/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppDeps } from '../../platform/app-deps.ts';
import type { Actor } from '../../platform/auth/actor.ts';
import { newId } from '../../platform/auth/jwt.ts';
import type { PreviewActorResolver } from '../../platform/auth/runtime.ts';
import type { Db } from '../../platform/db/database.ts';
import { users } from '../../platform/db/schema/index.ts';
import type { AppEnv } from '../../platform/http/env.ts';
import { siteAt } from '../../platform/http/preview-hosts.ts';
import { type AppsRuntime, appsRuntime } from '../apps/apps.runtime.ts';
import type { VerifiedPreviewClaims } from './preview-token.ts';

/**
 * The app SDK's paths of one app: the only requests a preview credential acts on (Atelier's SDK;
 * @base44/sdk's Core integrations and agents too).
 */
const APP_SDK_PATH =
  /^\/api\/apps\/([^/]+)\/(?:entities|functions|integrations|integration-endpoints|agents)(?:\/|$)/;

/** `@base44/sdk`'s public settings of one app (an app that requires login answers the preview's viewer). */
const PUBLIC_SETTINGS_PATH = /^\/api\/apps\/public\/prod\/public-settings\/by-id\/([^/]+)$/;

/**
 * Whom a request with a preview credential acts as (the auth middleware asks, see
 * `PreviewActorResolver`). The credential counts only when all hold:
 * - it is a valid, unexpired preview credential (it expires with the preview link);
 * - the request is an app SDK call (entities, functions, integrations, `@base44/sdk`'s public
 *   settings, or `auth.me()`'s `GET /api/auth/session?appId=`) of the credential's app: never the
 *   builder's own API, never another app;
 * - it comes from the preview document: the browser's `Origin` is the sandboxed frame's (`null`)
 *   or the preview origin; a page of any other origin is refused;
 * - for `owner`: the builder still owns the app; for `user`: the test end user still exists.
 * Otherwise the request is anonymous (and the entity rules answer for a visitor).
 */
export function createPreviewActors(deps: Pick<AppDeps, 'areas'>): PreviewActorResolver {
  const runtime = appsRuntime(deps);
  return {
    async actorFor(c: Context<AppEnv>, credential: string) {
      const claims = await runtime.previewTokens.verifyCredential(credential);
      if (!claims || claims.viewAs === 'visitor') return null;
      if (
        !(isForApp(c.req.path, claims.appId) || isSessionOfApp(c, claims.appId)) ||
        !fromPreviewDocument(runtime, claims, c.req.header('origin'))
      ) {
        return null;
      }
      return claims.viewAs === 'owner' ? ownerActor(runtime, claims) : endUserActor(runtime.db, claims);
    },
  };
}

/** `auth.me()` of the app SDK in the preview: `GET /api/auth/session?appId=<the credential's app>`. */
function isSessionOfApp(c: Context<AppEnv>, appId: string): boolean {
  return c.req.method === 'GET' && c.req.path === '/api/auth/session' && c.req.query('appId') === appId;
}

function isForApp(path: string, appId: string): boolean {
  const segment = (APP_SDK_PATH.exec(path) ?? PUBLIC_SETTINGS_PATH.exec(path))?.[1];
  if (!segment) return false;
  try {
    return decodeURIComponent(segment) === appId;
  } catch {
    return false;
  }
}

/** `Origin: null` (the sandboxed preview frame) or the preview origin its link names. */
export function fromPreviewDocument(
  runtime: AppsRuntime,
  claims: VerifiedPreviewClaims,
  origin: string | undefined,
): boolean {
  if (origin === 'null') return true;
  const origins = runtime.origins();
  return (
    origin !== undefined &&
    (origin === origins.preview || origin === siteAt(origins, claims.parentOrigin).preview)
  );
}

async function ownerActor(runtime: AppsRuntime, claims: VerifiedPreviewClaims): Promise<Actor | null> {
  const owned = await runtime.apps.find({ userId: claims.userId }, claims.appId);
  if (!owned) return null;
  return userActor(runtime.db, PLATFORM_TENANT, claims.userId, null);
}

function endUserActor(db: Db, claims: VerifiedPreviewClaims): Promise<Actor | null> {
  if (!claims.endUserId) return Promise.resolve(null);
  return userActor(db, appTenant(claims.appId), claims.endUserId, claims.appId);
}

async function userActor(
  db: Db,
  tenantId: string,
  userId: string,
  appId: string | null,
): Promise<Actor | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.tenantId, tenantId), isNull(users.disabledAt)))
    .limit(1);
  if (!row) return null;
  return {
    userId: row.id,
    tenantId,
    email: row.email,
    name: row.name,
    isAdmin: row.isAdmin,
    emailVerified: row.emailVerifiedAt !== null,
    appId,
    sessionId: '',
    via: 'preview',
  };
}

const appTenant = (appId: string) => `app:${appId}`;

/**
 * The app's test end user ("View as → test end user"): an ordinary, verified account of the app's
 * tenant with the reserved address `test-user@preview.invalid` and no password (nobody can sign in
 * as it; only the preview acts as it). Created on first use.
 */
export async function ensureTestEndUser(db: Db, appId: string): Promise<string> {
  const tenantId = appTenant(appId);
  await db
    .insert(users)
    .values({
      id: newId(),
      tenantId,
      email: PREVIEW_TEST_USER_EMAIL,
      name: 'Test user',
      emailVerifiedAt: new Date(),
    })
    .onConflictDoNothing({ target: [users.tenantId, users.email] });
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.email, PREVIEW_TEST_USER_EMAIL)))
    .limit(1);
  if (!row) throw new Error('The test end user could not be created');
  return row.id;
}
