import { Hono } from 'hono';
import { optionalActor } from '../../platform/auth/middleware.ts';
import type { AppEnv } from '../../platform/http/env.ts';
import { POLICY, routePolicy } from '../../platform/http/route-policy.ts';
import { invokeFromRequest } from '../functions/functions.routes.ts';
import type { FunctionsRuntime } from '../functions/functions.runtime.ts';

/**
 * Supabase Edge Functions (`supabase.functions.invoke(name, { body, headers, method })`,
 * `/api/apps/{appId}/supabase/functions/v1/{name}`) are the app's functions: the same runtime,
 * caller and checks as `functions.invoke` of the app SDK and the function's webhook URL.
 */
export function supabaseFunctionsRoutes(runtime: FunctionsRuntime) {
  return new Hono<AppEnv>().on(
    ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    '/:name',
    routePolicy(POLICY.api),
    optionalActor,
    (c) => invokeFromRequest(runtime, c, c.req.param('name')),
  );
}
