import {
  addColumnRequestSchema,
  addColumnResponseSchema,
  appIdParamSchema,
  ENTITY_API_MESSAGES,
  ENTITY_LIST_TRUNCATED_HEADER,
  entitiesListResponseSchema,
  entityBulkSchema,
  entityListQuerySchema,
  entityParamsSchema,
  entityRecordParamsSchema,
  entityRecordSchema,
  entityWriteSchema,
  exportFileName,
  exportRows,
  HIDDEN_ENTITY_NAME,
  tableColumns,
} from '@atelier/shared';
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import Papa from 'papaparse';
import { clientIp } from '../../platform/auth/client-ip.ts';
import { builderOf, requireBuilder, resolveActor } from '../../platform/auth/middleware.ts';
import { AppError } from '../../platform/errors.ts';
import { liveCaller } from '../../platform/events/sse.ts';
import { serviceRoleAppId } from '../../platform/http/dispatch-env.ts';
import type { AppEnv } from '../../platform/http/env.ts';
import {
  builderErrors,
  createRouter,
  defineRoute,
  errorContent,
  jsonBody,
  jsonContent,
} from '../../platform/http/openapi.ts';
import { POLICY } from '../../platform/http/route-policy.ts';
import { textStream } from '../../platform/http/text-stream.ts';
import type { EntityTarget } from './context.ts';
import { PREVIEW_TOKEN_HEADER } from './context.ts';
import type { EntitiesModule } from './entities.module.ts';
import type { EntitiesService } from './entities.service.ts';
import { streamEntityChanges } from './events.ts';
import { addColumn, listEntities } from './schema-edit.service.ts';

const tags = ['app entities'];
const recordErrors = {
  400: errorContent('A field or the filter is not valid (validation_error / bad_request, naming the field)'),
  401: errorContent('Signed out, and the rules ask for a signed-in user'),
  403: errorContent('The record is visible but the rules do not let the caller change it'),
  404: errorContent('No such app, entity, or record the caller may see'),
} as const;

const listRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/apps/{appId}/entities/{entity}',
  tags,
  summary:
    'Records the caller may read: filter (q, JSON), sort (field or -field), limit, skip. At most 16 MB of records per answer: a page cut shorter carries x-atelier-truncated: true',
  request: { params: entityParamsSchema, query: entityListQuerySchema },
  responses: { 200: jsonContent(z.array(entityRecordSchema), 'Records'), ...recordErrors },
});

const exportRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/apps/{appId}/entities/{entity}/export',
  tags,
  summary: "Every record of the entity as CSV, streamed newest first (the app's builder only)",
  request: { params: entityParamsSchema },
  responses: {
    200: {
      description: 'CSV: one column per field, then the system fields; X-Total-Count',
      content: { 'text/csv': { schema: z.string() } },
    },
    ...recordErrors,
  },
});

const createRecordRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/apps/{appId}/entities/{entity}',
  tags,
  summary: 'Create a record (needs the write role)',
  request: { params: entityParamsSchema, ...jsonBody(entityWriteSchema) },
  responses: { 201: jsonContent(entityRecordSchema, 'The record'), ...recordErrors },
});

const bulkRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/apps/{appId}/entities/{entity}/bulk',
  tags,
  summary: 'Create many records at once: all or none',
  request: { params: entityParamsSchema, ...jsonBody(entityBulkSchema) },
  responses: { 201: jsonContent(z.array(entityRecordSchema), 'The records, in order'), ...recordErrors },
});

const subscribeRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/apps/{appId}/entities/{entity}/subscribe',
  tags,
  summary: 'Server-sent events { type, id, data? } for changes of records the caller may read',
  request: { params: entityParamsSchema },
  responses: {
    200: { description: 'An event stream', content: { 'text/event-stream': { schema: z.string() } } },
    404: errorContent('No such app or entity'),
  },
});

const getRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/apps/{appId}/entities/{entity}/{id}',
  tags,
  summary: 'One record (404 when hidden by the rules); User/me is the signed-in user',
  request: { params: entityRecordParamsSchema },
  responses: { 200: jsonContent(entityRecordSchema, 'The record'), ...recordErrors },
});

const updateRoute = defineRoute({
  policy: POLICY.api,
  method: 'patch',
  path: '/apps/{appId}/entities/{entity}/{id}',
  tags,
  summary: 'Change fields of a record (needs the read and write roles; null removes a field)',
  request: { params: entityRecordParamsSchema, ...jsonBody(entityWriteSchema) },
  responses: { 200: jsonContent(entityRecordSchema, 'The record'), ...recordErrors },
});

const deleteRoute = defineRoute({
  policy: POLICY.api,
  method: 'delete',
  path: '/apps/{appId}/entities/{entity}/{id}',
  tags,
  summary: 'Delete a record (needs the read and write roles)',
  request: { params: entityRecordParamsSchema },
  responses: { 204: { description: 'Deleted' }, ...recordErrors },
});

const entitiesRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/apps/{appId}/entities',
  tags,
  summary: 'The entities of the current version with their schemas and rules (database panel)',
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema },
  responses: { 200: jsonContent(entitiesListResponseSchema, 'Entities'), ...builderErrors },
});

const addColumnRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/apps/{appId}/entities/{entity}/columns',
  tags,
  summary: 'Add a column: the entity file gains a property, in a new version',
  middleware: [requireBuilder] as const,
  request: { params: entityParamsSchema, ...jsonBody(addColumnRequestSchema) },
  responses: {
    200: jsonContent(addColumnResponseSchema, 'The new version and the entity'),
    409: errorContent('A column with that name exists'),
    ...builderErrors,
  },
});

/**
 * The caller of an entity request: the signed-in actor (if any) and the preview token. Resolved
 * while the app is looked up (no middleware in front), so the two lookups overlap.
 */
export const callerOf = async (c: Context<AppEnv>) => ({
  actor: (await resolveActor(c)) ?? undefined,
  previewToken: c.req.header(PREVIEW_TOKEN_HEADER),
  serviceRoleFor: serviceRoleAppId(c),
});

export function entitiesRoutes(module: EntitiesModule) {
  const { contexts, service } = module;
  const target = (c: Context<AppEnv>, appId: string, entity: string) =>
    contexts.resolve(appId, entity, callerOf(c));
  /** `User/me` names the signed-in end user. */
  const recordId = (t: Awaited<ReturnType<typeof target>>, id: string) => {
    if (t.name !== HIDDEN_ENTITY_NAME || id !== 'me') return id;
    if (t.access.kind === 'anonymous') throw new AppError('unauthorized', ENTITY_API_MESSAGES.signInRequired);
    return t.access.userId;
  };

  return createRouter()
    .openapi(entitiesRoute, async (c) => {
      const { appId } = c.req.valid('param');
      return c.json(await listEntities(module.versions, builderOf(c), appId), 200);
    })
    .openapi(addColumnRoute, async (c) => {
      const { appId, entity } = c.req.valid('param');
      const added = await addColumn(module.versions, builderOf(c), appId, entity, c.req.valid('json'));
      contexts.forget(appId);
      return c.json(added, 200);
    })
    .openapi(subscribeRoute, async (c) => {
      const { appId, entity } = c.req.valid('param');
      const first = await target(c, appId, entity);
      const actor = await resolveActor(c);
      const release = module.hub.claimLive(
        liveCaller(actor?.userId ?? null, clientIp(c, c.get('auth').config.auth.trustProxy)),
      );
      if (!release) throw new AppError('rate_limited', ENTITY_API_MESSAGES.tooManySubscriptions);
      return streamEntityChanges(c, first, {
        release,
        bus: module.bus,
        hub: module.hub,
        repo: module.repo,
        logger: c.get('logger'),
        resolve: () => target(c, appId, entity),
        read: (current, ids) => module.readMany(current, ids),
        sessionLive: async () => {
          const actor = await resolveActor(c);
          if (!actor) return true;
          return (await c.get('auth').sessions.actorBySessionId(actor.sessionId, actor.via)) !== null;
        },
      }) as never;
    })
    .openapi(listRoute, async (c) => {
      const { appId, entity } = c.req.valid('param');
      const query = c.req.valid('query');
      const t = await target(c, appId, entity);
      const [page, total] = await Promise.all([
        service.listJson(t, query),
        query.count === 'true' ? service.count(t, query) : undefined,
      ]);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (page.truncated) headers[ENTITY_LIST_TRUNCATED_HEADER] = 'true';
      if (total !== undefined) headers['x-total-count'] = String(total);
      const body = page.more ? textStream(withHead(page.json, page.more)) : page.json;
      return c.body(body, 200, headers) as never;
    })
    .openapi(exportRoute, async (c) => {
      const { appId, entity } = c.req.valid('param');
      const t = await target(c, appId, entity);
      // The database panel's export: the builder's, like the panel (end users list through pages).
      if (t.access.kind !== 'owner') throw new AppError('forbidden', ENTITY_API_MESSAGES.exportBuilderOnly);
      const total = await service.count(t, {});
      return new Response(textStream(csvParts(t, service)), {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${exportFileName(t.name)}"`,
          'x-total-count': String(total),
          'cache-control': 'no-store',
        },
      }) as never;
    })
    .openapi(createRecordRoute, async (c) => {
      const { appId, entity } = c.req.valid('param');
      return c.json(await service.create(await target(c, appId, entity), c.req.valid('json')), 201);
    })
    .openapi(bulkRoute, async (c) => {
      const { appId, entity } = c.req.valid('param');
      return c.json(await service.bulkCreate(await target(c, appId, entity), c.req.valid('json')), 201);
    })
    .openapi(getRoute, async (c) => {
      const { appId, entity, id } = c.req.valid('param');
      const t = await target(c, appId, entity);
      return c.json(await service.get(t, recordId(t, id)), 200);
    })
    .openapi(updateRoute, async (c) => {
      const { appId, entity, id } = c.req.valid('param');
      const t = await target(c, appId, entity);
      return c.json(await service.update(t, recordId(t, id), c.req.valid('json')), 200);
    })
    .openapi(deleteRoute, async (c) => {
      const { appId, entity, id } = c.req.valid('param');
      const t = await target(c, appId, entity);
      await service.delete(t, recordId(t, id));
      return c.body(null, 204);
    });
}

/**
 * The entity's records as CSV text, produced batch by batch as the client reads (a pull stream: a
 * slow reader holds one batch in memory, not the table): the header, then one line per record.
 */
async function* csvParts(t: EntityTarget, service: EntitiesService): AsyncGenerator<string> {
  const fields = tableColumns(t.entity?.schema ?? { properties: {} }).map((column) => column.id);
  yield `${Papa.unparse(exportRows([], fields))}\r\n`;
  for await (const batch of service.allRecords(t)) {
    const [, ...lines] = exportRows(batch, fields);
    yield `${Papa.unparse(lines)}\r\n`;
  }
}

async function* withHead(head: string, rest: AsyncGenerator<string>): AsyncGenerator<string> {
  yield head;
  yield* rest;
}
