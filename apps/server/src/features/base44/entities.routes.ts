import {
  ENTITY_API_MESSAGES,
  ENTITY_BULK_MAX,
  ENTITY_LIST_TRUNCATED_HEADER,
  type EntityRecordView,
  entityListQuerySchema,
  HIDDEN_ENTITY_NAME,
} from '@atelier/shared';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Actor } from '../../platform/auth/actor.ts';
import { resolveActor } from '../../platform/auth/middleware.ts';
import { AppError } from '../../platform/errors.ts';
import { serviceRoleAppId } from '../../platform/http/dispatch-env.ts';
import type { AppEnv } from '../../platform/http/env.ts';
import { POLICY, routePolicy } from '../../platform/http/route-policy.ts';
import type { EntityTarget } from '../entities/context.ts';
import type { EntitiesModule } from '../entities/entities.module.ts';
import { ownerUserFields, updateOwnerUserFields } from '../entities/users-entity.ts';
import { createBase44Entities } from './entities.service.ts';
import { fromBase44Sdk } from './protocol.ts';
import { parseFields, toBase44Records, writableFields } from './records.ts';

const listQuerySchema = entityListQuerySchema.extend({ fields: z.string().max(10_000).optional() });
const pageQuerySchema = listQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(5000).optional(),
  cursor: z.string().max(30_000).optional(),
  distinct: z.string().optional(),
});

/** What a cursor of `v2/list` carries: the whole walk, so later pages need only the cursor. */
const cursorSchema = z.object({
  q: z.unknown().optional(),
  sort: z.string().max(200).optional(),
  fields: z.string().max(10_000).optional(),
  skip: z.number().int().min(0).max(1_000_000),
});

const encodeCursor = (cursor: z.infer<typeof cursorSchema>) =>
  Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(text: string): z.infer<typeof cursorSchema> {
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
  } catch {
    throw new AppError('bad_request', 'The cursor is not valid');
  }
}

const parseQuery = <T extends z.ZodType>(schema: T, c: Context<AppEnv>): z.infer<T> => {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(
      'bad_request',
      `${issue?.path.join('.') ?? 'query'}: ${issue?.message ?? 'is not valid'}`,
    );
  }
  return parsed.data;
};

function parseQ(q: string | undefined): unknown {
  if (q === undefined || q.trim() === '') return undefined;
  try {
    return JSON.parse(q);
  } catch {
    throw new AppError('bad_request', 'The filter (q) is not valid JSON');
  }
}

async function jsonOf(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.text();
  return text.trim() === '' ? undefined : JSON.parse(text);
}

/**
 * The entity calls of `@base44/sdk` (README.md, "Entities"), on the same paths as Atelier's own
 * entity API: each handler serves only requests the Base44 SDK sent (`fromBase44Sdk`) and passes
 * the others on to Atelier's routes, mounted after these.
 */
export function base44EntityRoutes(module: EntitiesModule) {
  const entities = createBase44Entities(module);
  const target = async (c: Context<AppEnv>) =>
    module.contexts.resolve(c.req.param('appId') ?? '', c.req.param('entity') ?? '', {
      actor: (await resolveActor(c)) ?? undefined,
      serviceRoleFor: serviceRoleAppId(c),
    });
  /** `User/me` is the signed-in end user. */
  const recordId = (t: EntityTarget, id: string) => {
    if (t.name !== HIDDEN_ENTITY_NAME || id !== 'me') return id;
    if (t.access.kind === 'anonymous') throw new AppError('unauthorized', ENTITY_API_MESSAGES.signInRequired);
    return t.access.userId;
  };
  const answer = (t: EntityTarget, records: EntityRecordView[], fields?: string[]) =>
    toBase44Records(module.repo, t.appId, t.name, records, fields);
  /** Base44's `full_name` is Atelier's `name` for users. */
  const writeOf = (t: EntityTarget, body: unknown) => {
    const data = writableFields(body);
    if (t.kind === 'users' && 'full_name' in data) {
      const { full_name, ...rest } = data;
      return { ...rest, name: full_name };
    }
    return data;
  };

  const router = new Hono<AppEnv>();
  const base = '/apps/:appId/entities/:entity';
  /** A Base44 SDK entity route (an API route: the caller's budget, the 1 MiB cap). */
  const on = (
    method: 'get' | 'post' | 'put' | 'patch' | 'delete',
    path: string,
    handler: (c: Context<AppEnv>, t: EntityTarget) => Promise<Response>,
  ) =>
    router[method](path, routePolicy(POLICY.api), async (c, next) => {
      if (!fromBase44Sdk(c)) return next();
      return handler(c, await target(c));
    });

  on('get', `${base}/count`, async (c, t) =>
    c.json({ count: await entities.count(t, parseQ(parseQuery(listQuerySchema, c).q)) }),
  );
  on('get', `${base}/v2/list`, async (c, t) => {
    const query = parseQuery(pageQuerySchema, c);
    if (query.distinct !== undefined) {
      throw new AppError('not_implemented', 'distinct is not supported by Atelier yet');
    }
    const walk = query.cursor
      ? decodeCursor(query.cursor)
      : { q: parseQ(query.q), sort: query.sort, fields: query.fields, skip: 0 };
    const limit = query.limit ?? 100;
    const page = await entities.list(t, { q: walk.q, sort: walk.sort, limit: limit + 1, skip: walk.skip });
    const shown = page.records.slice(0, limit);
    // A page cut at BASE44_LIST_MAX_BYTES has more after it too.
    const hasMore = page.truncated || page.records.length > limit;
    const items = await answer(t, shown, parseFields(walk.fields));
    const nextCursor = hasMore ? encodeCursor({ ...walk, skip: walk.skip + shown.length }) : null;
    return c.json({ items, next_cursor: nextCursor, has_more: hasMore });
  });
  on('get', base, async (c, t) => {
    const query = parseQuery(listQuerySchema, c);
    const page = await entities.list(t, { ...query, q: parseQ(query.q) });
    if (page.truncated) c.header(ENTITY_LIST_TRUNCATED_HEADER, 'true');
    return c.json(await answer(t, page.records, parseFields(query.fields)));
  });
  on('post', `${base}/bulk`, async (c, t) => {
    const body = await jsonOf(c);
    if (!Array.isArray(body) || body.length > ENTITY_BULK_MAX) {
      throw new AppError('bad_request', `bulkCreate takes an array of at most ${ENTITY_BULK_MAX} records`);
    }
    const created = await module.service.bulkCreate(
      t,
      body.map((item) => writeOf(t, item)),
    );
    return c.json(await answer(t, created));
  });
  on('put', `${base}/bulk`, async (c, t) => {
    const body = await jsonOf(c);
    const items = Array.isArray(body) ? body.map((item) => ({ ...writeOf(t, item), id: item?.id })) : body;
    return c.json(await answer(t, await entities.bulkUpdate(t, items)));
  });
  on('patch', `${base}/update-many`, async (c, t) => {
    const body = (await jsonOf(c)) as { query?: unknown; data?: unknown } | undefined;
    const result = await entities.updateMany(t, body?.query, body?.data);
    return c.json({ success: true, ...result });
  });
  on('post', base, async (c, t) => {
    const created = await module.service.create(t, writeOf(t, await jsonOf(c)));
    return c.json((await answer(t, [created]))[0]);
  });
  on('delete', base, async (c, t) => {
    const deleted = await entities.deleteMany(t, await jsonOf(c));
    return c.json({ success: true, deleted });
  });
  /**
   * The builder in their app's preview asking for their own User record: the owner, not one of its
   * users. By `me`, or by the id `auth.me()` answered them (`User.get(user.id)`,
   * `User.update(user.id, {…})`: what Base44 apps write for the signed-in user).
   */
  const ownerMe = async (c: Context<AppEnv>, t: EntityTarget) => {
    if (t.kind !== 'users' || t.access.kind !== 'owner') return undefined;
    const id = c.req.param('id');
    if (id !== 'me' && id !== t.access.userId) return undefined;
    const actor = await resolveActor(c);
    return actor?.userId === t.access.userId ? actor : undefined;
  };
  const ownerAnswer = async (t: EntityTarget, actor: Actor) => ({
    ...(await ownerUserFields(module.repo, t.appId, actor.userId)),
    ...ownerAsUser(t.appId, actor),
  });
  on('get', `${base}/:id`, async (c, t) => {
    // `auth.me()` in the builder's preview: the builder is the app's owner, not one of its users;
    // the app sees them as its admin (apps gate their first page on auth.me), with the User fields
    // the app wrote for them.
    const owner = await ownerMe(c, t);
    if (owner) return c.json(await ownerAnswer(t, owner));
    const record = await module.service.get(t, recordId(t, c.req.param('id') ?? ''));
    return c.json((await answer(t, [record]))[0]);
  });
  on('put', `${base}/:id`, async (c, t) => {
    const owner = await ownerMe(c, t);
    if (owner) {
      await updateOwnerUserFields(module.repo, t.appId, owner.userId, writeOf(t, await jsonOf(c)), t.entity);
      return c.json(await ownerAnswer(t, owner));
    }
    const id = recordId(t, c.req.param('id') ?? '');
    const updated = await module.service.update(t, id, writeOf(t, await jsonOf(c)));
    return c.json((await answer(t, [updated]))[0]);
  });
  on('delete', `${base}/:id`, async (c, t) => {
    await module.service.delete(t, recordId(t, c.req.param('id') ?? ''));
    return c.json({ success: true });
  });
  return router;
}

/** The app's owner as `auth.me()` answers for them in the builder's preview: an admin of the app. */
function ownerAsUser(appId: string, actor: Actor) {
  const now = new Date().toISOString();
  return {
    id: actor.userId,
    email: actor.email,
    full_name: actor.name ?? actor.email,
    role: 'admin',
    app_id: appId,
    created_date: now,
    updated_date: now,
  };
}
