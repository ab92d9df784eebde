import PgBoss from 'pg-boss';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';

export type JobHandler<Data extends object> = (job: { id: string; data: Data }) => Promise<void>;

export interface WorkOptions {
  /** How often an idle worker polls for new jobs. */
  pollingIntervalSeconds?: number;
}

export interface QueueOptions {
  retryLimit?: number;
  retryDelaySeconds?: number;
  retryBackoff?: boolean;
  /** A job running longer than this is failed (and retried while retries remain). */
  expireInSeconds?: number;
}

/**
 * The one job-queue API for features: pg-boss on PostgreSQL and on PGlite alike. A job enqueued on
 * any instance runs once, on whichever instance fetches it first.
 */
export interface JobQueue {
  start(): Promise<void>;
  defineQueue(name: string, options?: QueueOptions): Promise<void>;
  send<Data extends object>(
    name: string,
    data: Data,
    /**
     * `singletonKey`: at most one such job waiting or running. `id`: the job's own id (a UUID); a
     * second send with the same id (another instance sending the same job) adds nothing and answers null.
     */
    options?: { singletonKey?: string; id?: string },
  ): Promise<string | null>;
  work<Data extends object>(name: string, handler: JobHandler<Data>, options?: WorkOptions): Promise<void>;
  /**
   * Sends an empty job to the queue on a cron (five fields, UTC): pg-boss's clock sends one per
   * tick however many instances run it (the queue's schedule, one per queue).
   */
  schedule(name: string, cron: string): Promise<void>;
  /** Stops fetching; waits up to `timeoutMs` for running jobs, whose unfinished work goes back to the queue. */
  stop(timeoutMs: number): Promise<void>;
  /** The underlying pg-boss instance, for maintenance views (queue sizes). */
  readonly boss: PgBoss;
}

/** deadlock_detected, unique_violation, duplicate_table: another instance created the queue meanwhile. */
const CREATE_RACE_CODES = new Set(['40P01', '23505', '42P07']);

export function createJobQueue(database: Database, logger: Logger): JobQueue {
  /** Set once stop() has returned: the database may close next. */
  let stopped = false;
  const boss = new PgBoss({
    db: {
      // PGlite's extended protocol takes one statement per call; pg-boss's schema scripts are
      // multi-statement and parameterless, so those go through exec().
      executeSql: (text: string, values?: unknown[]) => {
        // A job that outlived stop()'s wait finishes later and pg-boss then marks it complete or
        // failed — on a pool that may be closed, as an unhandled rejection. Drop that late write:
        // the job stays active and is retried once it expires, as after a killed process.
        if (stopped) return Promise.resolve({ rows: [] });
        return values && values.length > 0 ? database.query(text, values) : database.exec(text);
      },
    },
    schema: 'pgboss',
    // pg-boss's own supervisor archives, expires and retries; keep its cadence modest on PGlite.
    maintenanceIntervalSeconds: 60,
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  const defined = new Map<string, Promise<void>>();
  /** This instance's workers by queue: a job sent here wakes them instead of waiting for their next poll. */
  const workers = new Map<string, string[]>();
  let started: Promise<unknown> | undefined;

  const ensureQueue = (name: string, options: QueueOptions = {}) => {
    let pending = defined.get(name);
    if (!pending) {
      pending = (async () => {
        await started;
        const queue = {
          name,
          retryLimit: options.retryLimit ?? 2,
          retryDelay: options.retryDelaySeconds ?? 5,
          retryBackoff: options.retryBackoff ?? true,
          expireInSeconds: options.expireInSeconds ?? 15 * 60,
        };
        for (let attempt = 1; ; attempt++) {
          try {
            if (await boss.getQueue(name)) await boss.updateQueue(name, queue);
            else await boss.createQueue(name, queue);
            return;
          } catch (error) {
            // Instances starting together on one PostgreSQL race to create the same queue (pg-boss 10
            // creates a partition per queue): the loser sees a deadlock or a duplicate while the
            // winner commits. Look again a moment later; the queue exists then.
            const raced = CREATE_RACE_CODES.has((error as { code?: string }).code ?? '');
            if (!raced || attempt >= 5) throw error;
            await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
          }
        }
      })();
      defined.set(name, pending);
      pending.catch(() => defined.delete(name));
    }
    return pending;
  };

  return {
    boss,
    async start() {
      started ??= boss.start();
      await started;
    },
    defineQueue: ensureQueue,
    async send(name, data, options) {
      await ensureQueue(name);
      const id = await boss.send(name, data, {
        ...(options?.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options?.id ? { id: options.id } : {}),
      });
      if (id) for (const worker of workers.get(name) ?? []) boss.notifyWorker(worker);
      return id;
    },
    async work(name, handler, options) {
      await ensureQueue(name);
      const worker = await boss.work<object>(
        name,
        { pollingIntervalSeconds: options?.pollingIntervalSeconds ?? 2, batchSize: 1 },
        async (jobs) => {
          for (const job of jobs) {
            await (handler as JobHandler<object>)({ id: job.id, data: job.data });
          }
        },
      );
      workers.set(name, [...(workers.get(name) ?? []), worker]);
    },
    async schedule(name, cron) {
      await ensureQueue(name);
      await boss.schedule(name, cron, {}, { tz: 'UTC' });
    },
    async stop(timeoutMs) {
      if (!started) return;
      await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
      stopped = true;
    },
  };
}
