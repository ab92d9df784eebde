import { PLATFORM_TENANT } from '@atelier/shared';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import {
  billingCustomers,
  billingEvents,
  billingSales,
  billingSubscriptions,
  type ProviderValue,
  users,
} from '../../platform/db/schema/index.ts';

export type SaleRow = typeof billingSales.$inferSelect;
export type NewSale = typeof billingSales.$inferInsert;
export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;

/** The plan side of a builder's account. */
export interface BuilderPlanRow {
  id: string;
  email: string;
  plan: string;
  subscriptionId: string | null;
  planSubscriptionStatus: string | null;
  planSubscriptionCancelledAt: Date | null;
  hasPaidAppPackage: boolean;
}

const PAYMENTS_SHOWN = 50;

/**
 * Queries of plans and payments. Functions that take a user id act for that (signed-in) builder;
 * `unsafe…` functions look a row up by an id that is itself the proof (a sale id from a verified
 * webhook or the test checkout's capability URL).
 */
export function createBillingRepo(db: Db): BillingRepo {
  return {
    ...billingQueries(db),
    transaction: (fn) =>
      db.transaction(async (tx) => fn(createBillingRepo(tx as unknown as Db), tx as unknown as Db)),
  };
}

export type BillingRepo = ReturnType<typeof billingQueries> & {
  /** Runs `fn` in one transaction with a repo bound to it. */
  transaction<T>(fn: (repo: BillingRepo, tx: Db) => Promise<T>): Promise<T>;
};

/** The queries of the billing repo, on the database or on a transaction. */
function billingQueries(db: Db) {
  return {
    async findBuilder(userId: string): Promise<BuilderPlanRow | undefined> {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          plan: users.plan,
          subscriptionId: users.subscriptionId,
          planSubscriptionStatus: users.planSubscriptionStatus,
          planSubscriptionCancelledAt: users.planSubscriptionCancelledAt,
          hasPaidAppPackage: users.hasPaidAppPackage,
        })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.tenantId, PLATFORM_TENANT)))
        .limit(1);
      return row;
    },

    async updateBuilderPlan(
      userId: string,
      values: Partial<Omit<BuilderPlanRow, 'id' | 'email'>>,
    ): Promise<void> {
      await db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(users.id, userId), eq(users.tenantId, PLATFORM_TENANT)));
    },

    async insertSale(values: NewSale): Promise<SaleRow> {
      const [row] = await db.insert(billingSales).values(values).returning();
      return row!;
    },

    async updateSale(saleId: string, values: Partial<NewSale>): Promise<void> {
      await db.update(billingSales).set(values).where(eq(billingSales.id, saleId));
    },

    async unsafeFindSale(saleId: string): Promise<SaleRow | undefined> {
      const [row] = await db.select().from(billingSales).where(eq(billingSales.id, saleId)).limit(1);
      return row;
    },

    /**
     * Gives a visitor's paid plan or app-package sale to this builder: only a completed sale that no
     * account holds yet (one statement, so two accounts can never both claim it). Undefined otherwise.
     */
    async claimSale(saleId: string, userId: string): Promise<SaleRow | undefined> {
      const [row] = await db
        .update(billingSales)
        .set({ userId })
        .where(
          and(
            eq(billingSales.id, saleId),
            isNull(billingSales.userId),
            eq(billingSales.status, 'completed'),
            inArray(billingSales.kind, ['plan', 'app_package']),
          ),
        )
        .returning();
      return row;
    },

    /** The builder's own plan and app-package payments, newest first. */
    async listPayments(userId: string): Promise<SaleRow[]> {
      return db
        .select()
        .from(billingSales)
        .where(and(eq(billingSales.userId, userId), inArray(billingSales.kind, ['plan', 'app_package'])))
        .orderBy(desc(billingSales.createdAt))
        .limit(PAYMENTS_SHOWN);
    },

    async findCustomer(userId: string, provider: ProviderValue): Promise<string | undefined> {
      const [row] = await db
        .select({ customerId: billingCustomers.customerId })
        .from(billingCustomers)
        .where(and(eq(billingCustomers.userId, userId), eq(billingCustomers.provider, provider)))
        .limit(1);
      return row?.customerId;
    },

    async saveCustomer(userId: string, provider: ProviderValue, customerId: string): Promise<void> {
      await db
        .insert(billingCustomers)
        .values({ userId, provider, customerId })
        .onConflictDoUpdate({
          target: [billingCustomers.userId, billingCustomers.provider],
          set: { customerId },
        });
    },

    async findSubscription(subscriptionId: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(billingSubscriptions)
        .where(eq(billingSubscriptions.id, subscriptionId))
        .limit(1);
      return row;
    },

    async upsertSubscription(row: Omit<SubscriptionRow, 'createdAt' | 'updatedAt'>): Promise<void> {
      const { id, ...rest } = row;
      await db
        .insert(billingSubscriptions)
        .values(row)
        .onConflictDoUpdate({ target: billingSubscriptions.id, set: { ...rest, updatedAt: new Date() } });
    },

    /** Records a provider event; false when it was recorded before (a replay: apply nothing). */
    async recordEvent(source: string, eventId: string, type: string): Promise<boolean> {
      const inserted = await db
        .insert(billingEvents)
        .values({ source, eventId, type })
        .onConflictDoNothing()
        .returning({ eventId: billingEvents.eventId });
      return inserted.length > 0;
    },

    async hasEvent(source: string, eventId: string): Promise<boolean> {
      const [row] = await db
        .select({ eventId: billingEvents.eventId })
        .from(billingEvents)
        .where(and(eq(billingEvents.source, source), eq(billingEvents.eventId, eventId)))
        .limit(1);
      return row !== undefined;
    },
  };
}
