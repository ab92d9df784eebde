import type { MembershipStatus } from '@atelier/shared';
import type { Db } from '../../platform/db/database.ts';
import type { MembershipStatusValue } from '../../platform/db/schema/index.ts';
import type { SaleRow } from '../plans/billing.repo.ts';
import type { MembershipLedger } from '../plans/billing-events.ts';
import type { SubscriptionSnapshot } from '../plans/providers/payment-provider.ts';
import { createAppPaymentsRepo } from './app-payments.repo.ts';

/** A provider's subscription status as a membership status. */
export function membershipStatusOf(providerStatus: string, deleted = false): MembershipStatusValue {
  if (deleted) return 'canceled';
  switch (providerStatus) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
      return 'past_due';
    case 'incomplete':
      return 'pending';
    default:
      return 'canceled';
  }
}

export const isActiveMembership = (status: MembershipStatus | MembershipStatusValue | undefined) =>
  status === 'active';

/** Writes memberships when their sales complete and their subscriptions change (inside the event's transaction). */
export const membershipLedger: MembershipLedger = {
  async saleCompleted(tx: Db, sale: SaleRow, subscription: SubscriptionSnapshot | undefined) {
    // Memberships are always bought by a signed-in end user (only plan sales may be a visitor's).
    if (!sale.appId || !sale.userId) return;
    await createAppPaymentsRepo(tx).saveMembership({
      appId: sale.appId,
      userId: sale.userId,
      status: subscription ? membershipStatusOf(subscription.status) : 'active',
      provider: sale.provider,
      subscriptionId: subscription?.id ?? null,
      productId: sale.itemId,
      currentPeriodEnd: subscription?.currentPeriodEnd ?? null,
      cancelAtPeriodEnd: subscription?.cancelAtPeriodEnd ?? false,
    });
  },

  async subscriptionChanged(tx: Db, appId: string, subscription: SubscriptionSnapshot, deleted: boolean) {
    const repo = createAppPaymentsRepo(tx);
    const membership = await repo.findMembershipBySubscription(appId, subscription.id);
    // Not ours yet: the checkout's completion creates the membership.
    if (!membership) return;
    await repo.saveMembership({
      ...membership,
      status: membershipStatusOf(subscription.status, deleted),
      currentPeriodEnd: subscription.currentPeriodEnd ?? membership.currentPeriodEnd,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    });
  },
};
