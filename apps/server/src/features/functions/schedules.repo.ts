import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNotNull, lte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { functionSchedules, type StoredScheduledAutomation } from '../../platform/db/schema/index.ts';
import { nextRun } from './schedules.ts';

export type ScheduleRow = typeof functionSchedules.$inferSelect;

/** Due schedules one tick sends at most (the rest are due at the next tick). */
export const DUE_PER_TICK = 500;

/** The run state of scheduled automations (function_schedules); every query is scoped by app where an app is known. */
export function createSchedulesRepo(db: Db) {
  return {
    /**
     * After a deploy of `name`: its schedules become `declared`. Kept ones keep their state (paused,
     * last run) and, when their schedule changed, get a new next run; others are removed.
     */
    async sync(appId: string, name: string, declared: StoredScheduledAutomation[], now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        const own = and(eq(functionSchedules.appId, appId), eq(functionSchedules.name, name));
        const keep = declared.map((schedule) => schedule.name);
        await tx
          .delete(functionSchedules)
          .where(keep.length > 0 ? and(own, notInArray(functionSchedules.automation, keep)) : own);
        const rows = await tx.select().from(functionSchedules).where(own);
        const existing = new Map(rows.map((row) => [row.automation, row]));
        for (const spec of declared) {
          const row = existing.get(spec.name);
          if (!row) {
            await tx.insert(functionSchedules).values({
              id: randomUUID(),
              appId,
              name,
              automation: spec.name,
              spec,
              nextRunAt: nextRun(spec, now),
            });
          } else if (JSON.stringify(row.spec) !== JSON.stringify(spec)) {
            await tx
              .update(functionSchedules)
              .set({ spec, nextRunAt: row.paused ? null : nextRun(spec, now), updatedAt: now })
              .where(eq(functionSchedules.id, row.id));
          }
        }
      });
    },

    list(appId: string): Promise<ScheduleRow[]> {
      return db
        .select()
        .from(functionSchedules)
        .where(eq(functionSchedules.appId, appId))
        .orderBy(asc(functionSchedules.name), asc(functionSchedules.automation));
    },

    async countOthers(appId: string, name: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(functionSchedules)
        .where(and(eq(functionSchedules.appId, appId), sql`${functionSchedules.name} <> ${name}`));
      return row?.count ?? 0;
    },

    async any(): Promise<boolean> {
      const [row] = await db.select({ id: functionSchedules.id }).from(functionSchedules).limit(1);
      return row !== undefined;
    },

    async find(id: string): Promise<ScheduleRow | undefined> {
      const [row] = await db.select().from(functionSchedules).where(eq(functionSchedules.id, id));
      return row;
    },

    /** Schedules whose next run is due, oldest first. */
    due(now: Date): Promise<ScheduleRow[]> {
      return db
        .select()
        .from(functionSchedules)
        .where(and(isNotNull(functionSchedules.nextRunAt), lte(functionSchedules.nextRunAt, now)))
        .orderBy(asc(functionSchedules.nextRunAt))
        .limit(DUE_PER_TICK);
    },

    /** Moves a due schedule on to its next run, only if no other tick did (false then). */
    async advance(row: ScheduleRow, next: Date | null): Promise<boolean> {
      const moved = await db
        .update(functionSchedules)
        .set({ nextRunAt: next })
        .where(and(eq(functionSchedules.id, row.id), eq(functionSchedules.nextRunAt, row.nextRunAt!)))
        .returning({ id: functionSchedules.id });
      return moved.length > 0;
    },

    /** A function file renamed: its schedules (and their state) are the new name's; a former one's are dropped. */
    async renameFunction(appId: string, from: string, to: string): Promise<void> {
      await db.transaction(async (tx) => {
        const of = (name: string) =>
          and(eq(functionSchedules.appId, appId), eq(functionSchedules.name, name));
        await tx.delete(functionSchedules).where(of(to));
        await tx.update(functionSchedules).set({ name: to }).where(of(from));
      });
    },

    async removeFunction(appId: string, name: string): Promise<void> {
      await db
        .delete(functionSchedules)
        .where(and(eq(functionSchedules.appId, appId), eq(functionSchedules.name, name)));
    },

    async recordRun(
      id: string,
      at: Date,
      result: { status: 'success' | 'error' | 'timeout'; error: string | null },
    ) {
      await db
        .update(functionSchedules)
        .set({
          lastRunAt: at,
          lastStatus: result.status,
          lastError: result.error?.slice(0, 1000) ?? null,
          runCount: sql`${functionSchedules.runCount} + 1`,
        })
        .where(eq(functionSchedules.id, id));
    },

    /** Pauses or resumes a schedule of this app and function; resuming runs it next from `now` on. */
    async setPaused(appId: string, name: string, id: string, paused: boolean, now: Date) {
      const [row] = await db
        .select()
        .from(functionSchedules)
        .where(
          and(
            eq(functionSchedules.appId, appId),
            eq(functionSchedules.name, name),
            eq(functionSchedules.id, id),
          ),
        );
      if (!row) return undefined;
      const finished = row.spec.maxRuns !== undefined && row.runCount >= row.spec.maxRuns;
      const [updated] = await db
        .update(functionSchedules)
        .set({ paused, nextRunAt: paused || finished ? null : nextRun(row.spec, now), updatedAt: now })
        .where(eq(functionSchedules.id, id))
        .returning();
      return updated;
    },
  };
}

export type SchedulesRepo = ReturnType<typeof createSchedulesRepo>;
