import { randomUUID } from 'node:crypto';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import {
  type FunctionDeploymentStatus,
  functionDeployments,
  functionInvocations,
  type StoredDeployError,
  type StoredEntityAutomation,
  type StoredLogLine,
} from '../../platform/db/schema/index.ts';

export type DeploymentRow = typeof functionDeployments.$inferSelect;
export type InvocationRow = typeof functionInvocations.$inferSelect;
/** A deployment without its compiled bundle (listings). */
export type DeploymentMeta = Omit<DeploymentRow, 'bundle'>;

/** Invocations kept per function. */
export const INVOCATIONS_KEPT = 50;

/**
 * Queries of function deployments and invocations. The caller has authorised the app (owner check in
 * the service, or publication for the webhook); every query is scoped by `appId`.
 */
export function createFunctionsRepo(db: Db) {
  const functionsRepo = {
    async createDeployment(values: {
      appId: string;
      name: string;
      versionId: string | null;
      sourceHash: string;
      createdBy: string;
    }): Promise<DeploymentRow> {
      const [row] = await db
        .insert(functionDeployments)
        .values({ id: randomUUID(), status: 'pending', ...values })
        .returning();
      return row as DeploymentRow;
    },

    async updateDeployment(
      appId: string,
      id: string,
      changes: {
        status: FunctionDeploymentStatus;
        bundle?: string;
        envReads?: string[];
        automations?: StoredEntityAutomation[] | null;
        error?: StoredDeployError | null;
        deployedAt?: Date;
      },
    ): Promise<DeploymentRow> {
      const [row] = await db
        .update(functionDeployments)
        .set({ ...changes, updatedAt: new Date() })
        .where(and(eq(functionDeployments.appId, appId), eq(functionDeployments.id, id)))
        .returning();
      return row as DeploymentRow;
    },

    /**
     * A function file was renamed (features/apps files.service): its deployments — the live one with
     * its bundle, the secrets it reads and its entity hooks — and its invocations answer to `to` from
     * now on; whatever a former function of that name left is dropped. False when `from` had none.
     */
    async renameFunction(appId: string, from: string, to: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const deployments = (name: string) =>
          and(eq(functionDeployments.appId, appId), eq(functionDeployments.name, name));
        const invocations = (name: string) =>
          and(eq(functionInvocations.appId, appId), eq(functionInvocations.name, name));
        await tx.delete(functionDeployments).where(deployments(to));
        await tx.delete(functionInvocations).where(invocations(to));
        const moved = await tx
          .update(functionDeployments)
          .set({ name: to, updatedAt: new Date() })
          .where(deployments(from))
          .returning({ id: functionDeployments.id });
        await tx.update(functionInvocations).set({ name: to }).where(invocations(from));
        return moved.length > 0;
      });
    },

    /** A function file was deleted: the function is no longer deployed (its calls answer 404, its hooks stop). */
    async removeFunction(appId: string, name: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(functionDeployments)
          .where(and(eq(functionDeployments.appId, appId), eq(functionDeployments.name, name)))
          .returning({ id: functionDeployments.id });
        await tx
          .delete(functionInvocations)
          .where(and(eq(functionInvocations.appId, appId), eq(functionInvocations.name, name)));
        return removed.length > 0;
      });
    },

    /** Per function name: the latest deployment and the live (latest successful) one. Bundles left out. */
    async summaries(
      appId: string,
    ): Promise<Map<string, { latest: DeploymentMeta; live: DeploymentMeta | null }>> {
      const rows: DeploymentMeta[] = await db
        .select(deploymentColumnsWithoutBundle())
        .from(functionDeployments)
        .where(eq(functionDeployments.appId, appId))
        .orderBy(desc(functionDeployments.createdAt));
      const out = new Map<string, { latest: DeploymentMeta; live: DeploymentMeta | null }>();
      for (const row of rows) {
        const entry = out.get(row.name);
        if (!entry) out.set(row.name, { latest: row, live: row.status === 'success' ? row : null });
        else if (!entry.live && row.status === 'success') entry.live = row;
      }
      return out;
    },

    /** Whether the function was ever deployed or tried (any deployment, whatever its outcome). */
    async attempted(appId: string, name: string): Promise<boolean> {
      const [row] = await db
        .select({ id: functionDeployments.id })
        .from(functionDeployments)
        .where(and(eq(functionDeployments.appId, appId), eq(functionDeployments.name, name)))
        .limit(1);
      return row !== undefined;
    },

    /** The deployment that answers calls of a function: its latest successful one, with the bundle. */
    async live(appId: string, name: string): Promise<DeploymentRow | undefined> {
      const [row] = await db
        .select()
        .from(functionDeployments)
        .where(
          and(
            eq(functionDeployments.appId, appId),
            eq(functionDeployments.name, name),
            eq(functionDeployments.status, 'success'),
          ),
        )
        .orderBy(desc(functionDeployments.createdAt))
        .limit(1);
      return row;
    },

    /** The entity-hook automations of each function's live deployment (only functions that have some). */
    async liveAutomations(appId: string): Promise<{ name: string; automations: StoredEntityAutomation[] }[]> {
      const summaries = await functionsRepo.summaries(appId);
      return [...summaries.entries()]
        .map(([name, { live }]) => ({ name, automations: live?.automations ?? [] }))
        .filter((entry) => entry.automations.length > 0);
    },

    async recordInvocation(values: {
      appId: string;
      name: string;
      deploymentId: string | null;
      status: 'success' | 'error' | 'timeout';
      httpStatus: number;
      durationMs: number;
      cold: boolean;
      trigger: 'webhook' | 'sdk' | 'entity' | 'schedule';
      error: string | null;
      logs: StoredLogLine[];
    }): Promise<void> {
      await db.insert(functionInvocations).values({ id: randomUUID(), ...values });
      // Keep the newest INVOCATIONS_KEPT of this function.
      const [cutoff] = await db
        .select({ createdAt: functionInvocations.createdAt })
        .from(functionInvocations)
        .where(and(eq(functionInvocations.appId, values.appId), eq(functionInvocations.name, values.name)))
        .orderBy(desc(functionInvocations.createdAt))
        .offset(INVOCATIONS_KEPT - 1)
        .limit(1);
      if (cutoff) {
        await db
          .delete(functionInvocations)
          .where(
            and(
              eq(functionInvocations.appId, values.appId),
              eq(functionInvocations.name, values.name),
              lt(functionInvocations.createdAt, cutoff.createdAt),
            ),
          );
      }
    },

    invocations(appId: string, name: string, limit: number): Promise<InvocationRow[]> {
      return db
        .select()
        .from(functionInvocations)
        .where(and(eq(functionInvocations.appId, appId), eq(functionInvocations.name, name)))
        .orderBy(desc(functionInvocations.createdAt))
        .limit(Math.min(Math.max(1, limit), INVOCATIONS_KEPT));
    },

    /**
     * Functions affected by a change of `keys`: deployed ones whose code reads one of them, and ones
     * whose latest deploy failed for want of one of them.
     */
    async readingAny(appId: string, keys: string[]): Promise<string[]> {
      if (keys.length === 0) return [];
      const summaries = await functionsRepo.summaries(appId);
      const wanted = new Set(keys);
      const uses = (names: string[] | undefined) => (names ?? []).some((key) => wanted.has(key));
      return [...summaries.entries()]
        .filter(([, { live, latest }]) => uses(live?.envReads) || uses(latest.error?.missingSecrets))
        .map(([name]) => name)
        .sort();
    },
  };
  return functionsRepo;
}

export type FunctionsRepo = ReturnType<typeof createFunctionsRepo>;

function deploymentColumnsWithoutBundle() {
  return {
    id: functionDeployments.id,
    appId: functionDeployments.appId,
    name: functionDeployments.name,
    status: functionDeployments.status,
    versionId: functionDeployments.versionId,
    sourceHash: functionDeployments.sourceHash,
    envReads: functionDeployments.envReads,
    automations: functionDeployments.automations,
    error: functionDeployments.error,
    createdBy: functionDeployments.createdBy,
    createdAt: functionDeployments.createdAt,
    updatedAt: functionDeployments.updatedAt,
    deployedAt: functionDeployments.deployedAt,
  };
}
