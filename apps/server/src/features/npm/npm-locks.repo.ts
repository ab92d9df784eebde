import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { appNpmLocks } from '../../platform/db/schema/index.ts';
import type { ResolvedTree } from './resolve-tree.ts';

export interface NpmLock {
  name: string;
  range: string;
  tree: ResolvedTree;
}

/** The pinned npm trees of apps (`app_npm_locks`). Callers have checked the app is the actor's. */
export function createNpmLocksRepo(db: Db) {
  const npmLocksRepo = {
    async list(appId: string): Promise<NpmLock[]> {
      const rows = await db
        .select()
        .from(appNpmLocks)
        .where(eq(appNpmLocks.appId, appId))
        .orderBy(asc(appNpmLocks.name));
      return rows.map((row) => ({
        name: row.name,
        range: row.range,
        tree: { root: row.root, packages: row.packages },
      }));
    },

    async find(appId: string, name: string): Promise<NpmLock | undefined> {
      const [row] = await db
        .select()
        .from(appNpmLocks)
        .where(and(eq(appNpmLocks.appId, appId), eq(appNpmLocks.name, name)))
        .limit(1);
      return row && { name: row.name, range: row.range, tree: { root: row.root, packages: row.packages } };
    },

    /** Pins a tree for the app's package (replacing the pin of another range). */
    async save(appId: string, name: string, range: string, tree: ResolvedTree): Promise<NpmLock> {
      await db
        .insert(appNpmLocks)
        .values({ appId, name, range, root: tree.root, packages: tree.packages })
        .onConflictDoUpdate({
          target: [appNpmLocks.appId, appNpmLocks.name],
          set: { range, root: tree.root, packages: tree.packages, createdAt: new Date() },
        });
      return (await npmLocksRepo.find(appId, name))!;
    },

    async remove(appId: string, name: string): Promise<void> {
      await db.delete(appNpmLocks).where(and(eq(appNpmLocks.appId, appId), eq(appNpmLocks.name, name)));
    },
  };
  return npmLocksRepo;
}

export type NpmLocksRepo = ReturnType<typeof createNpmLocksRepo>;
