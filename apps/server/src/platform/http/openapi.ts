import { GENERIC_ERROR_MESSAGES } from '@atelier/shared';
import { OpenAPIHono } from '@hono/zod-openapi';
import { AppError } from '../errors.ts';
import type { AppEnv } from './env.ts';

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
