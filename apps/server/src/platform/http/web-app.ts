import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './env.ts';
import { POLICY, routePolicy } from './route-policy.ts';

/** Paths that belong to the server, never to the single-page app's client-side routes. */
const SERVER_PREFIXES = ['/api/', '/api'];

/**
 * Serves the built web app: its files, and index.html for every other GET so that client-side
 * routes (and the web app's own not-found page) work on reload. Does nothing when no build exists.
 */
export function mountWebApp(app: Hono<AppEnv>, distDir: string): boolean {
  const indexPath = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexPath)) return false;
  app.use(
    '/assets/*',
    routePolicy(POLICY.webApp),
    serveStatic({
      root: distDir,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.use('*', routePolicy(POLICY.webApp), serveStatic({ root: distDir }));
  app.get('*', routePolicy(POLICY.webApp), (c) => {
    if (SERVER_PREFIXES.some((prefix) => c.req.path === prefix || c.req.path.startsWith(prefix))) {
      return c.notFound();
    }
    return c.html(fs.readFileSync(indexPath, 'utf8'), 200, { 'Cache-Control': 'no-cache' });
  });
  return true;
}
