import { cors } from 'hono/cors';
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
];

export const isSdkPath = (path: string) => SDK_PATHS.some((pattern) => pattern.test(path));

const allowAnyOrigin = cors({
  origin: '*',
  allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  allowHeaders: ['authorization', 'content-type', 'accept', 'x-request-id'],
  exposeHeaders: ['x-request-id'],
  maxAge: 600,
  credentials: false,
});

/**
 * CORS for the SDK's calls from the preview origin, published apps (a sandboxed document sends
 * `Origin: null`) and custom domains: any origin, never credentials. The SDK authenticates with
 * bearer tokens (`credentials: 'omit'`); a browser refuses to hand a credentialed answer to a page
 * when the answer says `*`, so the builder's cookie can never be used through this.
 */
export const sdkCors = createMiddleware<AppEnv>(async (c, next) => {
  if (!isSdkPath(c.req.path)) return next();
  return allowAnyOrigin(c, next);
});
