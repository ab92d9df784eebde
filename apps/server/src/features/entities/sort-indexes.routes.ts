import {
  ENTITY_API_MESSAGES,
  entityParamsSchema,
  sortIndexDropQuerySchema,
  sortIndexesResponseSchema,
  sortIndexParamsSchema,
  sortIndexRequestSchema,
  tableColumns,
} from '@atelier/shared';
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { requireBuilder, resolveActor } from '../../platform/auth/middleware.ts';
import { AppError } from '../../platform/errors.ts';
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
import type { EntityTarget } from './context.ts';
import type { EntitiesModule } from './entities.module.ts';
import { entityModel } from './entities.service.ts';

/**
 * The database panel's sort indexes (issue 22 #3, `sort-indexes.ts`): the entity's indexes listed,
 * one asked for by the builder (column menu: Index this field for fast sorting), one dropped. The
 * app's builder only, like the panel's export.
 */

const tags = ['app entities'];
const path = '/apps/{appId}/entities/{entity}/sort-indexes';
const errors = { ...builderErrors, 400: errorContent('Not a data field of the entity') } as const;

const listRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path,
  tags,
  summary: "The entity's sort indexes (ready or being built), its record count and a build's pause",
  middleware: [requireBuilder] as const,
  request: { params: entityParamsSchema },
  responses: { 200: jsonContent(sortIndexesResponseSchema, 'Sort indexes'), ...errors },
});

const requestRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path,
  tags,
  summary: 'Build the index that serves sorts on a data field, both ways (answers once started)',
  middleware: [requireBuilder] as const,
  request: { params: entityParamsSchema, ...jsonBody(sortIndexRequestSchema) },
  responses: {
    202: jsonContent(z.object({ field: z.string() }), 'The build has started (or the index exists)'),
    409: errorContent('The app has as many sort indexes as it may'),
    ...errors,
  },
});

const dropRoute = defineRoute({
  policy: POLICY.api,
  method: 'delete',
  path: `${path}/{field}`,
  tags,
  summary: "Drop a field's sort index (scope=creator: the one for end users' own records)",
  middleware: [requireBuilder] as const,
  request: { params: sortIndexParamsSchema, query: sortIndexDropQuerySchema },
  responses: { 204: { description: 'Dropped (or there was none)' }, ...errors },
});

/** The entity's top-level data fields (the panel's columns that are no system field). */
const dataFields = (t: EntityTarget) =>
  tableColumns(t.entity?.schema ?? { properties: {} })
    .map((column) => column.id)
    .filter((id) => entityModel(t).fields(id)?.kind === 'data');

export function sortIndexRoutes(module: EntitiesModule) {
  const { contexts, sortIndexes, repo } = module;
  /** The entity as its builder sees it: a table of records (not the hidden User entity). */
  const owned = async (c: Context<AppEnv>, appId: string, entity: string) => {
    const t = await contexts.resolve(appId, entity, { actor: (await resolveActor(c)) ?? undefined });
    if (t.access.kind !== 'owner') throw new AppError('forbidden', ENTITY_API_MESSAGES.sortIndexBuilderOnly);
    if (t.kind !== 'table') throw new AppError('bad_request', ENTITY_API_MESSAGES.sortIndexDataField);
    return t;
  };
  const dataField = (t: EntityTarget, field: string) => {
    if (!dataFields(t).includes(field))
      throw new AppError('bad_request', ENTITY_API_MESSAGES.sortIndexDataField);
    return [field];
  };

  return createRouter()
    .openapi(listRoute, async (c) => {
      const { appId, entity } = c.req.valid('param');
      const t = await owned(c, appId, entity);
      const records = await repo.storedCount(appId, t.name);
      const indexes = await sortIndexes.list(appId, t.name, dataFields(t));
      const pauseMs = sortIndexes.pauseMs(records);
      return c.json({ records, suggestFrom: module.sortIndexSuggestRows, pauseMs, indexes }, 200);
    })
    .openapi(requestRoute, async (c) => {
      const { appId, entity } = c.req.valid('param');
      const t = await owned(c, appId, entity);
      const { field } = c.req.valid('json');
      await sortIndexes.request(appId, t.name, dataField(t, field));
      return c.json({ field }, 202);
    })
    .openapi(dropRoute, async (c) => {
      const { appId, entity, field } = c.req.valid('param');
      const t = await owned(c, appId, entity);
      await sortIndexes.remove(appId, t.name, dataField(t, field), c.req.valid('query').scope ?? 'all');
      return c.body(null, 204);
    });
}
