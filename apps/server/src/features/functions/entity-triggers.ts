import { functionWebhookUrl } from '@atelier/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import { functionDeployments, type StoredEntityAutomation } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { toBase44Records } from '../base44/records.ts';
import { entitiesModuleOf } from '../entities/entities.module.ts';
import { type EntityChangeSignal, entityTopic } from '../entities/events.ts';
import { toRecordView } from '../entities/record-input.ts';
import type { FunctionsRuntime } from './functions.runtime.ts';
import { invokeFunction } from './invoke.service.ts';

/** Limits of entity-hook runs, per app (a hook that writes the entity it watches must not run away). */
export const ENTITY_TRIGGER_LIMITS = {
  /** Runs waiting per app; past it, a run is skipped (and recorded as such). */
  maxQueued: 200,
  /** Token bucket: burst and refill per second of runs per app. */
  burst: 100,
  perSecond: 10,
  /** Attempts of a run the pool refused for load (app busy, overloaded) or that crashed its runner. */
  attempts: 3,
  /** `data`/`old_data` past this many bytes are left out (`payload_too_large`), as Base44 does. */
  maxPayloadBytes: 200 * 1024,
} as const;

interface Run {
  name: string;
  body: string;
}

/**
 * Entity-hook automations (`function.jsonc`, automations.ts): after a create, update or delete of
 * a record of the entity, the function runs with Base44's hook body `{ event: { type,
 * entity_name, entity_id }, data, old_data, payload_too_large }` (+ `function_args`). The change
 * signals of the event bus drive it, so a run never delays the write's answer; runs go through the
 * function pool as the app's service role (trigger `entity` in the invocations), one at a time per
 * app, bounded (queue, rate) and retried when the pool refused them for load: at least once on this
 * instance. `old_data` is null (Atelier's signals carry ids, not earlier values), and `data` of a
 * delete is null (the record is gone).
 */
export class EntityTriggers {
  private readonly watched = new Set<string>();
  private readonly queues = new Map<string, { chain: Promise<void>; size: number }>();
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly rt: FunctionsRuntime) {}

  /** Watches every entity some deployment has a hook on (server start). */
  async start(): Promise<void> {
    const rows = await this.rt.deps.database.db
      .selectDistinct({ appId: functionDeployments.appId, automations: functionDeployments.automations })
      .from(functionDeployments)
      .where(and(eq(functionDeployments.status, 'success'), isNotNull(functionDeployments.automations)));
    for (const row of rows) this.watchAll(row.appId, row.automations ?? []);
  }

  /** Watches the entities of these automations (after a deploy). */
  watchAll(appId: string, automations: readonly StoredEntityAutomation[]) {
    for (const automation of automations) this.watch(appId, automation.entity);
  }

  private watch(appId: string, entity: string) {
    const topic = entityTopic(appId, entity);
    if (this.watched.has(topic)) return;
    this.watched.add(topic);
    this.rt.deps.bus.subscribe<EntityChangeSignal>(topic, (event) => {
      this.onChange(appId, entity, event.data).catch((error: unknown) =>
        this.rt.deps.logger.warn({ err: error, appId, entity }, 'entity automations not run'),
      );
    });
  }

  private async onChange(appId: string, entity: string, signal: EntityChangeSignal) {
    const hooks = await this.liveHooks(appId, entity, signal.type);
    if (hooks.length === 0) return;
    const records = signal.type === 'delete' ? new Map() : await this.records(appId, entity, signal.ids);
    for (const id of signal.ids) {
      const data = records.get(id) ?? null;
      const text = data === null ? 'null' : JSON.stringify(data);
      const tooLarge = Buffer.byteLength(text) > ENTITY_TRIGGER_LIMITS.maxPayloadBytes;
      for (const hook of hooks) {
        const body = JSON.stringify({
          ...(hook.args ?? {}),
          event: { type: signal.type, entity_name: entity, entity_id: id },
          data: tooLarge ? null : data,
          old_data: null,
          payload_too_large: tooLarge,
        });
        this.enqueue(appId, { name: hook.name, body });
      }
    }
  }

  /** The live deployments' hooks on this entity and event: function name and its args. */
  private async liveHooks(appId: string, entity: string, type: EntityChangeSignal['type']) {
    const summaries = await this.rt.repo.liveAutomations(appId);
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
  private async records(appId: string, entity: string, ids: string[]) {
    const entities = entitiesModuleOf(this.rt.deps);
    const target = await entities.contexts.resolve(appId, entity, {
      actor: undefined,
      serviceRoleFor: appId,
    });
    const rows = await entities.readMany(target, ids);
    const views = await toBase44Records(entities.repo, appId, entity, rows.map(toRecordView));
    return new Map(views.map((view) => [String(view.id), view]));
  }

  private enqueue(appId: string, run: Run) {
    const queue = this.queues.get(appId) ?? { chain: Promise.resolve(), size: 0 };
    this.queues.set(appId, queue);
    if (queue.size >= ENTITY_TRIGGER_LIMITS.maxQueued || !this.take(appId)) {
      void this.skip(appId, run.name);
      return;
    }
    queue.size++;
    queue.chain = queue.chain
      .then(() => this.run(appId, run))
      .catch((error: unknown) =>
        this.rt.deps.logger.warn({ err: error, appId, name: run.name }, 'entity automation failed'),
      )
      .finally(() => {
        queue.size--;
        if (queue.size === 0 && this.queues.get(appId) === queue) this.queues.delete(appId);
      });
  }

  private take(appId: string): boolean {
    const now = Date.now();
    const { burst, perSecond } = ENTITY_TRIGGER_LIMITS;
    const bucket = this.buckets.get(appId) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    this.buckets.set(appId, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens--;
    return true;
  }

  private async run(appId: string, run: Run) {
    const url = functionWebhookUrl(this.rt.origin(), appId, run.name);
    for (let attempt = 1; ; attempt++) {
      try {
        const request = new Request(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-atelier-trigger': 'entity' },
          body: run.body,
        });
        const response = await invokeFunction(this.rt, {
          appId,
          name: run.name,
          request,
          body: () => request.arrayBuffer(),
          actor: null,
          trigger: 'entity',
          callerIsService: true,
          env: { atelierServiceRole: { appId } },
        });
        const retry = response.status === 429 || response.status === 503;
        if (!retry || attempt >= ENTITY_TRIGGER_LIMITS.attempts) return;
      } catch (error) {
        // The function's own failures are in its invocations already; a crashed runner is retried.
        if (!(error instanceof AppError)) throw error;
        const crashed = (error.details as { kind?: string } | undefined)?.kind === 'crash';
        if (!crashed || attempt >= ENTITY_TRIGGER_LIMITS.attempts) return;
      }
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt).unref());
    }
  }

  private async skip(appId: string, name: string) {
    await this.rt.repo
      .recordInvocation({
        appId,
        name,
        deploymentId: null,
        status: 'error',
        httpStatus: 429,
        durationMs: 0,
        cold: false,
        trigger: 'entity',
        error: `Skipped: more than ${ENTITY_TRIGGER_LIMITS.perSecond} entity-triggered runs per second (a hook that changes the entity it watches?)`,
        logs: [],
      })
      .catch(() => undefined);
  }
}
