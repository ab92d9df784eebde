import { functionNameFromPath } from '@atelier/shared';
import type { StoredScheduledAutomation } from '../../platform/db/schema/index.ts';
import type { FunctionsRuntime } from './functions.runtime.ts';
import { createSchedulesRepo, type ScheduleRow } from './schedules.repo.ts';
import { nextRun } from './schedules.ts';
import { runAsService, uuidOf } from './service-run.ts';

/** The queue pg-boss's clock sends one job to every minute (across instances: one per minute). */
export const SCHEDULE_TICK_QUEUE = 'function-schedule-tick';
/** The runs the tick sends: one job per schedule and due time, run by whichever instance takes it. */
export const SCHEDULED_RUN_QUEUE = 'function-scheduled-runs';

interface RunJob {
  scheduleId: string;
  appId: string;
  name: string;
  /** The due time this run is for. */
  at: string;
}

/**
 * Scheduled automations (`function.jsonc`, schedules.ts): a deploy stores each function's schedules
 * with their next run (function_schedules). pg-boss's cron sends one tick a minute to
 * SCHEDULE_TICK_QUEUE whichever instances run; the tick moves each due schedule on to its next run
 * (a conditional update, so two ticks never send one due time twice) and sends a run job whose id is
 * made from the schedule and due time (the queue keeps one). A run calls the live deployment as
 * the app's service role (trigger `schedule` in the invocations) with `function_args` as its JSON
 * body, and stores its outcome on the schedule. A function no longer in the app's current version
 * loses its schedules at its next due time (the code editor's renames and deletes move or remove
 * them at once: file-moves.ts).
 */
export function createScheduledRuns(rt: FunctionsRuntime) {
  let working: Promise<void> | undefined;

  const repo = createSchedulesRepo(rt.db);

  function work(): Promise<void> {
    working ??= (async () => {
      const { queue } = rt;
      await queue.start();
      await queue.defineQueue(SCHEDULE_TICK_QUEUE, { retryLimit: 0, expireInSeconds: 5 * 60 });
      await queue.defineQueue(SCHEDULED_RUN_QUEUE, { retryLimit: 0, expireInSeconds: 10 * 60 });
      await queue.work(SCHEDULE_TICK_QUEUE, () => scheduledRuns.tick());
      await queue.work<RunJob>(SCHEDULED_RUN_QUEUE, (job) => runJob(job.data));
      await queue.schedule(SCHEDULE_TICK_QUEUE, '* * * * *');
    })().catch((error: unknown) => {
      working = undefined;
      throw error;
    });
    return working;
  }

  /** The function names of the app's current version. */
  async function currentFunctions(appId: string): Promise<Set<string>> {
    const app = await rt.apps.unsafeFindById(appId);
    const version = app?.currentVersionId
      ? await rt.versions.unsafeFindVersionRow(appId, app.currentVersionId)
      : undefined;
    const names = (version?.files ?? []).map((file) => functionNameFromPath(file.path));
    return new Set(names.filter((name): name is string => name !== null));
  }

  async function runJob(job: RunJob): Promise<void> {
    const row: ScheduleRow | undefined = await repo.find(job.scheduleId);
    if (!row || row.paused || row.appId !== job.appId) return;
    const result = await runAsService(
      rt,
      row.appId,
      row.name,
      JSON.stringify(row.spec.args ?? {}),
      'schedule',
    ).catch((error: unknown) => ({ status: 'error' as const, error: (error as Error).message }));
    await repo.recordRun(row.id, new Date(), result);
  }

  const scheduledRuns = {
    repo,

    /** Server start: works the queues when some app has schedules (else from its first deploy with one). */
    async start(): Promise<void> {
      if (await repo.any()) await work();
    },

    /** After a deploy of `name`: its schedules become the declared ones. */
    async deployed(appId: string, name: string, schedules: StoredScheduledAutomation[]): Promise<void> {
      await repo.sync(appId, name, schedules, new Date());
      if (schedules.length === 0) return;
      await work().catch((error: unknown) =>
        rt.logger.warn({ err: error, appId }, 'scheduled automations not started'),
      );
    },

    /** One tick: sends the run of every due schedule and moves it on to its next run. */
    async tick(now = new Date()): Promise<void> {
      const due = await repo.due(now);
      const functionsOf = new Map<string, Promise<Set<string>>>();
      for (const row of due) {
        let names = functionsOf.get(row.appId);
        if (!names) {
          names = currentFunctions(row.appId);
          functionsOf.set(row.appId, names);
        }
        if (!(await names).has(row.name)) {
          await repo.removeFunction(row.appId, row.name);
          continue;
        }
        const finished = row.spec.maxRuns !== undefined && row.runCount + 1 >= row.spec.maxRuns;
        if (!(await repo.advance(row, finished ? null : nextRun(row.spec, now)))) continue;
        const at = row.nextRunAt!.toISOString();
        await rt.queue.send<RunJob>(
          SCHEDULED_RUN_QUEUE,
          { scheduleId: row.id, appId: row.appId, name: row.name, at },
          { id: uuidOf(`schedule\u0000${row.id}\u0000${at}`) },
        );
      }
    },
  };
  return scheduledRuns;
}

export type ScheduledRuns = ReturnType<typeof createScheduledRuns>;
