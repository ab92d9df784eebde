import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { appDomains, apps } from '../../platform/db/schema/index.ts';

export type DomainRow = typeof appDomains.$inferSelect;

/**
 * Custom domains of apps. Callers check app ownership first (`AppsRepo.find`); the lookup by host
 * used to serve published apps is the one unscoped query, named so.
 */
export function createDomainsRepo(db: Db) {
  const domainsRepo = {
    list(appId: string): Promise<DomainRow[]> {
      return db
        .select()
        .from(appDomains)
        .where(eq(appDomains.appId, appId))
        .orderBy(asc(appDomains.createdAt), asc(appDomains.domain));
    },

    async find(appId: string, domain: string): Promise<DomainRow | undefined> {
      const [row] = await db
        .select()
        .from(appDomains)
        .where(and(eq(appDomains.appId, appId), eq(appDomains.domain, domain)))
        .limit(1);
      return row;
    },

    /** Adds the domain to the app (idempotent: an existing claim keeps its TXT value). */
    async add(appId: string, domain: string, txtValue: string): Promise<DomainRow> {
      await db.insert(appDomains).values({ appId, domain, txtValue }).onConflictDoNothing();
      return (await domainsRepo.find(appId, domain)) as DomainRow;
    },

    /** Whether another app already holds the domain verified. */
    async verifiedElsewhere(appId: string, domain: string): Promise<boolean> {
      const [row] = await db
        .select({ appId: appDomains.appId })
        .from(appDomains)
        .where(
          and(eq(appDomains.domain, domain), ne(appDomains.appId, appId), isNotNull(appDomains.verifiedAt)),
        )
        .limit(1);
      return row !== undefined;
    },

    async markVerified(appId: string, domain: string): Promise<DomainRow | undefined> {
      const [row] = await db
        .update(appDomains)
        .set({ verifiedAt: new Date() })
        .where(and(eq(appDomains.appId, appId), eq(appDomains.domain, domain)))
        .returning();
      return row;
    },

    async remove(appId: string, domain: string): Promise<boolean> {
      const removed = await db
        .delete(appDomains)
        .where(and(eq(appDomains.appId, appId), eq(appDomains.domain, domain)))
        .returning({ domain: appDomains.domain });
      return removed.length > 0;
    },

    /** The app a verified domain serves, by the request's host alone (serving published apps). */
    async unsafeFindAppIdByVerifiedDomain(domain: string): Promise<string | undefined> {
      const [row] = await db
        .select({ appId: appDomains.appId })
        .from(appDomains)
        .innerJoin(apps, eq(apps.id, appDomains.appId))
        .where(and(eq(appDomains.domain, domain), isNotNull(appDomains.verifiedAt)))
        .limit(1);
      return row?.appId;
    },
  };
  return domainsRepo;
}

export type DomainsRepo = ReturnType<typeof createDomainsRepo>;
