import { AUTH_LIMITS } from '@atelier/shared';
import { and, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { sessions, users } from '../../platform/db/schema/accounts.ts';
import { apps } from '../../platform/db/schema/apps.ts';
import { entityRecords } from '../../platform/db/schema/entities.ts';
import type { Logger } from '../../platform/logger.ts';

/** How often the sweep runs. */
export const STALE_ACCOUNT_SWEEP_MS = 60 * 60_000;

/**
 * Deletes the accounts (of every tenant) whose address was never verified, created more than
 * `AUTH_LIMITS.unverifiedAccountTtlMs` ago (30 days), with no live session, that own nothing: no
 * app and no entity record they created. Such an account stopped accepting its password after 7
 * days; deleting it frees the address for its real owner and keeps squatted sign-ups from piling
 * up. An account that owns something is kept (its owner may still claim it by magic link, code or
 * reset; the builder or an admin may delete it). One statement: safe on several instances at once.
 */
export async function deleteStaleUnverifiedAccounts(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - AUTH_LIMITS.unverifiedAccountTtlMs);
  const deleted = await db
    .delete(users)
    .where(
      and(
        isNull(users.emailVerifiedAt),
        lt(users.createdAt, before),
        notExists(
          db
            .select({ one: sql`1` })
            .from(sessions)
            .where(and(sql`${sessions.userId} = ${users.id}`, sql`${sessions.expiresAt} > ${now}`)),
        ),
        notExists(db.select({ one: sql`1` }).from(apps).where(sql`${apps.ownerId} = ${users.id}`)),
        notExists(
          db.select({ one: sql`1` }).from(entityRecords).where(sql`${entityRecords.creatorId} = ${users.id}`),
        ),
      ),
    )
    .returning({ id: users.id });
  return deleted.length;
}

/** Runs the sweep now and every `intervalMs`; the returned function stops it. */
export function startStaleAccountSweep(
  db: Db,
  logger: Logger,
  intervalMs = STALE_ACCOUNT_SWEEP_MS,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = deleteStaleUnverifiedAccounts(db).then(
      (count) => {
        if (count > 0) logger.info({ count }, 'stale unverified accounts deleted');
      },
      (error: unknown) => logger.warn({ err: error }, 'stale account sweep failed'),
    );
  };
  const first = setTimeout(sweep, 60_000);
  first.unref();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
