import { randomBytes } from 'node:crypto';
import {
  AUTH_MESSAGES,
  BILLING_MESSAGES,
  type BillingInterval,
  type BillingStatus,
  buildCatalogue,
  type CheckoutResponse,
  checkoutAmount,
  findPlan,
  GOTO_PARAM,
  GOTO_UPGRADE_APP_PLAN,
  isPlanId,
  isPlanStatusAlive,
  type Payment,
  PLATFORM_TENANT,
  type Plan,
  type PlanId,
  type PlansResponse,
  planRank,
  SALE_ID_PARAM,
  type TestCheckout,
  toCents,
} from '@atelier/shared';
import type { Actor } from '../../platform/auth/actor.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Logger } from '../../platform/logger.ts';
import type { BillingRepo, BuilderPlanRow, SaleRow } from './billing.repo.ts';
import type { BillingConfig } from './billing-config.ts';
import {
  type BillingEventApplier,
  type DescribeSubscription,
  grantSale,
  snapshotOf,
} from './billing-events.ts';
import type { BillingEvent, PaymentProvider, SubscriptionSnapshot } from './providers/payment-provider.ts';
import { createTestProvider, testCompletionEventId, testSubscriptionId } from './providers/test-provider.ts';

export interface BillingServiceDeps {
  repo: BillingRepo;
  events: BillingEventApplier;
  provider: PaymentProvider;
  billing: BillingConfig;
  publicUrl: string;
  logger: Logger;
  /** The product name of an app-membership sale (the payments area knows it). */
  membershipName?: (sale: SaleRow) => Promise<string | undefined>;
}

const DEFAULT_RETURN_PATH = '/joinplan';
/** Where a visitor's checkout returns: sign-up, which creates the account with the sale. */
const GUEST_RETURN_PATH = '/signup';

export const newSaleId = () => `sale_${randomBytes(16).toString('base64url')}`;

/** A site path with one more query parameter. */
export function withParam(path: string, name: string, value: string): string {
  const [base, hash] = path.split('#', 2);
  const joined = `${base}${base!.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}

/** Plans, checkouts, subscriptions and the test checkout of the platform (builders' plans). */
export function createBillingService(deps: BillingServiceDeps) {
  const testProvider = createTestProvider(deps.publicUrl);

  /** Membership sales name their product; plan sales the plan. */
  async function itemName(sale: SaleRow): Promise<string> {
    if (sale.kind === 'membership') return (await deps.membershipName?.(sale)) ?? sale.itemId;
    return findPlan(billingService.catalogue(), sale.itemId)?.name ?? sale.itemId;
  }

  async function testSale(saleId: string): Promise<SaleRow> {
    const sale = await deps.repo.unsafeFindSale(saleId);
    if (sale?.provider !== 'test') throw new AppError('not_found', BILLING_MESSAGES.saleNotFound);
    return sale;
  }

  async function builderOf(actor: Actor): Promise<BuilderPlanRow> {
    const builder = await deps.repo.findBuilder(actor.userId);
    if (!builder) throw notFound();
    return builder;
  }

  async function currentSubscription(actor: Actor) {
    const builder = await builderOf(actor);
    const row = builder.subscriptionId ? await deps.repo.findSubscription(builder.subscriptionId) : undefined;
    if (!row || !isPlanStatusAlive(row.status))
      throw new AppError('conflict', BILLING_MESSAGES.noSubscription);
    return { builder, row };
  }

  function providerFor(id: string): PaymentProvider {
    return id === 'test' ? testProvider : deps.provider;
  }

  /** A change we asked the provider for, applied at once (its webhook later agrees, or is a replay). */
  async function applyChange(source: string, snapshot: SubscriptionSnapshot, change: string): Promise<void> {
    await deps.events.apply(
      source,
      {
        type: 'subscription.updated',
        eventId: `local_${snapshot.id}_${change}_${Date.now()}`,
        subscription: snapshot,
      },
      async () => snapshot,
    );
  }

  /** Test subscriptions have no provider to end them: one cancelled at period end ends on reading. */
  async function endLapsedTestSubscription(builder: BuilderPlanRow): Promise<boolean> {
    if (!builder.subscriptionId) return false;
    const row = await deps.repo.findSubscription(builder.subscriptionId);
    if (row?.provider !== 'test' || !row.cancelAtPeriodEnd || !row.currentPeriodEnd) return false;
    if (row.currentPeriodEnd.getTime() > Date.now() || !isPlanStatusAlive(row.status)) return false;
    await deps.events.apply(
      'test',
      {
        type: 'subscription.deleted',
        eventId: `evt_test_${row.id}_ended`,
        subscription: snapshotOf(row, null),
      },
      async () => snapshotOf(row, null),
    );
    return true;
  }

  async function callProvider<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      throw providerError(error, BILLING_MESSAGES.providerUnavailable);
    }
  }

  function providerError(error: unknown, message: string): AppError {
    if (error instanceof AppError) return error;
    deps.logger.error({ err: error }, 'payment provider call failed');
    return new AppError('payment_provider_error', message);
  }

  const billingService = {
    provider: deps.provider,

    catalogue(): Plan[] {
      return buildCatalogue({ disabled: deps.billing.disabledPlans });
    },

    plans(): PlansResponse {
      return {
        plans: billingService.catalogue(),
        currency: 'USD',
        demoMode: deps.billing.demoMode,
        provider: deps.provider.id,
      };
    },

    async checkout(
      actor: Actor,
      input: { planId: string; interval: BillingInterval; returnPath?: string | undefined },
    ): Promise<CheckoutResponse> {
      const plan = findPlan(billingService.catalogue(), input.planId);
      if (!plan) throw new AppError('not_found', BILLING_MESSAGES.planNotFound);
      if (plan.disabled) throw new AppError('bad_request', BILLING_MESSAGES.planDisabled);
      if (plan.id === 'lite') throw new AppError('bad_request', BILLING_MESSAGES.freePlanNoCheckout);
      const builder = await builderOf(actor);
      if (plan.oneTimePayment && builder.hasPaidAppPackage) {
        throw new AppError('conflict', BILLING_MESSAGES.alreadyPaid);
      }
      if (!plan.oneTimePayment && isPlanId(plan.id) && isPlanStatusAlive(builder.planSubscriptionStatus)) {
        const current = isPlanId(builder.plan) ? builder.plan : 'lite';
        if (plan.id === current) throw new AppError('conflict', BILLING_MESSAGES.alreadyOnPlan);
        if (planRank(plan.id) < planRank(current))
          throw new AppError('bad_request', BILLING_MESSAGES.useDowngrade);
      }

      const interval = plan.oneTimePayment ? 'once' : input.interval;
      const amount = checkoutAmount(plan, input.interval);
      const saleId = newSaleId();
      const returnPath = input.returnPath ?? DEFAULT_RETURN_PATH;
      const sale = await deps.repo.insertSale({
        id: saleId,
        userId: builder.id,
        kind: plan.oneTimePayment ? 'app_package' : 'plan',
        itemId: plan.id,
        interval,
        amountCents: toCents(amount),
        currency: 'USD',
        provider: deps.provider.id,
        successUrl: `${deps.publicUrl}${withParam(returnPath, SALE_ID_PARAM, saleId)}`,
        cancelUrl: `${deps.publicUrl}${withParam(returnPath, GOTO_PARAM, GOTO_UPGRADE_APP_PLAN)}`,
      });
      const customerId = await deps.repo.findCustomer(builder.id, deps.provider.id);
      try {
        const session = await deps.provider.createCheckout({
          sale: { ...sale, itemName: plan.name },
          customer: { userId: builder.id, email: builder.email, customerId },
          successUrl: sale.successUrl,
          cancelUrl: sale.cancelUrl,
        });
        await deps.repo.updateSale(sale.id, { providerSessionId: session.sessionId });
        if (session.customerId && session.customerId !== customerId) {
          await deps.repo.saveCustomer(builder.id, deps.provider.id, session.customerId);
        }
        return { checkoutUrl: session.checkoutUrl, saleId };
      } catch (error) {
        await deps.repo.updateSale(sale.id, { status: 'cancelled' });
        throw providerError(error, BILLING_MESSAGES.checkoutFailed);
      }
    },

    /**
     * A visitor without an account buys a plan or the app package first (spec 1 §2 `/joinplan`): the
     * checkout returns to sign-up with `sale_id`, and the account created with it claims the sale.
     */
    async guestCheckout(input: { planId: string; interval: BillingInterval }): Promise<CheckoutResponse> {
      const plan = findPlan(billingService.catalogue(), input.planId);
      if (!plan) throw new AppError('not_found', BILLING_MESSAGES.planNotFound);
      if (plan.disabled) throw new AppError('bad_request', BILLING_MESSAGES.planDisabled);
      if (plan.id === 'lite') throw new AppError('bad_request', BILLING_MESSAGES.freePlanNoCheckout);
      const interval = plan.oneTimePayment ? 'once' : input.interval;
      const saleId = newSaleId();
      const sale = await deps.repo.insertSale({
        id: saleId,
        userId: null,
        kind: plan.oneTimePayment ? 'app_package' : 'plan',
        itemId: plan.id,
        interval,
        amountCents: toCents(checkoutAmount(plan, input.interval)),
        currency: 'USD',
        provider: deps.provider.id,
        successUrl: `${deps.publicUrl}${withParam(GUEST_RETURN_PATH, SALE_ID_PARAM, saleId)}`,
        cancelUrl: `${deps.publicUrl}${DEFAULT_RETURN_PATH}`,
      });
      try {
        const session = await deps.provider.createCheckout({
          sale: { ...sale, itemName: plan.name },
          successUrl: sale.successUrl,
          cancelUrl: sale.cancelUrl,
        });
        await deps.repo.updateSale(sale.id, { providerSessionId: session.sessionId });
        return { checkoutUrl: session.checkoutUrl, saleId };
      } catch (error) {
        await deps.repo.updateSale(sale.id, { status: 'cancelled' });
        throw providerError(error, BILLING_MESSAGES.checkoutFailed);
      }
    },

    /**
     * The account created with `sale_id` (spec 1 §4 "account creation with a sale") takes a visitor's
     * paid sale: the plan or the app package becomes the builder's. Claiming again by the same account
     * changes nothing; a sale another account holds is refused (409); an unknown or not yet paid sale
     * answers 401, which the client retries while the payment completes.
     */
    async claimSale(actor: Actor, saleId: string): Promise<void> {
      const sale = await deps.repo.unsafeFindSale(saleId);
      const paid = sale?.status === 'completed' && sale.kind !== 'membership';
      if (!sale || !paid || actor.tenantId !== PLATFORM_TENANT) {
        throw new AppError('unauthorized', AUTH_MESSAGES.accountCreate.failed);
      }
      if (sale.userId === actor.userId) return;
      if (sale.userId) throw new AppError('conflict', BILLING_MESSAGES.saleClaimed);
      const subscriptionId = sale.kind === 'plan' ? sale.providerSubscriptionId : null;
      const described = subscriptionId
        ? await callProvider(() => providerFor(sale.provider).describeSubscription(subscriptionId, sale))
        : undefined;
      const replaced = await deps.repo.transaction(async (repo) => {
        const claimed = await repo.claimSale(sale.id, actor.userId);
        if (!claimed) throw new AppError('conflict', BILLING_MESSAGES.saleClaimed);
        return grantSale(
          repo,
          { ...claimed, userId: actor.userId },
          { subscriptionId, customerId: described?.customerId ?? null },
          described,
        );
      });
      if (replaced) {
        await deps.provider.cancelNow(replaced).catch((error: unknown) => {
          deps.logger.error(
            { err: error, subscriptionId: replaced },
            'could not cancel a replaced subscription',
          );
        });
      }
    },

    async status(actor: Actor): Promise<BillingStatus> {
      let builder = await builderOf(actor);
      if (await endLapsedTestSubscription(builder)) builder = await builderOf(actor);
      const payments = await deps.repo.listPayments(builder.id);
      return {
        plan: builder.plan,
        subscriptionId: builder.subscriptionId,
        planSubscriptionStatus: builder.planSubscriptionStatus,
        planSubscriptionCancelledAt: builder.planSubscriptionCancelledAt?.toISOString() ?? null,
        hasPaidAppPackage: builder.hasPaidAppPackage,
        provider: deps.provider.id,
        payments: payments.map(toPayment),
      };
    },

    /** Cancel at the end of the period (`cancel: true`) or take that back (`false`). */
    async setCancelAtPeriodEnd(actor: Actor, cancel: boolean): Promise<BillingStatus> {
      const { row } = await currentSubscription(actor);
      const snapshot = await callProvider(() =>
        providerFor(row.provider).setCancelAtPeriodEnd(snapshotOf(row, null), cancel),
      );
      await applyChange(row.provider, snapshot, `cancel_at_period_end_${cancel}`);
      return billingService.status(actor);
    },

    /** Moves to a lower plan: to lite at the end of the period, to a lower paid plan at once. */
    async downgrade(actor: Actor, planId: string): Promise<BillingStatus> {
      const target = findPlan(billingService.catalogue(), planId);
      if (!target || !isPlanId(target.id)) throw new AppError('not_found', BILLING_MESSAGES.planNotFound);
      const { builder, row } = await currentSubscription(actor);
      const current: PlanId = isPlanId(builder.plan) ? builder.plan : 'lite';
      if (planRank(target.id) >= planRank(current)) {
        throw new AppError('bad_request', BILLING_MESSAGES.downgradeNotLower);
      }
      if (target.id === 'lite') return billingService.setCancelAtPeriodEnd(actor, true);
      if (target.disabled) throw new AppError('bad_request', BILLING_MESSAGES.planDisabled);
      const interval = row.interval === 'year' ? 'year' : 'month';
      const snapshot = await callProvider(() =>
        providerFor(row.provider).changePlan(snapshotOf(row, null), {
          itemId: target.id,
          interval,
          amountCents: toCents(checkoutAmount(target, interval)),
          name: target.name,
        }),
      );
      await applyChange(row.provider, { ...snapshot, itemId: target.id }, `plan_${target.id}`);
      return billingService.status(actor);
    },

    async portal(actor: Actor): Promise<string> {
      const builder = await builderOf(actor);
      const customerId = await deps.repo.findCustomer(builder.id, deps.provider.id);
      return callProvider(() => deps.provider.portalUrl(customerId, `${deps.publicUrl}/settings`));
    },

    /** A verified provider webhook (Stripe). */
    async handleWebhook(payload: string, signature: string | undefined): Promise<{ duplicate: boolean }> {
      const event = deps.provider.parseWebhook(payload, signature);
      return billingService.applyEvent(deps.provider.id, event, (id, sale) =>
        deps.provider.describeSubscription(id, sale),
      );
    },

    /** Applies an event and cancels, at the provider, a subscription that a new plan replaced. */
    async applyEvent(
      source: string,
      event: BillingEvent,
      describe: DescribeSubscription,
    ): Promise<{ duplicate: boolean }> {
      const outcome = await deps.events.apply(source, event, describe);
      if (outcome.replacedSubscriptionId) {
        const replaced = outcome.replacedSubscriptionId;
        await deps.provider.cancelNow(replaced).catch((error: unknown) => {
          deps.logger.error(
            { err: error, subscriptionId: replaced },
            'could not cancel a replaced subscription',
          );
        });
      }
      return { duplicate: outcome.duplicate };
    },

    // --- the test-mode provider's checkout ---

    async testCheckout(saleId: string): Promise<TestCheckout> {
      const sale = await testSale(saleId);
      return {
        saleId: sale.id,
        itemName: await itemName(sale),
        interval: sale.interval,
        amount: sale.amountCents / 100,
        currency: sale.currency,
        status: sale.status,
        successUrl: sale.successUrl,
        cancelUrl: sale.cancelUrl,
      };
    },

    /** Pays a test sale (the Pay button, or scripts). Paying twice changes nothing. */
    async completeTestSale(
      saleId: string,
    ): Promise<{ saleId: string; status: 'completed'; successUrl: string }> {
      const sale = await testSale(saleId);
      if (sale.status === 'cancelled') throw new AppError('conflict', BILLING_MESSAGES.saleNotPending);
      const recurring = sale.interval === 'month' || sale.interval === 'year';
      await billingService.applyEvent(
        'test',
        {
          type: 'checkout.completed',
          eventId: testCompletionEventId(sale.id),
          saleId: sale.id,
          sessionId: sale.providerSessionId ?? `cs_test_${sale.id}`,
          subscriptionId: recurring ? testSubscriptionId(sale.id) : null,
          customerId: null,
        },
        (id, row) => testProvider.describeSubscription(id, row),
      );
      return { saleId: sale.id, status: 'completed', successUrl: sale.successUrl };
    },
  };
  return billingService;
}

export type BillingService = ReturnType<typeof createBillingService>;

function toPayment(sale: SaleRow): Payment {
  return {
    saleId: sale.id,
    itemId: sale.itemId,
    interval: sale.interval,
    status: sale.status,
    amount: sale.amountCents / 100,
    currency: sale.currency,
    provider: sale.provider,
    createdAt: sale.createdAt.toISOString(),
    completedAt: sale.completedAt?.toISOString() ?? null,
  };
}
