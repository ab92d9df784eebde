import { randomUUID } from 'node:crypto';
import { tenantForApp } from '@atelier/shared';
import { and, desc, eq, exists, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { type AppType, appCollaborators, apps, users } from '../../platform/db/schema/index.ts';

export type AppRow = typeof apps.$inferSelect;

/** Who acts on an app: a builder (the app's owner). End users and other builders own no app. */
export interface AppActor {
  userId: string;
}

export type AppChanges = Partial<
  Pick<
    AppRow,
    | 'name'
    | 'header'
    | 'description'
    | 'gptPrompt'
    | 'background'
    | 'features'
    | 'isSignupEnabled'
    | 'style'
    | 'settings'
    | 'status'
    | 'publishedVersionId'
    | 'publishedAt'
    | 'slug'
  >
>;

const owned = (actor: AppActor, appId: string) => and(eq(apps.id, appId), eq(apps.ownerId, actor.userId));

/**
 * The apps a builder may open and edit in the builder: their own, and those they collaborate on
 * (the previous builder of a claimed app, features/claims). Deleting stays the owner's.
 */
export const appOpenableBy = (userId: string) =>
  or(
    eq(apps.ownerId, userId),
    exists(
      sql`(select 1 from ${appCollaborators} where ${appCollaborators.appId} = ${apps.id} and ${appCollaborators.userId} = ${userId})`,
    ),
  );

const openable = (actor: AppActor, appId: string) => and(eq(apps.id, appId), appOpenableBy(actor.userId));

/** Whether an app is published (spec 2 §5: end-user sign-up needs it). */
export const isAppPublished = (app: Pick<AppRow, 'publishedAt'>) => app.publishedAt !== null;

/**
 * Whether the end users of an app may create accounts: sign-up is switched on AND the app is
 * published (spec 2 §5; on a self-hosted install the published address is the app's domain, and a
 * verified custom domain is served only for a published app). The accounts area asks this.
 */
export const isAppSignupOpen = (app: Pick<AppRow, 'isSignupEnabled' | 'publishedAt'>) =>
  app.isSignupEnabled && isAppPublished(app);

/**
 * Queries of the `apps` table. Every function takes the acting builder and matches the owner, so an
 * app of someone else is simply not found (404). Functions that skip the owner say so in their name.
 */
export function createAppsRepo(db: Db) {
  return {
    async insert(actor: AppActor, values: { name: string; type: AppType }): Promise<AppRow> {
      const [row] = await db
        .insert(apps)
        .values({ id: randomUUID(), ownerId: actor.userId, name: values.name, type: values.type })
        .returning();
      return row as AppRow;
    },

    async find(actor: AppActor, appId: string): Promise<AppRow | undefined> {
      const [row] = await db.select().from(apps).where(openable(actor, appId)).limit(1);
      return row;
    },

    /** The builder's apps (own and collaborated on), most recently changed first. */
    list(actor: AppActor): Promise<AppRow[]> {
      return db
        .select()
        .from(apps)
        .where(appOpenableBy(actor.userId))
        .orderBy(desc(apps.updatedAt), desc(apps.createdAt));
    },

    async update(actor: AppActor, appId: string, changes: AppChanges): Promise<AppRow | undefined> {
      const [row] = await db
        .update(apps)
        .set({ ...changes, updatedAt: new Date() })
        .where(openable(actor, appId))
        .returning();
      return row;
    },

    /**
     * Deletes the app with its versions, domains and data (cascade) and its end users (the tenant
     * `app:{appId}`, with their sessions). False when not found.
     */
    async delete(actor: AppActor, appId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const removed = await tx.delete(apps).where(owned(actor, appId)).returning({ id: apps.id });
        if (removed.length === 0) return false;
        await tx.delete(users).where(eq(users.tenantId, tenantForApp(appId)));
        return true;
      });
    },

    /** Whether another app holds this slug (slugs are unique across apps). */
    async slugTakenByOther(appId: string, slug: string): Promise<boolean> {
      const [row] = await db
        .select({ id: apps.id })
        .from(apps)
        .where(and(eq(apps.slug, slug), ne(apps.id, appId)))
        .limit(1);
      return row !== undefined;
    },

    /** The app served at `{slug}.{APPS_DOMAIN}`, by the request's host alone (serving published apps). */
    async unsafeFindIdBySlug(slug: string): Promise<string | undefined> {
      const [row] = await db.select({ id: apps.id }).from(apps).where(eq(apps.slug, slug)).limit(1);
      return row?.id;
    },

    /**
     * Platform admins only (the caller checks): an app by id with its owner's e-mail, whoever owns it
     * — to read another builder's chat, read-only (spec 3 §6 "read-only view"). Skips the owner.
     */
    async findForPlatformAdmin(appId: string): Promise<(AppRow & { ownerEmail: string }) | undefined> {
      const [row] = await db
        .select({ app: apps, ownerEmail: users.email })
        .from(apps)
        .innerJoin(users, eq(users.id, apps.ownerId))
        .where(eq(apps.id, appId))
        .limit(1);
      return row ? { ...row.app, ownerEmail: row.ownerEmail } : undefined;
    },

    /** Platform admins only (the caller checks): the apps a builder owns, most recently changed first. Skips the actor. */
    async listOwnedByForPlatformAdmin(
      ownerId: string,
      limit: number,
    ): Promise<(AppRow & { ownerEmail: string })[]> {
      const rows = await db
        .select({ app: apps, ownerEmail: users.email })
        .from(apps)
        .innerJoin(users, eq(users.id, apps.ownerId))
        .where(eq(apps.ownerId, ownerId))
        .orderBy(desc(apps.updatedAt), desc(apps.createdAt))
        .limit(limit);
      return rows.map((row) => ({ ...row.app, ownerEmail: row.ownerEmail }));
    },

    /** An app by id alone, for serving the published app and the preview (authorised by a token or by publication). */
    async unsafeFindById(appId: string): Promise<AppRow | undefined> {
      const [row] = await db.select().from(apps).where(eq(apps.id, appId)).limit(1);
      return row;
    },
  };
}

export type AppsRepo = ReturnType<typeof createAppsRepo>;
