import { isPlanId } from '@atelier/shared';
import type { Db } from '../../platform/db/database.ts';
import type { Logger } from '../../platform/logger.ts';
import type { BillingRepo, SaleRow, SubscriptionRow } from './billing.repo.ts';
import type { BillingEvent, SubscriptionSnapshot } from './providers/payment-provider.ts';

/** Subscription statuses after which the plan is gone (the account falls back to lite). */
const ENDED_STATUSES = new Set(['canceled', 'unpaid', 'incomplete_expired']);

/** Reads the subscription a completed checkout created (from the provider that sold it). */
export type DescribeSubscription = (subscriptionId: string, sale: SaleRow) => Promise<SubscriptionSnapshot>;

/** Where memberships of apps are written (the payments area); called inside the event's transaction. */
export interface MembershipLedger {
  saleCompleted(tx: Db, sale: SaleRow, subscription: SubscriptionSnapshot | undefined): Promise<void>;
  subscriptionChanged(
    tx: Db,
    appId: string,
    subscription: SubscriptionSnapshot,
    deleted: boolean,
  ): Promise<void>;
}

export interface ApplyOutcome {
  duplicate: boolean;
  /** A builder's earlier subscription that a new plan replaced: to be cancelled at the provider. */
  replacedSubscriptionId?: string | undefined;
}

/**
 * Applies provider events to sales, subscriptions, accounts and memberships. Each event is
 * recorded by (source, event id) in the same transaction that applies it: a replay finds the
 * record and changes nothing. `source` is `stripe`, `test` or `app:{appId}`.
 */
export function createBillingEventApplier(repo: BillingRepo, ledger: MembershipLedger, logger: Logger) {
  async function completeSale(
    repo: BillingRepo,
    tx: Db,
    event: Extract<BillingEvent, { type: 'checkout.completed' }>,
    subscription: SubscriptionSnapshot | undefined,
  ): Promise<string | undefined> {
    const sale = await repo.unsafeFindSale(event.saleId);
    if (!sale) {
      logger.warn({ saleId: event.saleId }, 'payment event for an unknown sale');
      return undefined;
    }
    if (sale.status === 'completed') return undefined;
    await repo.updateSale(sale.id, {
      status: 'completed',
      completedAt: new Date(),
      providerSessionId: sale.providerSessionId ?? event.sessionId,
      providerSubscriptionId: event.subscriptionId,
    });
    if (sale.kind === 'membership') {
      await ledger.saleCompleted(tx, sale, subscription);
      return undefined;
    }
    // A visitor's sale (paid before the account existed): granted when an account claims it.
    if (!sale.userId) return undefined;
    return grantSale(repo, { ...sale, userId: sale.userId }, event, subscription);
  }

  /** Mirrors a plan subscription; the account follows it only while it is the account's current one. */
  async function updateBuilderSubscription(
    repo: BillingRepo,
    snapshot: SubscriptionSnapshot,
    deleted: boolean,
  ): Promise<void> {
    const row = await repo.findSubscription(snapshot.id);
    // Unknown yet: the checkout's completion (which describes the subscription) has not arrived.
    if (!row) return;
    const status = deleted ? 'canceled' : snapshot.status;
    const itemId = snapshot.itemId ?? row.itemId;
    await repo.upsertSubscription({
      ...withoutTimestamps(row),
      itemId,
      interval: snapshot.interval ?? row.interval,
      status,
      cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
      currentPeriodEnd: snapshot.currentPeriodEnd ?? row.currentPeriodEnd,
    });
    const builder = await repo.findBuilder(row.userId);
    if (builder?.subscriptionId !== snapshot.id) return;
    const ended = deleted || ENDED_STATUSES.has(status);
    await repo.updateBuilderPlan(row.userId, {
      plan: ended ? 'lite' : isPlanId(itemId) ? itemId : builder.plan,
      planSubscriptionStatus: status,
      planSubscriptionCancelledAt: ended ? (snapshot.cancelAt ?? new Date()) : snapshot.cancelAt,
    });
  }

  return {
    async apply(source: string, event: BillingEvent, describe: DescribeSubscription): Promise<ApplyOutcome> {
      // The provider is asked about a new subscription before the transaction (never hold one open
      // over a network call); a replay is answered before asking.
      let described: SubscriptionSnapshot | undefined;
      if (event.type === 'checkout.completed' && event.subscriptionId) {
        if (await repo.hasEvent(source, event.eventId)) return { duplicate: true };
        const sale = await repo.unsafeFindSale(event.saleId);
        if (sale?.status === 'pending') described = await describe(event.subscriptionId, sale);
      }
      return repo.transaction(async (repo, tx) => {
        if (!(await repo.recordEvent(source, event.eventId, event.type))) return { duplicate: true };
        switch (event.type) {
          case 'checkout.completed':
            return {
              duplicate: false,
              replacedSubscriptionId: await completeSale(repo, tx, event, described),
            };
          case 'checkout.expired': {
            const sale = await repo.unsafeFindSale(event.saleId);
            if (sale?.status === 'pending') await repo.updateSale(sale.id, { status: 'cancelled' });
            return { duplicate: false };
          }
          case 'subscription.updated':
          case 'subscription.deleted': {
            const deleted = event.type === 'subscription.deleted';
            if (source.startsWith('app:')) {
              await ledger.subscriptionChanged(tx, source.slice(4), event.subscription, deleted);
            } else {
              await updateBuilderSubscription(repo, event.subscription, deleted);
            }
            return { duplicate: false };
          }
          case 'ignored':
            return { duplicate: false };
        }
      });
    },
  };
}

export type BillingEventApplier = ReturnType<typeof createBillingEventApplier>;

/**
 * Gives a builder what a completed plan or app-package sale bought: the app package, or the plan
 * with its subscription (replacing an earlier one, whose id is answered to be cancelled).
 */
export async function grantSale(
  repo: BillingRepo,
  sale: SaleRow & { userId: string },
  paid: { subscriptionId: string | null; customerId: string | null },
  subscription: SubscriptionSnapshot | undefined,
): Promise<string | undefined> {
  if (paid.customerId) await repo.saveCustomer(sale.userId, sale.provider, paid.customerId);
  if (sale.kind === 'app_package') {
    await repo.updateBuilderPlan(sale.userId, { hasPaidAppPackage: true });
    return undefined;
  }

  const builder = await repo.findBuilder(sale.userId);
  if (!builder || !paid.subscriptionId) return undefined;
  const status = subscription?.status ?? 'active';
  await repo.upsertSubscription({
    id: paid.subscriptionId,
    provider: sale.provider,
    userId: sale.userId,
    saleId: sale.id,
    itemId: sale.itemId,
    interval: sale.interval,
    status,
    cancelAtPeriodEnd: subscription?.cancelAtPeriodEnd ?? false,
    currentPeriodEnd: subscription?.currentPeriodEnd ?? null,
  });
  await repo.updateBuilderPlan(sale.userId, {
    plan: sale.itemId,
    subscriptionId: paid.subscriptionId,
    planSubscriptionStatus: status,
    planSubscriptionCancelledAt: subscription?.cancelAt ?? null,
  });
  const previous = builder.subscriptionId;
  if (!previous || previous === paid.subscriptionId) return undefined;
  const old = await repo.findSubscription(previous);
  if (old && !ENDED_STATUSES.has(old.status)) {
    await repo.upsertSubscription({ ...withoutTimestamps(old), status: 'canceled' });
    return previous;
  }
  return undefined;
}

export function withoutTimestamps(row: SubscriptionRow): Omit<SubscriptionRow, 'createdAt' | 'updatedAt'> {
  const { createdAt: _created, updatedAt: _updated, ...rest } = row;
  return rest;
}

/** Our stored subscription in the provider-neutral shape. */
export function snapshotOf(row: SubscriptionRow, cancelAt: Date | null): SubscriptionSnapshot {
  return {
    id: row.id,
    status: row.status,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    cancelAt,
    currentPeriodEnd: row.currentPeriodEnd,
    itemId: isPlanId(row.itemId) ? row.itemId : undefined,
    interval: row.interval === 'year' ? 'year' : 'month',
    saleId: row.saleId ?? undefined,
    customerId: undefined,
    productId: undefined,
  };
}
