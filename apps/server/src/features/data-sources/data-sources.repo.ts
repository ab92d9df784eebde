import { randomUUID } from 'node:crypto';
import type { ContextItem, ContextItemProgress, ContextItemStatus, PlanId } from '@atelier/shared';
import { isPlanId } from '@atelier/shared';
import { and, asc, count, eq, inArray, lt, ne, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../platform/db/database.ts';
import { apps, contextChunks, contextItems, contextUploads, users } from '../../platform/db/schema/index.ts';
import { templateFileUrl } from './item-template.ts';

export type ContextItemRow = typeof contextItems.$inferSelect;
export type NewContextItem = Omit<typeof contextItems.$inferInsert, 'id'>;

/** Who asks: every item query goes through the app's owner. */
export interface OwnerScope {
  userId: string;
}

export function toContextItem(row: ContextItemRow): ContextItem {
  return {
    id: row.id,
    appId: row.appId,
    name: row.name,
    type: row.type as ContextItem['type'],
    source: row.source as ContextItem['source'],
    status: row.status as ContextItemStatus,
    statusReason: row.statusReason,
    size: row.size,
    itemCount: row.itemCount,
    chunkCount: row.chunkCount,
    progress: row.progress ?? null,
    createdAt: row.createdAt.toISOString(),
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    externalFileUrl: row.externalFileUrl,
    externalFileId: row.externalFileId,
    providerItemId: row.providerItemId,
    provider: row.provider,
    templateFileUrl: templateFileUrl(row),
  };
}

/**
 * Items that hold no data and so do not take a place against the plan's data-item limit: refused
 * ones, and failed ones — a failed web scrape must not hold the free plan's only data slot.
 */
const UNCOUNTED_STATUSES: ContextItemStatus[] = ['usage_limit_reached', 'error'];

const ownerApps = alias(apps, 'owner_apps');

export function createDataSourcesRepo(database: Database) {
  const { db } = database;
  /**
   * The data-item limit is the account's, not the app's: "Lite/free accounts may hold only one data
   * item" (spec 1 §5; "Maximum 1 data item for lite/free", §9). Items are counted over every app of
   * the owner of `appId`.
   */
  const inOwnersApps = (appId: string) =>
    inArray(
      contextItems.appId,
      db
        .select({ id: apps.id })
        .from(apps)
        .where(
          inArray(
            apps.ownerId,
            db.select({ ownerId: ownerApps.ownerId }).from(ownerApps).where(eq(ownerApps.id, appId)),
          ),
        ),
    );
  return {
    /** The app when `scope` owns it, else undefined (callers answer 404). */
    async findOwnedApp(scope: OwnerScope, appId: string) {
      const [row] = await db
        .select({ id: apps.id, ownerId: apps.ownerId, plan: users.plan })
        .from(apps)
        .innerJoin(users, eq(users.id, apps.ownerId))
        .where(and(eq(apps.id, appId), eq(apps.ownerId, scope.userId)));
      return row ? { id: row.id, plan: planOf(row.plan) } : undefined;
    },

    /** For the app's own runs and the pipeline: the owner's plan, without a user scope. */
    async unscopedAppPlan(appId: string): Promise<PlanId | undefined> {
      const [row] = await db
        .select({ plan: users.plan })
        .from(apps)
        .innerJoin(users, eq(users.id, apps.ownerId))
        .where(eq(apps.id, appId));
      return row ? planOf(row.plan) : undefined;
    },

    /** For the pipeline: the app owner, whose own connector connection an import uses. */
    async unscopedAppOwner(appId: string): Promise<string | undefined> {
      const [row] = await db.select({ ownerId: apps.ownerId }).from(apps).where(eq(apps.id, appId));
      return row?.ownerId;
    },

    async listItems(appId: string, statuses?: ContextItemStatus[]) {
      return db
        .select()
        .from(contextItems)
        .where(
          and(
            eq(contextItems.appId, appId),
            statuses && statuses.length > 0 ? inArray(contextItems.status, statuses) : undefined,
          ),
        )
        .orderBy(asc(contextItems.createdAt), asc(contextItems.id));
    },

    /**
     * Items of the app owner's account (every app of theirs) that count against the plan's data-item
     * limit (all but refused and failed ones). `exceptId`:
     * the item a "Replace file" upload takes the place of, which never counts twice.
     */
    async countCountedItems(appId: string, exceptId?: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(contextItems)
        .where(
          and(
            inOwnersApps(appId),
            notInArray(contextItems.status, UNCOUNTED_STATUSES),
            exceptId === undefined ? undefined : ne(contextItems.id, exceptId),
          ),
        );
      return row?.n ?? 0;
    },

    /** How many counted items of the account were created before this one (its place against the limit). */
    async countItemsBefore(item: ContextItemRow): Promise<number> {
      const replaces = (item.options as { replaces?: string } | null)?.replaces;
      const [row] = await db
        .select({ n: count() })
        .from(contextItems)
        .where(
          and(
            inOwnersApps(item.appId),
            notInArray(contextItems.status, UNCOUNTED_STATUSES),
            sql`(${contextItems.createdAt}, ${contextItems.id}) < (${item.createdAt.toISOString()}::timestamptz, ${item.id})`,
            replaces === undefined ? undefined : ne(contextItems.id, replaces),
          ),
        );
      return row?.n ?? 0;
    },

    async findItemInApp(appId: string, itemId: string) {
      const [row] = await db
        .select()
        .from(contextItems)
        .where(and(eq(contextItems.id, itemId), eq(contextItems.appId, appId)));
      return row;
    },

    /** The item when its app belongs to `scope`, else undefined (404). */
    async findOwnedItem(scope: OwnerScope, itemId: string) {
      const [row] = await db
        .select({ item: contextItems })
        .from(contextItems)
        .innerJoin(apps, eq(apps.id, contextItems.appId))
        .where(and(eq(contextItems.id, itemId), eq(apps.ownerId, scope.userId)));
      return row?.item;
    },

    async unscopedFindItem(itemId: string) {
      const [row] = await db.select().from(contextItems).where(eq(contextItems.id, itemId));
      return row;
    },

    async insertItem(values: NewContextItem, upload?: Uint8Array): Promise<ContextItemRow> {
      const id = randomUUID();
      const [row] = await db
        .insert(contextItems)
        .values({ ...values, id })
        .returning();
      if (upload) await db.insert(contextUploads).values({ itemId: id, bytes: upload });
      return row!;
    },

    async readUpload(itemId: string): Promise<Uint8Array | undefined> {
      const [row] = await db
        .select({ bytes: contextUploads.bytes })
        .from(contextUploads)
        .where(eq(contextUploads.itemId, itemId));
      return row ? new Uint8Array(row.bytes) : undefined;
    },

    async deleteUpload(itemId: string) {
      await db.delete(contextUploads).where(eq(contextUploads.itemId, itemId));
    },

    async rename(itemId: string, name: string) {
      const [row] = await db
        .update(contextItems)
        .set({ name, updatedAt: new Date() })
        .where(eq(contextItems.id, itemId))
        .returning();
      return row;
    },

    async deleteItem(itemId: string) {
      await db.delete(contextItems).where(eq(contextItems.id, itemId));
    },

    /** pending → running for this run; undefined when another run owns it or it has settled. */
    async claim(itemId: string, runId: string) {
      const [row] = await db
        .update(contextItems)
        .set({
          status: 'running',
          statusReason: null,
          runId,
          attempts: sql`${contextItems.attempts} + 1`,
          heartbeatAt: new Date(),
          updatedAt: new Date(),
        })
        .where(and(eq(contextItems.id, itemId), eq(contextItems.status, 'pending')))
        .returning();
      return row;
    },

    /** Refreshes the heartbeat (and progress) of a running item; false when this run no longer owns it. */
    async beat(itemId: string, runId: string, progress?: ContextItemProgress) {
      const rows = await db
        .update(contextItems)
        .set({ heartbeatAt: new Date(), ...(progress ? { progress } : {}) })
        .where(
          and(eq(contextItems.id, itemId), eq(contextItems.runId, runId), eq(contextItems.status, 'running')),
        )
        .returning({ id: contextItems.id });
      return rows.length > 0;
    },

    /** Ends a run: only the run that owns the item may settle it. */
    async settle(
      itemId: string,
      runId: string,
      values: Partial<
        Pick<
          ContextItemRow,
          | 'status'
          | 'statusReason'
          | 'size'
          | 'itemCount'
          | 'chunkCount'
          | 'progress'
          | 'lastSyncedAt'
          | 'name'
        >
      >,
    ) {
      const [row] = await db
        .update(contextItems)
        .set({ ...values, runId: null, heartbeatAt: null, updatedAt: new Date() })
        .where(and(eq(contextItems.id, itemId), eq(contextItems.runId, runId)))
        .returning();
      return row;
    },

    async setStatus(itemId: string, status: ContextItemStatus, statusReason: string | null) {
      const [row] = await db
        .update(contextItems)
        .set({ status, statusReason, runId: null, heartbeatAt: null, updatedAt: new Date() })
        .where(eq(contextItems.id, itemId))
        .returning();
      return row;
    },

    /** Running items whose heartbeat is older than `before`: their worker died. */
    async staleRunning(before: Date) {
      return db
        .select()
        .from(contextItems)
        .where(and(eq(contextItems.status, 'running'), lt(contextItems.heartbeatAt, before)));
    },

    /** Pending items not touched since `before` (their job may have been lost). */
    async stalePending(before: Date) {
      return db
        .select()
        .from(contextItems)
        .where(and(eq(contextItems.status, 'pending'), lt(contextItems.updatedAt, before)));
    },

    /** Conditional running → pending (for a retry) or → error; false when another instance got there first. */
    async releaseStale(
      item: ContextItemRow,
      next: { status: 'pending' | 'error'; statusReason: string | null },
    ) {
      const rows = await db
        .update(contextItems)
        .set({ ...next, runId: null, heartbeatAt: null, updatedAt: new Date() })
        .where(
          and(
            eq(contextItems.id, item.id),
            eq(contextItems.status, 'running'),
            eq(contextItems.runId, item.runId ?? ''),
          ),
        )
        .returning({ id: contextItems.id });
      return rows.length > 0;
    },

    async touchPending(itemId: string) {
      await db.update(contextItems).set({ updatedAt: new Date() }).where(eq(contextItems.id, itemId));
    },

    async chunkCount(itemId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(contextChunks)
        .where(eq(contextChunks.itemId, itemId));
      return row?.n ?? 0;
    },
  };
}

export type DataSourcesRepo = ReturnType<typeof createDataSourcesRepo>;

function planOf(value: string): PlanId {
  return isPlanId(value) ? value : 'lite';
}
