import { fieldRulesOf, parseEntitySchema, resolveRules, tenantForApp } from '@atelier/shared';
import type { EntityTarget } from '../../apps/server/src/features/entities/context.ts';
import { createEntitiesRepo } from '../../apps/server/src/features/entities/entities.repo.ts';
import { createEntitiesService } from '../../apps/server/src/features/entities/entities.service.ts';
import { validatorFactory } from '../../apps/server/src/features/entities/validation.ts';
import type { Database } from '../../apps/server/src/platform/db/database.ts';
import type { EventBus } from '../../apps/server/src/platform/events/event-bus.ts';

/** One statement as the entity API sends it to PostgreSQL. */
export interface CapturedStatement {
  text: string;
  params: unknown[];
}

/**
 * The entity as the service sees it for an end user (`userId`) of the app: the schema parsed once,
 * a fresh target per call (the service may keep state on one).
 */
function memberTarget(options: { appId: string; entity: string; userId: string; schema: unknown }) {
  const parsed = parseEntitySchema(JSON.stringify(options.schema));
  if (!parsed.ok) throw new Error(parsed.message);
  return (): EntityTarget => ({
    appId: options.appId,
    versionId: 'bench',
    // A member's admin flag comes with the session (the API asks nothing more): not an admin.
    access: { kind: 'member', userId: options.userId, tenantId: tenantForApp(options.appId), isAdmin: false },
    kind: 'table',
    name: options.entity,
    entity: {
      name: options.entity,
      path: `entities/${options.entity}.json`,
      fileId: 'bench',
      schema: parsed.schema,
      rules: resolveRules(parsed.schema.rls),
      fieldRules: fieldRulesOf(parsed.schema),
      validators: validatorFactory().compile(parsed.schema),
    },
  });
}

/**
 * The exact list and create statements the entity API runs for an end user (the server's own
 * service and repo, with a database that records the statement instead of running it), so the
 * node:http + node-postgres baseline runs the same SQL with the same parameters.
 */
export async function entityApiStatements(options: {
  appId: string;
  entity: string;
  userId: string;
  schema: unknown;
  body: Record<string, unknown>;
}): Promise<{ list: CapturedStatement; create: CapturedStatement & { payloadIndex: number } }> {
  const captured: CapturedStatement[] = [];
  const database = {
    query: async (text: string, params?: unknown[]) => {
      captured.push({ text, params: params ?? [] });
      return { rows: [] };
    },
  } as unknown as Database;
  const target = memberTarget(options)();
  const service = createEntitiesService(createEntitiesRepo(database), {} as EventBus);
  await service.listJson(target, { limit: 20 });
  // No row comes back from the recording database: the service then refuses, after the statement.
  await service.create(target, options.body).catch(() => undefined);
  // The read rule's admin lookup (asked before the list) is left out: the list and the create.
  const list = captured.find((statement) => statement.text.includes('page_rows'));
  const create = captured.find((statement) => /insert into entity_records/.test(statement.text));
  if (!list || !create) throw new Error('unexpected statements of the entity API');
  const payloadIndex = create.params.findIndex(
    (param) => typeof param === 'string' && param.startsWith('[{'),
  );
  if (payloadIndex < 0) throw new Error('no record payload in the create statement');
  return { list, create: { ...create, payloadIndex } };
}

/** The operations of the app-shaped benchmark (`entities-apps`), by name. */
export const APP_OPERATIONS = [
  'list newest',
  'list filtered',
  'list sorted',
  'get',
  'create',
  'update',
] as const;
export type AppOperation = (typeof APP_OPERATIONS)[number];

/** Every statement one operation of the entity API sends, in order, and where its varying parts are. */
export interface CapturedOperation {
  statements: CapturedStatement[];
  /** Every [statement, parameter] holding the record id (get, update): the floor puts each request's id there. */
  idAt?: [number, number][];
  /** [statement, parameter] holding the new record's payload (create): the floor gives it a fresh id. */
  payloadAt?: [number, number];
}

/** The id given to get and update while capturing: the floor replaces it by each request's. */
export const CAPTURE_ID = '00000000-bench-capture-id';

/**
 * Every statement the entity API sends for each app-shaped operation of an end user (the server's
 * own service and repo over a database that records the statements and answers like one that holds
 * a matching, non-admin row), with the same list options as the HTTP requests, so the floors run
 * exactly the API's SQL with the API's parameters.
 */
export async function entityAppOperations(options: {
  appId: string;
  entity: string;
  userId: string;
  schema: unknown;
  lists: Record<
    'list newest' | 'list filtered' | 'list sorted',
    { q?: string; sort?: string; limit: number }
  >;
  create: Record<string, unknown>;
  update: Record<string, unknown>;
}): Promise<Record<AppOperation, CapturedOperation>> {
  let captured: CapturedStatement[] = [];
  const fakeRow = {
    id: CAPTURE_ID,
    creator_id: options.userId,
    data: {},
    created_at: new Date(),
    updated_at: new Date(),
  };
  const database = {
    kind: 'postgres',
    query: async (text: string, params?: unknown[]) => {
      captured.push({ text, params: params ?? [] });
      if (/^\s*select \(/i.test(text)) return { rows: [{ ok: false }] };
      if (/^\s*(with|insert|update)/i.test(text)) return { rows: [{ ...fakeRow, signalled: 1 }] };
      if (/limit 1\s*$/i.test(text)) return { rows: [fakeRow] };
      return { rows: [] };
    },
  } as unknown as Database;
  const target = memberTarget(options);
  const service = createEntitiesService(createEntitiesRepo(database), {} as EventBus);
  const capture = async (run: () => Promise<unknown>): Promise<CapturedStatement[]> => {
    captured = [];
    await run();
    return captured;
  };
  const find = (statements: CapturedStatement[], match: (param: unknown) => boolean): [number, number] => {
    for (const [index, statement] of statements.entries()) {
      const at = statement.params.findIndex(match);
      if (at >= 0) return [index, at];
    }
    throw new Error('a varying parameter was not found in the captured statements');
  };
  /** Every place of the record id: a statement may name it more than once (the update's previous row and the row it writes). */
  const idPlaces = (statements: CapturedStatement[]): [number, number][] =>
    statements.flatMap((statement, index) =>
      statement.params.flatMap((param, at): [number, number][] =>
        param === CAPTURE_ID ? [[index, at]] : [],
      ),
    );
  const result = {} as Record<AppOperation, CapturedOperation>;
  for (const name of ['list newest', 'list filtered', 'list sorted'] as const) {
    result[name] = { statements: await capture(() => service.listJson(target(), options.lists[name])) };
  }
  const get = await capture(() => service.get(target(), CAPTURE_ID));
  result.get = { statements: get, idAt: idPlaces(get) };
  const create = await capture(() => service.create(target(), options.create));
  result.create = {
    statements: create,
    payloadAt: find(create, (param) => typeof param === 'string' && param.startsWith('[{')),
  };
  const update = await capture(() => service.update(target(), CAPTURE_ID, options.update));
  result.update = { statements: update, idAt: idPlaces(update) };
  return result;
}
