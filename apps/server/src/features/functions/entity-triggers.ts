import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import {
  functionDeployments,
  rateLimits,
  type StoredEntityAutomation,
} from '../../platform/db/schema/index.ts';
import { toBase44Records } from '../base44/records.ts';
import type { RecordRow } from '../entities/entities.repo.ts';
import { type EntityChangeSignal, entityTopic } from '../entities/events.ts';
import { toRecordView } from '../entities/record-input.ts';
import type { FunctionsRuntime } from './functions.runtime.ts';
import { runAsService, uuidOf } from './service-run.ts';

/** Limits of entity-hook runs, per app (a hook that writes the entity it watches must not run away). */
export const ENTITY_TRIGGER_LIMITS = {
  /** The window of the per-app run budget (`FUNCTION_HOOK_RUNS_PER_MINUTE` runs in it). */
  windowSeconds: 60,
  /** `data`/`old_data` past this many bytes are left out (`payload_too_large`), as Base44 does. */
  maxPayloadBytes: 200 * 1024,
} as const;

/** The job queue entity-hook runs go through: each run is one job, run once by whichever instance takes it. */
export const ENTITY_HOOK_QUEUE = 'entity-hooks';
/** The bus topic deploys announce new hooks on, so every instance watches their entities. */
export const HOOK_DEPLOYS_TOPIC = 'functions:entity-hooks';

interface HookJob {
  appId: string;
  entity: string;
  type: EntityChangeSignal['type'];
  id: string;
  name: string;
  args?: Record<string, unknown> | undefined;
  /** The record when the signal was heard (null for a delete, or past maxPayloadBytes). */
  data: unknown;
  /** The record before an update or delete (from the signal; null when it had none or it was too large). */
  oldData?: unknown;
  tooLarge: boolean;
}

interface HookDeploy {
  appId: string;
  automations: StoredEntityAutomation[];
}

/**
 * Entity-hook automations (`function.jsonc`, automations.ts): after a create, update or delete of
 * a record of the entity, the function runs with Base44's hook body `{ event: { type,
 * entity_name, entity_id }, data, old_data, payload_too_large }` (+ `function_args`). The change
 * signals of the event bus drive it, so a run never delays the write's answer. Every instance hears
 * a signal; each sends one job per hook and record to the job queue (ENTITY_HOOK_QUEUE) with an id
 * made from the signal's key, so the queue keeps one and the run happens once across instances, on
 * whichever takes the job. Runs go through the function pool as the app's service role (trigger
 * `entity` in the invocations), bounded per app across instances (a run budget counted in the
 * database) and retried when the pool refused them for load. A deploy announces its hooks on the bus (HOOK_DEPLOYS_TOPIC), so every instance watches
 * their entities at once. `old_data` is the record before an update or delete, which the write's
 * change signal carries (up to PREVIOUS_ROW_MAX_BYTES of data; past that, and for bulk writes whose
 * signals carry ids only, it is null — `payload_too_large` says which); `data` of a delete is null
 * (the record is gone).
 */
export function createEntityTriggers(rt: FunctionsRuntime) {
  const watched = new Set<string>();

  let working: Promise<void> | undefined;
  /** Runs per app and window, counted in the database: the bound holds across instances. */
  const budget = new RateLimiterDrizzle({
    storeClient: rt.db,
    schema: rateLimits,
    keyPrefix: 'entity-hook-runs',
    points: rt.config.functions.hookRunsPerMinute,
    duration: ENTITY_TRIGGER_LIMITS.windowSeconds,
    clearExpiredByTimeout: rt.config.nodeEnv !== 'test',
  });

  /** Starts the job queue and works the hook queue, once (again after a failed start). */
  function work(): Promise<void> {
    working ??= (async () => {
      const { queue } = rt;
      await queue.start();
      await queue.defineQueue(ENTITY_HOOK_QUEUE, { retryLimit: 0, expireInSeconds: 10 * 60 });
      await queue.work<HookJob>(ENTITY_HOOK_QUEUE, (job) => runJob(job.data));
    })().catch((error: unknown) => {
      working = undefined;
      throw error;
    });
    return working;
  }

  function watch(appId: string, entity: string) {
    const topic = entityTopic(appId, entity);
    if (watched.has(topic)) return;
    watched.add(topic);
    work().catch((error: unknown) =>
      rt.logger.warn({ err: error, appId, entity }, 'entity hook queue not started'),
    );
    rt.bus.subscribe<EntityChangeSignal>(topic, (event) => {
      onChange(appId, entity, event.data).catch((error: unknown) =>
        rt.logger.warn({ err: error, appId, entity }, 'entity automations not run'),
      );
    });
  }

  async function onChange(appId: string, entity: string, signal: EntityChangeSignal) {
    const hooks = await liveHooks(appId, entity, signal.type);
    if (hooks.length === 0) return;
    await work();
    const key = signal.key ?? randomUUID();
    const records = signal.type === 'delete' ? new Map() : await readRecords(appId, entity, signal.ids);
    const previous = await readPrevious(appId, entity, signal);
    const { maxPayloadBytes } = ENTITY_TRIGGER_LIMITS;
    for (const [index, id] of signal.ids.entries()) {
      const data = records.get(id) ?? null;
      const dataTooLarge = data !== null && Buffer.byteLength(JSON.stringify(data)) > maxPayloadBytes;
      // The signal left the previous row out (its data over the signal's bound): Base44's flag.
      const oldLeftOut = signal.type !== 'create' && signal.previous?.[index] === null;
      const oldData = previous.get(id) ?? null;
      const oldTooLarge = oldData !== null && Buffer.byteLength(JSON.stringify(oldData)) > maxPayloadBytes;
      for (const hook of hooks) {
        const job: HookJob = {
          appId,
          entity,
          type: signal.type,
          id,
          name: hook.name,
          args: hook.args,
          data: dataTooLarge ? null : data,
          oldData: oldTooLarge ? null : oldData,
          tooLarge: dataTooLarge || oldTooLarge || oldLeftOut,
        };
        await rt.queue.send(ENTITY_HOOK_QUEUE, job, {
          id: uuidOf(`${key}\u0000${hook.name}\u0000${id}`),
        });
      }
    }
  }

  /** The rows an update or delete signal carries as they were before, as the Base44 SDK shows them. */
  async function readPrevious(appId: string, entity: string, signal: EntityChangeSignal) {
    const rows = (signal.previous ?? []).filter((row): row is RecordRow => row !== null);
    if (signal.type === 'create' || rows.length === 0) return new Map<string, unknown>();
    const views = await toBase44Records(rt.entities.repo, appId, entity, rows.map(toRecordView));
    return new Map<string, unknown>(views.map((view) => [String(view.id), view]));
  }

  /** One hook run (a job of ENTITY_HOOK_QUEUE), on whichever instance took it. */
  async function runJob(job: HookJob): Promise<void> {
    if (!(await take(job.appId))) {
      await skip(job.appId, job.name);
      return;
    }
    const body = JSON.stringify({
      ...(job.args ?? {}),
      event: { type: job.type, entity_name: job.entity, entity_id: job.id },
      data: job.data,
      old_data: job.oldData ?? null,
      payload_too_large: job.tooLarge,
    });
    await runAsService(rt, job.appId, job.name, body, 'entity').catch((error: unknown) =>
      rt.logger.warn({ err: error, appId: job.appId, name: job.name }, 'entity automation failed'),
    );
  }

  /** The live deployments' hooks on this entity and event: function name and its args. */
  async function liveHooks(appId: string, entity: string, type: EntityChangeSignal['type']) {
    const summaries = await rt.repo.liveAutomations(appId);
    const hooks: { name: string; args?: Record<string, unknown> | undefined }[] = [];
    for (const { name, automations } of summaries) {
      for (const automation of automations) {
        if (automation.entity === entity && automation.events.includes(type)) {
          hooks.push({ name, args: automation.args });
        }
      }
    }
    return hooks;
  }

  /** The records as the Base44 SDK shows them, read as the app's service role. */
  async function readRecords(appId: string, entity: string, ids: string[]) {
    const { entities } = rt;
    const target = await entities.contexts.resolve(appId, entity, {
      actor: undefined,
      serviceRoleFor: appId,
    });
    const rows = await entities.readMany(target, ids);
    const views = await toBase44Records(entities.repo, appId, entity, rows.map(toRecordView));
    return new Map(views.map((view) => [String(view.id), view]));
  }
  /**
   * Counts a run in the app's budget; false when the budget of this window is used up. A counter
   * that cannot be written (the database busy) lets the run go: the hook's run is not lost to it.
   */
  async function take(appId: string): Promise<boolean> {
    try {
      await budget.consume(appId);
      return true;
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return false;
      rt.logger.warn({ err: rejection, appId }, 'entity hook budget not counted');
      return true;
    }
  }

  async function skip(appId: string, name: string) {
    await rt.repo
      .recordInvocation({
        appId,
        name,
        deploymentId: null,
        status: 'error',
        httpStatus: 429,
        durationMs: 0,
        cold: false,
        trigger: 'entity',
        error: `Skipped: more than ${rt.config.functions.hookRunsPerMinute} entity-triggered runs of this app per minute (a hook that changes the entity it watches?)`,
        logs: [],
      })
      .catch(() => undefined);
  }

  const entityTriggers = {
    /**
     * Watches every entity some deployment has a hook on, and the hooks deploys announce on any
     * instance (server start). The hook queue is worked from the first watched entity on, so an
     * instance whose apps have no hooks does not start the job queue for them.
     */
    async start(): Promise<void> {
      rt.bus.subscribe<HookDeploy>(HOOK_DEPLOYS_TOPIC, (event) =>
        entityTriggers.watchAll(event.data.appId, event.data.automations),
      );
      const rows = await rt.db
        .selectDistinct({ appId: functionDeployments.appId, automations: functionDeployments.automations })
        .from(functionDeployments)
        .where(and(eq(functionDeployments.status, 'success'), isNotNull(functionDeployments.automations)));
      for (const row of rows) entityTriggers.watchAll(row.appId, row.automations ?? []);
    },

    /** Watches the entities of these automations (after a deploy). */
    watchAll(appId: string, automations: readonly StoredEntityAutomation[]) {
      for (const automation of automations) watch(appId, automation.entity);
    },

    /** After a deploy: watches here at once, and tells the other instances (the bus). */
    async deployed(appId: string, automations: StoredEntityAutomation[]): Promise<void> {
      entityTriggers.watchAll(appId, automations);
      if (automations.length === 0) return;
      await rt.bus
        .publish<HookDeploy>(HOOK_DEPLOYS_TOPIC, { appId, automations })
        .catch((error: unknown) =>
          rt.logger.warn({ err: error, appId }, 'entity hooks of a deploy not announced'),
        );
    },
  };
  return entityTriggers;
}

export type EntityTriggers = ReturnType<typeof createEntityTriggers>;
