import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  CLAIM_CODE_ALPHABET,
  CLAIM_CODE_LENGTH,
  CLAIM_MESSAGES,
  type ClaimAppResponse,
  type ClaimInfo,
  type ClaimInvitation,
  claimPagePath,
} from '@atelier/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { appClaims, appCollaborators, apps } from '../../platform/db/schema/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { type AppActor, type AppRow, isAppPublished } from '../apps/apps.repo.ts';
import type { AppsRuntime } from '../apps/apps.runtime.ts';
import { findApp } from '../apps/apps.service.ts';

/**
 * App claiming (spec 2 §1, §3 "Invitation", §7): an admin gets the invite link and claim code of a
 * claimable, published app; a customer opens the link, signs in or up, enters the code and becomes
 * the app's owner. With "require builder collaborator account" on, the previous builder stays on
 * the app as a collaborator (app_collaborators: opens and edits it in the builder, cannot delete it).
 */

const settingsOf = (app: Pick<AppRow, 'settings'>): Record<string, unknown> =>
  app.settings && typeof app.settings === 'object' ? (app.settings as Record<string, unknown>) : {};

const isClaimable = (app: Pick<AppRow, 'settings'>) => settingsOf(app).isClaimable === true;

export function newClaimCode(): string {
  let code = '';
  for (let i = 0; i < CLAIM_CODE_LENGTH; i++)
    code += CLAIM_CODE_ALPHABET[randomInt(CLAIM_CODE_ALPHABET.length)];
  return code;
}

/** Codes compare case-insensitively, ignoring spaces and dashes, in constant time. */
export function claimCodesMatch(given: string, expected: string): boolean {
  const normal = (code: string) => Buffer.from(code.replace(/[\s-]/g, '').toUpperCase());
  const a = normal(given);
  const b = normal(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const notClaimable = () => notFound(CLAIM_MESSAGES.notClaimable);
const alreadyClaimed = () => new AppError('conflict', CLAIM_MESSAGES.alreadyClaimed);

/** `GET /api/apps/{appId}/settings/claimInvitation` (admin, on an app they can open). */
export async function claimInvitation(
  runtime: AppsRuntime,
  actor: AppActor,
  appId: string,
): Promise<ClaimInvitation> {
  const app = await findApp(runtime, actor, appId);
  const { db } = runtime;
  const [existing] = await db.select().from(appClaims).where(eq(appClaims.appId, app.id)).limit(1);
  if (existing?.claimedAt) throw alreadyClaimed();
  if (!isClaimable(app)) throw new AppError('conflict', CLAIM_MESSAGES.notClaimable);
  if (!isAppPublished(app)) throw new AppError('app_not_published', CLAIM_MESSAGES.publishFirst);
  await db.insert(appClaims).values({ appId: app.id, claimCode: newClaimCode() }).onConflictDoNothing();
  const [row] = await db.select().from(appClaims).where(eq(appClaims.appId, app.id)).limit(1);
  if (!row) throw notClaimable();
  return { inviteLink: `${runtime.origins().public}${claimPagePath(app.id)}`, claimCode: row.claimCode };
}

/** `GET /api/apps/{appId}/claim`: what the invite page shows to a signed-in builder. */
export async function claimInfo(runtime: AppsRuntime, actor: AppActor, appId: string): Promise<ClaimInfo> {
  const { db } = runtime;
  const [row] = await db
    .select({
      id: apps.id,
      name: apps.name,
      ownerId: apps.ownerId,
      settings: apps.settings,
      claimedAt: appClaims.claimedAt,
    })
    .from(apps)
    .leftJoin(appClaims, eq(appClaims.appId, apps.id))
    .where(eq(apps.id, appId))
    .limit(1);
  if (!row) throw notClaimable();
  if (row.claimedAt) throw alreadyClaimed();
  if (!isClaimable(row)) throw notClaimable();
  if (row.ownerId === actor.userId) throw new AppError('conflict', CLAIM_MESSAGES.alreadyYours);
  return { appId: row.id, appName: row.name };
}

/**
 * `POST /api/apps/{appId}/claim`: moves the app to the claiming builder in one transaction (the app
 * and its claim row locked), turns claiming off, and keeps the previous builder as a collaborator
 * when the app requires it. A second claim answers 409.
 */
export async function claimApp(
  db: Db,
  actor: AppActor,
  appId: string,
  claimCode: string,
): Promise<ClaimAppResponse> {
  return db.transaction(async (tx) => {
    const [app] = await tx
      .select({ id: apps.id, ownerId: apps.ownerId, settings: apps.settings })
      .from(apps)
      .where(eq(apps.id, appId))
      .for('update');
    if (!app) throw notClaimable();
    const [claim] = await tx.select().from(appClaims).where(eq(appClaims.appId, appId)).for('update');
    if (claim?.claimedAt) throw alreadyClaimed();
    if (!isClaimable(app) || !claim) throw notClaimable();
    if (app.ownerId === actor.userId) throw new AppError('conflict', CLAIM_MESSAGES.alreadyYours);
    if (!claimCodesMatch(claimCode, claim.claimCode))
      throw new AppError('bad_request', CLAIM_MESSAGES.wrongCode);

    const keepCollaborator = settingsOf(app).requireBuilderCollaboratorAccount === true;
    const now = new Date();
    await tx
      .update(apps)
      .set({
        ownerId: actor.userId,
        settings: sql`coalesce(${apps.settings}, '{}'::jsonb) || '{"isClaimable":false}'::jsonb`,
        updatedAt: now,
      })
      .where(eq(apps.id, appId));
    await tx
      .delete(appCollaborators)
      .where(and(eq(appCollaborators.appId, appId), eq(appCollaborators.userId, actor.userId)));
    if (keepCollaborator) {
      await tx.insert(appCollaborators).values({ appId, userId: app.ownerId }).onConflictDoNothing();
    }
    await tx
      .update(appClaims)
      .set({ claimedAt: now, claimedBy: actor.userId, previousOwnerId: app.ownerId })
      .where(eq(appClaims.appId, appId));
    return { appId, ownerId: actor.userId, collaboratorKept: keepCollaborator };
  });
}
