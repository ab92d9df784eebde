import { ENTITY_API_MESSAGES } from '@atelier/shared';
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { resolveActor } from '../../platform/auth/middleware.ts';
import { notFound } from '../../platform/errors.ts';
import type { AppEnv } from '../../platform/http/env.ts';
import { POLICY, routePolicy } from '../../platform/http/route-policy.ts';
import type { EntitiesRepo } from '../entities/entities.repo.ts';

/** Events one analytics batch stores at most (the SDK sends far fewer; the rest are dropped). */
export const TELEMETRY_BATCH_MAX = 100;

export const PUBLIC_SETTINGS_MESSAGES = {
  /** A visitor of an app that requires login, not signed in to it. */
  authRequired: ENTITY_API_MESSAGES.appRequiresSignIn,
} as const;

interface TelemetryRow {
  kind: 'page_view' | 'event';
  name: string;
  pageUrl: string | null;
}

/** Stores telemetry of an app (names and addresses cut to 200 and 500 characters); unknown apps store nothing. */
async function recordTelemetry(
  repo: EntitiesRepo,
  appId: string,
  userId: string | null,
  rows: readonly TelemetryRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const payload = JSON.stringify(
    rows.map((row) => ({
      kind: row.kind,
      name: row.name.slice(0, 200),
      page_url: row.pageUrl?.slice(0, 500) ?? null,
    })),
  );
  await repo.run(sql`insert into app_telemetry (app_id, user_id, kind, name, page_url)
    select a.id, ${userId}, t.kind, t.name, t.page_url
    from apps a, jsonb_to_recordset(${payload}::jsonb) as t(kind text, name text, page_url text)
    where a.id = ${appId}`);
}

/**
 * Where the sign-out navigation may go back to: `from_url` when it is an http(s) address on the
 * origin of the page that navigated here (its Referer), or on this server's own origin. Anything
 * else (no Referer, another site) stays here: the address is never a requester's free choice.
 */
export function logoutReturn(fromUrl: string | undefined, referer: string | undefined, self: string) {
  if (!fromUrl) return undefined;
  try {
    const target = new URL(fromUrl);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return undefined;
    const allowed = [new URL(self).origin, ...(referer ? [new URL(referer).origin] : [])];
    return allowed.includes(target.origin) ? target.toString() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The calls an exported Base44 app makes besides data and auth (README.md, "Settings and
 * telemetry"): its public settings on start, and the analytics and app-log beacons, stored as the
 * app's telemetry (page views feed its analytics).
 */
export function base44PlatformRoutes(repo: EntitiesRepo) {
  /** The caller's end-user id in this app, if it is signed in as one. */
  const memberOf = async (c: Context<AppEnv>, appId: string) => {
    const actor = await resolveActor(c);
    return actor && actor.appId === appId ? actor.userId : null;
  };
  /** Signed in to this app, or its builder's preview acting as its owner or test end user. */
  const mayOpen = async (c: Context<AppEnv>, appId: string) => {
    const actor = await resolveActor(c);
    // The preview credential resolves only on this app's own SDK paths (preview-actors.ts).
    return actor !== null && (actor.appId === appId || actor.via === 'preview');
  };
  return (
    new Hono<AppEnv>()
      .get('/apps/public/prod/public-settings/by-id/:appId', routePolicy(POLICY.api), async (c) => {
        const appId = c.req.param('appId');
        const [app] = await repo.run<{
          id: string;
          name: string;
          is_signup_enabled: boolean;
          require_login: boolean;
        }>(
          sql`select a.id, a.name, a.is_signup_enabled,
            coalesce((a.settings->>'requireLogin')::boolean, false) as require_login
            from apps a where a.id = ${appId}`,
        );
        if (!app) throw notFound('App not found');
        // "Require login to access": a visitor who is not signed in to this app is told to sign in,
        // as Base44 tells its template (403, `extra_data.reason`), which then opens the login page.
        if (app.require_login && !(await mayOpen(c, appId))) {
          return c.json(
            {
              error: { code: 'auth_required', message: PUBLIC_SETTINGS_MESSAGES.authRequired },
              message: PUBLIC_SETTINGS_MESSAGES.authRequired,
              extra_data: { reason: 'auth_required' },
            },
            403,
          );
        }
        return c.json({
          id: app.id,
          name: app.name,
          public_settings: { requires_auth: app.require_login, signup_enabled: app.is_signup_enabled },
        });
      })
      // auth.logout() clears the token in the browser, then navigates here to end cookie sessions
      // (Atelier keeps none for end users) and come back.
      .get('/apps/auth/logout', routePolicy(POLICY.api), (c) => {
        const back = logoutReturn(c.req.query('from_url'), c.req.header('referer'), c.req.url);
        if (back) return c.redirect(back, 302);
        return c.html(
          '<!doctype html><title>Signed out</title><p>You are signed out. You can close this page.</p>',
        );
      })
      .post('/apps/:appId/analytics/track/batch', routePolicy(POLICY.api), async (c) => {
        const appId = c.req.param('appId');
        const body = (await c.req.json().catch(() => undefined)) as { events?: unknown } | undefined;
        const events = Array.isArray(body?.events) ? body.events.slice(0, TELEMETRY_BATCH_MAX) : [];
        const rows = events.flatMap((event) => {
          const { event_name: name, page_url: pageUrl } = (event ?? {}) as Record<string, unknown>;
          if (typeof name !== 'string' || name === '') return [];
          return [{ kind: 'event' as const, name, pageUrl: typeof pageUrl === 'string' ? pageUrl : null }];
        });
        await recordTelemetry(repo, appId, await memberOf(c, appId), rows);
        return c.json({ success: true });
      })
      .post('/app-logs/:appId/log-user-in-app/:pageName', routePolicy(POLICY.api), async (c) => {
        const appId = c.req.param('appId');
        const page = c.req.param('pageName');
        await recordTelemetry(repo, appId, await memberOf(c, appId), [
          { kind: 'page_view', name: page, pageUrl: null },
        ]);
        return c.json({ success: true });
      })
      .get('/app-logs/:appId', routePolicy(POLICY.api), (c) => c.json([]))
      .get('/app-logs/:appId/stats', routePolicy(POLICY.api), (c) => c.json({}))
  );
}
