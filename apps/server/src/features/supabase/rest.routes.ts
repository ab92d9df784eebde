import {
  ENTITY_API_MESSAGES,
  ENTITY_BULK_MAX,
  ENTITY_LIST_MAX_LIMIT,
  type EntityRecordView,
  type EntitySchema,
  HIDDEN_ENTITY_NAME,
} from '@atelier/shared';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { AppError } from '../../platform/errors.ts';
import type { AppEnv } from '../../platform/http/env.ts';
import { POLICY, routePolicy } from '../../platform/http/route-policy.ts';
import { createBase44Entities } from '../base44/entities.service.ts';
import { base44Fields } from '../base44/records.ts';
import type { EntityTarget } from '../entities/context.ts';
import type { EntitiesModule } from '../entities/entities.module.ts';
import { callerOf } from '../entities/entities.routes.ts';
import { entityModel } from '../entities/entities.service.ts';
import { sortKeysSql } from '../entities/filter.ts';
import { type EmbedSource, shapeRows } from './rest-embed.ts';
import { asPgrstError, functionNotFound, notOneRow, PgrstError, tableNotFound } from './rest-errors.ts';
import {
  type FilterNode,
  parseFilters,
  parseOrder,
  parsePrefer,
  parseRange,
  parseSelect,
  type SelectItem,
  splitTopLevel,
} from './rest-query.ts';
import { fieldName, filterQuery, orderFields, restFields, rowOf, writeOf } from './rest-rows.ts';
import { entityForTable, SUPABASE_VIEWS_KEY, type SupabaseViews } from './table-names.ts';

/** Most rows one answer holds (and at most BASE44_LIST_MAX_BYTES of them: Content-Range tells). */
export const REST_MAX_ROWS = ENTITY_LIST_MAX_LIMIT;
/** Rows one PATCH or DELETE changes at most (PostgREST has no bound; a 400 asks for narrower filters). */
export const REST_MAX_CHANGED = 500;
/** Embedded resources of one `select`, all levels together. */
const MAX_EMBEDS = 10;

const OBJECT_MEDIA = 'application/vnd.pgrst.object+json';

type Row = Record<string, unknown>;

/**
 * PostgREST's API (`supabase.from(table)…`, `supabase.rpc(…)`) on the app's entities (README.md,
 * "REST"): every read and write goes through the entity service as the caller (their session's
 * bearer token; the anon key is anonymous), so the entities' rules, field rules included, apply —
 * rows the caller may not read are absent, and PATCH/DELETE touch only rows they may change.
 */
export function supabaseRestRoutes(module: EntitiesModule) {
  const store = createBase44Entities(module, (fields) => restFields(base44Fields(fields)));
  const router = new Hono<AppEnv>();

  const target = async (c: Context<AppEnv>, table: string): Promise<EntityTarget> => {
    if (!/^[A-Za-z][A-Za-z0-9_]{0,99}$/.test(table)) throw tableNotFound(table);
    const appId = c.req.param('appId') ?? '';
    const resolve = (name: string) => module.contexts.resolve(appId, name, callerOf(c));
    try {
      return await resolve(table);
    } catch (error) {
      if (!(error instanceof AppError) || error.message !== ENTITY_API_MESSAGES.entityNotFound(table))
        throw error;
    }
    // No entity of that name: the one the table names in Base44's style (`app_configurations` →
    // AppConfiguration), which an app that moved from Base44 to Supabase still has.
    const { versionId } = await module.contexts.appAccess(appId, callerOf(c));
    const byName = versionId ? (await module.schemas.forVersion(appId, versionId)).byName : new Map();
    const entity = entityForTable(table, [...byName.keys(), HIDDEN_ENTITY_NAME]);
    if (entity) return resolve(entity);
    // A view of the export's SQL over one table: that table's records, with the view's columns.
    for (const [name, compiled] of byName) {
      const view = (compiled.schema[SUPABASE_VIEWS_KEY] as SupabaseViews | undefined)?.[table];
      if (!view) continue;
      const t = await resolve(name);
      views.set(t, view);
      return t;
    }
    throw tableNotFound(table);
  };
  /** The view a target was resolved through (`target`), whose columns the rows show. */
  const views = new WeakMap<EntityTarget, SupabaseViews[string]>();
  const rowsOf = (t: EntityTarget, records: EntityRecordView[]) => {
    const view = views.get(t);
    return records.map((record) => {
      const row = rowOf(schemaOf(t), record);
      if (!view || view === '*') return row;
      return Object.fromEntries(
        Object.entries(view).map(([alias, column]) => [alias, row[column as string] ?? null]),
      );
    });
  };
  const schemaOf = (t: EntityTarget): Pick<EntitySchema, 'properties'> =>
    t.entity?.schema ?? { properties: {} };

  /** Rows matching a query, in an order, as the caller may read them. */
  async function read(
    t: EntityTarget,
    q: unknown,
    order: ReturnType<typeof parseOrder>,
    limit: number,
    skip = 0,
  ) {
    const { fields } = entityModel(t);
    const sql = sortKeysSql(orderFields(schemaOf(t), order, restFields(base44Fields(fields))));
    const page = await store.list(t, { q, order: sql, limit, skip });
    return { rows: rowsOf(t, page.records), truncated: page.truncated };
  }

  const embedSource = (c: Context<AppEnv>): EmbedSource => {
    const targets = new Map<string, Promise<EntityTarget | undefined>>();
    const other = (table: string) => {
      if (!targets.has(table))
        targets.set(
          table,
          target(c, table).catch(() => undefined),
        );
      return targets.get(table) as Promise<EntityTarget | undefined>;
    };
    return {
      schemaOf: async (table) => {
        const t = await other(table);
        return t && schemaOf(t);
      },
      rowsWhere: async (table, column, values, limit) => {
        const t = await other(table);
        if (!t || values.length === 0) return [];
        const q = { [fieldName(schemaOf(t), column)]: { $in: values } };
        return (await read(t, q, [], limit)).rows;
      },
    };
  };

  /** The request's rows shaped by `select` (embedded resources included). */
  const shaped = (c: Context<AppEnv>, t: EntityTarget, rows: Row[], items: SelectItem[]) =>
    shapeRows(embedSource(c), t.name, schemaOf(t), rows, items);

  /** The request's filters as one query (400 when the caller sent none and `required`). */
  const filtersOf = (c: Context<AppEnv>, t: EntityTarget) => {
    const nodes: FilterNode[] = parseFilters(new URL(c.req.url).searchParams);
    return filterQuery(schemaOf(t), nodes);
  };

  const selectOf = (c: Context<AppEnv>) => {
    const items = parseSelect(c.req.query('select'));
    const embeds = (list: SelectItem[]): number =>
      list.reduce((n, item) => n + (item.kind === 'embed' ? 1 + embeds(item.items) : 0), 0);
    if (embeds(items) > MAX_EMBEDS) {
      throw new PgrstError(400, 'PGRST100', `A select may embed at most ${MAX_EMBEDS} resources`);
    }
    return items;
  };

  const single = (c: Context<AppEnv>) => (c.req.header('Accept') ?? '').includes(OBJECT_MEDIA);

  /** An answer of rows: the array, or the one object `single()` asked for (406 otherwise). */
  function rowsAnswer(c: Context<AppEnv>, rows: Row[], status: 200 | 201, range?: string) {
    if (range) c.header('Content-Range', range);
    if (single(c)) {
      if (rows.length !== 1) throw notOneRow(rows.length);
      return c.json(rows[0], status);
    }
    return c.json(rows, status);
  }

  const handle =
    (work: (c: Context<AppEnv>, table: string) => Promise<Response>) => async (c: Context<AppEnv>) => {
      try {
        return await work(c, c.req.param('table') ?? '');
      } catch (error) {
        const pgrst = asPgrstError(error);
        if (!pgrst) throw error;
        return c.json(pgrst.toBody(), pgrst.status);
      }
    };

  // SQL functions cannot run here (README.md): what PostgREST answers for a function it lacks.
  router.on(['GET', 'HEAD', 'POST'], '/rpc/:fn', routePolicy(POLICY.api), (c) =>
    c.json(functionNotFound(c.req.param('fn') ?? '').toBody(), 404),
  );

  router.on(
    ['GET', 'HEAD'],
    '/:table',
    routePolicy(POLICY.api),
    handle(async (c, table) => {
      const t = await target(c, table);
      const items = selectOf(c);
      const q = filtersOf(c, t);
      const { limit, offset } = parseRange(new URL(c.req.url).searchParams, c.req.header('Range'));
      const wanted = Math.min(limit ?? REST_MAX_ROWS, REST_MAX_ROWS);
      const prefer = parsePrefer(c.req.header('Prefer'));
      // HEAD (`select(…, { head: true })`) wants the count only: no rows are read.
      const head = c.req.method === 'HEAD';
      const { rows } =
        wanted === 0 || head
          ? { rows: [] }
          : await read(t, q, parseOrder(c.req.query('order')), wanted, offset);
      const total = prefer.count ? await store.count(t, q) : undefined;
      const range = `${rows.length === 0 ? '*' : `${offset}-${offset + rows.length - 1}`}/${total ?? '*'}`;
      if (head) {
        c.header('Content-Range', range);
        return c.body(null, 200);
      }
      return rowsAnswer(c, await shaped(c, t, rows, items), 200, range);
    }),
  );

  /** The rows a write answers (`Prefer: return=representation`), else 201/204 without a body. */
  async function writeAnswer(
    c: Context<AppEnv>,
    t: EntityTarget,
    records: EntityRecordView[],
    created: boolean,
  ) {
    const prefer = parsePrefer(c.req.header('Prefer'));
    const range = `${records.length === 0 ? '*' : `0-${records.length - 1}`}/${prefer.count ? records.length : '*'}`;
    if (prefer.return !== 'representation') {
      c.header('Content-Range', range);
      return c.body(null, created ? 201 : 204);
    }
    return rowsAnswer(c, await shaped(c, t, rowsOf(t, records), selectOf(c)), created ? 201 : 200, range);
  }

  async function bodyOf(c: Context<AppEnv>): Promise<unknown> {
    const text = await c.req.text();
    if (text.trim() === '') throw new PgrstError(400, 'PGRST102', 'Empty or invalid json');
    return JSON.parse(text);
  }

  /** `columns="a","b"`: only these keys of each row are written. */
  function onlyColumns(c: Context<AppEnv>, row: Row): Row {
    const columns = c.req.query('columns');
    if (!columns) return row;
    const names = new Set(splitTopLevel(columns).map((name) => name.trim().replace(/^"(.*)"$/, '$1')));
    return Object.fromEntries(Object.entries(row).filter(([key]) => names.has(key)));
  }

  router.post(
    '/:table',
    routePolicy(POLICY.api),
    handle(async (c, table) => {
      const t = await target(c, table);
      const body = await bodyOf(c);
      const list = Array.isArray(body) ? body : [body];
      if (list.length > ENTITY_BULK_MAX) {
        throw new PgrstError(400, 'PGRST100', `At most ${ENTITY_BULK_MAX} rows may be inserted at once`);
      }
      const resolution = parsePrefer(c.req.header('Prefer')).resolution;
      if (resolution === 'merge-duplicates' || resolution === 'ignore-duplicates') {
        const written: EntityRecordView[] = [];
        for (const row of list) {
          const record = await upsert(c, t, onlyColumns(c, row as Row), resolution === 'merge-duplicates');
          if (record) written.push(record);
        }
        return writeAnswer(c, t, written, true);
      }
      const data = list.map((row, index) => writeOf(schemaOf(t), onlyColumns(c, row as Row), index));
      const created =
        data.length === 1
          ? [await module.service.create(t, data[0] as Row)]
          : await module.service.bulkCreate(t, data);
      return writeAnswer(c, t, created, true);
    }),
  );

  /** One row of an upsert: the record matching its `on_conflict` columns (default `id`) changed, or a new one. */
  async function upsert(c: Context<AppEnv>, t: EntityTarget, row: Row, merge: boolean) {
    const data = writeOf(schemaOf(t), row);
    const columns = (c.req.query('on_conflict') ?? 'id')
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    if (columns.length > 10) throw new PgrstError(400, 'PGRST100', 'on_conflict names at most 10 columns');
    const known = columns.every((column) => row[column] !== undefined && row[column] !== null);
    if (!known) return module.service.create(t, data);
    const q = { $and: columns.map((column) => ({ [fieldName(schemaOf(t), column)]: row[column] })) };
    const [existing] = await store.writable(t, q, 'update', 1);
    if (!existing) {
      // A row the caller cannot change but can see is a conflict, as in PostgreSQL under RLS.
      const [seen] = (await read(t, q, [], 1)).rows;
      if (seen) {
        if (!merge) return undefined;
        throw new PgrstError(
          403,
          '42501',
          `new row violates row-level security policy for table "${t.name}"`,
        );
      }
      return module.service.create(t, data);
    }
    return merge ? module.service.update(t, existing.id, data) : undefined;
  }

  /** The rows matching the request's filters that the caller may change (a filter is required). */
  async function changing(c: Context<AppEnv>, t: EntityTarget, operation: 'update' | 'delete') {
    const q = filtersOf(c, t);
    if (q === undefined) {
      throw new PgrstError(
        400,
        '21000',
        `${operation === 'update' ? 'UPDATE' : 'DELETE'} requires a WHERE clause`,
        null,
        'Add a filter (e.g. .eq("id", id)) to say which rows',
      );
    }
    const rows = await store.writable(t, q, operation, REST_MAX_CHANGED + 1);
    if (rows.length > REST_MAX_CHANGED) {
      throw new PgrstError(
        400,
        'PGRST100',
        `At most ${REST_MAX_CHANGED} rows may change in one request: narrow the filters`,
      );
    }
    return rows.map((row) => row.id);
  }

  router.patch(
    '/:table',
    routePolicy(POLICY.api),
    handle(async (c, table) => {
      const t = await target(c, table);
      const data = writeOf(schemaOf(t), onlyColumns(c, (await bodyOf(c)) as Row));
      const updated: EntityRecordView[] = [];
      for (const id of await changing(c, t, 'update')) updated.push(await module.service.update(t, id, data));
      return writeAnswer(c, t, updated, false);
    }),
  );

  router.delete(
    '/:table',
    routePolicy(POLICY.api),
    handle(async (c, table) => {
      const t = await target(c, table);
      const ids = await changing(c, t, 'delete');
      const representation = parsePrefer(c.req.header('Prefer')).return === 'representation';
      // What the answer shows, read before the rows go.
      const before =
        representation && ids.length > 0
          ? await store.list(t, { q: { id: { $in: ids } }, limit: ids.length })
          : undefined;
      if (ids.length > 0) await store.deleteMany(t, { id: { $in: ids } });
      return writeAnswer(c, t, before?.records ?? [], false);
    }),
  );

  return router;
}
