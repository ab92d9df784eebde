import type { ZodMediaTypeObject, ZodRequestBody } from '@asteasolutions/zod-to-openapi';
import { errorResponseSchema, GENERIC_ERROR_MESSAGES } from '@atelier/shared';
import { createRoute, OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import { z } from 'zod';
import { AppError } from '../errors.ts';
import type { AppEnv } from './env.ts';
import { type RoutePolicy, routePolicy } from './route-policy.ts';

/**
 * A router whose zod validation failures answer 400 validation_error with the failing fields,
 * like every other error of the API. Feature routers are made with this.
 */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        throw new AppError(
          'validation_error',
          result.error.issues[0]?.message ?? GENERIC_ERROR_MESSAGES.validation,
          {
            issues: result.error.issues.map((issue) => ({
              path: issue.path.join('.'),
              message: issue.message,
            })),
          },
        );
      }
    },
  });
}

export type Router = ReturnType<typeof createRouter>;

/**
 * An OpenAPI route (`createRoute`) with its platform policy (route-policy.ts: rate-limit class, body
 * cap, CSRF class, CSP scope). The policy goes first in the route's middleware, where the platform
 * middleware finds it; it is not part of the OpenAPI document.
 */
export function defineRoute<
  P extends string,
  R extends Omit<RouteConfig, 'path'> & { path: P; policy: RoutePolicy },
>(config: R) {
  const { policy, middleware, ...route } = config;
  const own = middleware === undefined ? [] : Array.isArray(middleware) ? middleware : [middleware];
  return createRoute({ ...route, middleware: [routePolicy(policy), ...own] } as Omit<R, 'policy'>);
}

/** A JSON answer of the OpenAPI document. */
export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A required JSON request body of the OpenAPI document (validated by the router). */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

/** A zod schema as the document's JSON Schema 2020-12 (which OpenAPI 3.1's schema objects are). */
const described = (schema: z.ZodType) => {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io: 'input' });
  return json as unknown as NonNullable<ZodMediaTypeObject['schema']>;
};

/**
 * An optional JSON request body the handler reads itself, leniently (a missing or malformed body
 * counts as `{}`): described in the OpenAPI document, so the typed web client may send it, but not
 * validated by the router — `jsonBody` would answer 400 or 415 where the handler accepts.
 */
export const lenientJsonBody = (schema: z.ZodType): { body: ZodRequestBody } => ({
  body: { content: { 'application/json': { schema: described(schema) } }, required: false },
});

/**
 * A multipart form body (`z.file()` for a file field) the handler reads itself, with its own
 * messages for a missing or wrong file: described in the document, not validated by the router.
 */
export const formBody = (schema: z.ZodType): { body: ZodRequestBody } => ({
  body: { content: { 'multipart/form-data': { schema: described(schema) } }, required: true },
});

/** An error answer (the API's one error shape). */
export const errorContent = (description: string) => jsonContent(errorResponseSchema, description);

/** The errors every builder-only app route may answer. */
export const builderErrors = {
  401: errorContent('Signed out'),
  403: errorContent('Not a builder session'),
  404: errorContent('No such app (or not yours)'),
} as const;
