import { parseEntitySchema, resolveRules, tenantForApp } from '@atelier/shared';
import type { EntityTarget } from '../../apps/server/src/features/entities/context.ts';
import { EntitiesRepo } from '../../apps/server/src/features/entities/entities.repo.ts';
import { EntitiesService } from '../../apps/server/src/features/entities/entities.service.ts';
import { validatorFactory } from '../../apps/server/src/features/entities/validation.ts';
import type { Database } from '../../apps/server/src/platform/db/database.ts';
import type { EventBus } from '../../apps/server/src/platform/events/event-bus.ts';

/** One statement as the entity API sends it to PostgreSQL. */
export interface CapturedStatement {
  text: string;
  params: unknown[];
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
  const parsed = parseEntitySchema(JSON.stringify(options.schema));
  if (!parsed.ok) throw new Error(parsed.message);
  const target: EntityTarget = {
    appId: options.appId,
    versionId: 'bench',
    access: { kind: 'member', userId: options.userId, tenantId: tenantForApp(options.appId) },
    kind: 'table',
    name: options.entity,
    entity: {
      name: options.entity,
      path: `entities/${options.entity}.json`,
      fileId: 'bench',
      schema: parsed.schema,
      rules: resolveRules(parsed.schema.rls),
      validators: validatorFactory().compile(parsed.schema),
    },
  };
  const service = new EntitiesService(new EntitiesRepo(database), {} as EventBus);
  await service.listJson(target, { limit: 20 });
  // No row comes back from the recording database: the service then refuses, after the statement.
  await service.create(target, options.body).catch(() => undefined);
  const [list, create] = captured;
  if (!list || !create || captured.length !== 2) throw new Error('unexpected statements of the entity API');
  const payloadIndex = create.params.findIndex(
    (param) => typeof param === 'string' && param.startsWith('[{'),
  );
  if (payloadIndex < 0) throw new Error('no record payload in the create statement');
  return { list, create: { ...create, payloadIndex } };
}
