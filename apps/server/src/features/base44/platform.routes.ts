import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { AppError, notFound } from '../../platform/errors.ts';
import type { AppEnv } from '../../platform/http/env.ts';
import type { EntitiesRepo } from '../entities/entities.repo.ts';

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
 * telemetry"): its public settings on start, and the analytics and app-log beacons, which Atelier
 * accepts (and does not store yet) instead of answering 404.
 */
export function base44PlatformRoutes(repo: EntitiesRepo) {
  const notYet = (what: string) => () => {
    throw new AppError('not_implemented', `${what} is not supported by Atelier yet`);
  };
  return (
    new Hono<AppEnv>()
      .get('/apps/public/prod/public-settings/by-id/:appId', async (c) => {
        const [app] = await repo.run<{ id: string; name: string; is_signup_enabled: boolean }>(
          sql`select a.id, a.name, a.is_signup_enabled from apps a where a.id = ${c.req.param('appId')}`,
        );
        if (!app) throw notFound('App not found');
        return c.json({
          id: app.id,
          name: app.name,
          public_settings: { requires_auth: false, signup_enabled: app.is_signup_enabled },
        });
      })
      // auth.logout() clears the token in the browser, then navigates here to end cookie sessions
      // (Atelier keeps none for end users) and come back.
      .get('/apps/auth/logout', (c) => {
        const back = logoutReturn(c.req.query('from_url'), c.req.header('referer'), c.req.url);
        if (back) return c.redirect(back, 302);
        return c.html(
          '<!doctype html><title>Signed out</title><p>You are signed out. You can close this page.</p>',
        );
      })
      .post('/apps/:appId/analytics/track/batch', (c) => c.json({ success: true }))
      .post('/app-logs/:appId/log-user-in-app/:pageName', (c) => c.json({ success: true }))
      .get('/app-logs/:appId', (c) => c.json([]))
      .get('/app-logs/:appId/stats', (c) => c.json({}))
      .post('/apps/:appId/users/invite-user', notYet('Inviting users'))
      .post('/apps/:appId/runtime/users/invite-user', notYet('Inviting users'))
  );
}
