import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../platform/http/env.ts';

/**
 * API paths the app SDK calls from generated apps: sign-in of the app's end users, its entities,
 * functions and integrations (packages/app-sdk). Nothing else of the API answers other origins.
 */
const SDK_PATHS = [
  /^\/api\/auth\//,
  /^\/api\/live_api\/account\/(sendMagicLink|validateOtp|sendResetPasswordEmail|current|create)$/,
  /^\/api\/live_api\/user\//,
  /^\/api\/apps\/[^/]+\/(entities|functions|integrations)(\/|$)/,
  // @base44/sdk (features/base44): every per-app path it calls — auth, integrations, telemetry,
  // users, agents, and what Atelier does not serve (AI gateway, connectors, actors): their answers,
  // a 404 included, and their preflights reach the app, which sees a JSON error it can handle.
  /^\/api\/apps\/[^/]+\/(auth|integration-endpoints|analytics|users|runtime|private-files|agents|ai|external-auth|app-user-auth|connectors|actors)\//,
  /^\/api\/apps\/public\/prod\/public-settings\/by-id\/[^/]+$/,
  // @supabase/supabase-js (features/supabase): REST, auth, storage and functions of the app.
  /^\/api\/apps\/[^/]+\/supabase\//,
  /^\/api\/app-logs\//,
];

export const isSdkPath = (path: string) => SDK_PATHS.some((pattern) => pattern.test(path));

const ALLOW_METHODS = 'GET,POST,PUT,PATCH,DELETE,OPTIONS';
/**
 * `x-atelier-preview-token`: the builder's preview names the version it shows (features/entities);
 * `x-app-id` … `base44-functions-version`: what `@base44/sdk` sends (features/base44); `apikey` …
 * `x-upsert`: what `@supabase/supabase-js` sends (features/supabase).
 */
const ALLOW_HEADERS =
  'authorization,content-type,accept,x-request-id,x-atelier-preview-token,x-app-id,x-origin-url,x-base44-anonymous-id,base44-functions-version,apikey,x-client-info,x-supabase-api-version,prefer,range,accept-profile,content-profile,x-region,x-upsert,x-metadata,cache-control';

/** On every SDK answer (`content-range`: PostgREST's count, which supabase-js reads). */
const ANSWER_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'x-request-id,content-range,x-supabase-api-version',
};

/** A preflight's answer (any OPTIONS request to an SDK path). */
const PREFLIGHT_HEADERS: Record<string, string> = {
  ...ANSWER_HEADERS,
  'Access-Control-Max-Age': '600',
  'Access-Control-Allow-Methods': ALLOW_METHODS,
  'Access-Control-Allow-Headers': ALLOW_HEADERS,
};

/**
 * CORS for the SDK's calls from the preview origin, published apps (a sandboxed document sends
 * `Origin: null`) and custom domains: any origin, never credentials. The SDK authenticates with
 * bearer tokens (`credentials: 'omit'`); a browser refuses to hand a credentialed answer to a page
 * when the answer says `*`, so the builder's cookie can never be used through this.
 *
 * The headers are added once the answer exists (errors included): touching `c.res` before the
 * handler, as hono/cors does, makes Hono copy every answer into a new Response (a cost on each call).
 */
export const sdkCors = createMiddleware<AppEnv>(async (c, next) => {
  if (!isSdkPath(c.req.path)) return next();
  if (c.req.method === 'OPTIONS') return c.body(null, 204, PREFLIGHT_HEADERS);
  await next();
  try {
    for (const [name, value] of Object.entries(ANSWER_HEADERS)) c.res.headers.set(name, value);
  } catch {
    // An answer with immutable headers (e.g. a fetched Response passed through): copy it once.
    const copy = new Response(c.res.body, c.res);
    for (const [name, value] of Object.entries(ANSWER_HEADERS)) copy.headers.set(name, value);
    c.res = undefined;
    c.res = copy;
  }
});
