import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import type { AppEnv } from '../../platform/http/env.ts';

/**
 * How a request of `@base44/sdk` is told from one of Atelier's own app SDK on the paths both use
 * (`/api/apps/{appId}/entities/…`): the Base44 SDK sends `X-App-Id` on every call (createClient
 * sets it as a default header); Atelier's SDK and the web app never do.
 */
export const BASE44_APP_ID_HEADER = 'x-app-id';

export const fromBase44Sdk = (c: Context): boolean => c.req.header(BASE44_APP_ID_HEADER) !== undefined;

/** The JSON body checked against `schema`; 400 names the first field that is not valid. */
export async function bodyOf<T extends z.ZodType>(c: Context<AppEnv>, schema: T): Promise<z.infer<T>> {
  const parsed = schema.safeParse(await c.req.json().catch(() => undefined));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(
      'bad_request',
      `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'is not valid'}`,
    );
  }
  return parsed.data;
}
