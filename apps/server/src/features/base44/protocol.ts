import type { Context } from 'hono';
import type { z } from 'zod';
import { resolveActor } from '../../platform/auth/middleware.ts';
import { AppError } from '../../platform/errors.ts';
import { serviceRoleAppId } from '../../platform/http/dispatch-env.ts';
import type { AppEnv } from '../../platform/http/env.ts';
import type { AccessActor } from '../entities/access.ts';
import type { EntitiesModule } from '../entities/entities.module.ts';

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

/**
 * The caller of an app route (`:appId`) as the app knows them: its end user, its builder or a
 * function's service role; 404 for an unknown app, 401 "Sign in first" for anyone else.
 */
export async function signedInCaller(
  entities: EntitiesModule,
  c: Context<AppEnv>,
): Promise<{ appId: string; access: Exclude<AccessActor, { kind: 'anonymous' }> }> {
  const appId = c.req.param('appId') ?? '';
  const { access } = await entities.contexts.appAccess(appId, {
    actor: (await resolveActor(c)) ?? undefined,
    serviceRoleFor: serviceRoleAppId(c),
  });
  if (access.kind === 'anonymous') throw new AppError('unauthorized', 'Sign in first');
  return { appId, access };
}
