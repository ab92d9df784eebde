import { randomUUID } from 'node:crypto';
import type { Tool } from '@atelier/shared';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { apps, tools } from '../../platform/db/schema/index.ts';

export type ToolRow = typeof tools.$inferSelect;

/** The API shape of a tool. */
export const toToolView = (row: ToolRow): Tool => ({
  toolId: row.id,
  appId: row.appId,
  title: row.title,
  path: row.path,
  status: row.status,
  imageUrl: row.imageUrl,
  position: row.position,
  url: `/tool/${row.path}`,
  content: row.content && typeof row.content === 'object' ? (row.content as Record<string, unknown>) : null,
});

/**
 * Queries of the `tools` table. Callers check first that the acting builder may open the app
 * (apps repo); every query here is then scoped by that app id. `unsafe…` functions skip the app:
 * only the public tool page (a live tool by its path) uses them.
 */
export function createToolsRepo(db: Db) {
  const listByApp = (appId: string): Promise<ToolRow[]> =>
    db.select().from(tools).where(eq(tools.appId, appId)).orderBy(asc(tools.position), asc(tools.createdAt));
  return {
    listByApp,

    async findInApp(appId: string, toolId: string): Promise<ToolRow | undefined> {
      const [row] = await db
        .select()
        .from(tools)
        .where(and(eq(tools.appId, appId), eq(tools.id, toolId)))
        .limit(1);
      return row;
    },

    /** Any tool with this path (case ignored), whichever app: for uniqueness and the public page. */
    async unsafeFindByPath(path: string): Promise<ToolRow | undefined> {
      const [row] = await db.select().from(tools).where(sql`lower(${tools.path}) = lower(${path})`).limit(1);
      return row;
    },

    async countInApp(appId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(tools).where(eq(tools.appId, appId));
      return row?.n ?? 0;
    },

    /** Active tools across the apps of one owner (the plan's live-tool cap). */
    async countActiveOfOwner(ownerId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(tools)
        .innerJoin(apps, eq(apps.id, tools.appId))
        .where(and(eq(apps.ownerId, ownerId), eq(tools.status, 'active')));
      return row?.n ?? 0;
    },

    async insert(values: {
      id?: string;
      appId: string;
      title: string;
      path: string;
      status?: 'active' | 'draft';
      imageUrl?: string | null;
      position: number;
    }): Promise<ToolRow> {
      const [row] = await db
        .insert(tools)
        .values({ ...values, id: values.id ?? randomUUID() })
        .returning();
      return row as ToolRow;
    },

    async update(
      appId: string,
      toolId: string,
      changes: Partial<Pick<ToolRow, 'title' | 'path' | 'status' | 'imageUrl' | 'position'>>,
      contentPatch?: Record<string, unknown>,
    ): Promise<ToolRow | undefined> {
      const content = contentPatch
        ? { content: sql`coalesce(${tools.content}, '{}'::jsonb) || ${JSON.stringify(contentPatch)}::jsonb` }
        : {};
      const [row] = await db
        .update(tools)
        .set({ ...changes, ...content, updatedAt: new Date() })
        .where(and(eq(tools.appId, appId), eq(tools.id, toolId)))
        .returning();
      return row;
    },

    async delete(appId: string, toolId: string): Promise<boolean> {
      const rows = await db
        .delete(tools)
        .where(and(eq(tools.appId, appId), eq(tools.id, toolId)))
        .returning({ id: tools.id });
      return rows.length > 0;
    },

    /**
     * Keeps the app's `builder.tools` (the builder content the app view carries, spec 1 §3 Tool)
     * equal to the table, in the tools' order.
     */
    async syncAppEntries(appId: string): Promise<void> {
      const rows = await listByApp(appId);
      const entries = rows.map((row) => ({
        toolId: row.id,
        title: row.title,
        path: row.path,
        status: row.status,
        imageUrl: row.imageUrl,
      }));
      await db
        .update(apps)
        .set({
          builder: sql`coalesce(${apps.builder}, '{}'::jsonb) || ${JSON.stringify({ tools: entries })}::jsonb`,
        })
        .where(eq(apps.id, appId));
    },
  };
}

export type ToolsRepo = ReturnType<typeof createToolsRepo>;
