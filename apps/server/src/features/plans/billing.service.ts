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
export class BillingService {
  private readonly testProvider;

  constructor(private readonly deps: BillingServiceDeps) {
    this.testProvider = createTestProvider(deps.publicUrl);
  }

  get provider(): PaymentProvider {
    return this.deps.provider;
  }

  catalogue(): Plan[] {
    return buildCatalogue({ disabled: this.deps.billing.disabledPlans });
  }

  plans(): PlansResponse {
    return {
      plans: this.catalogue(),
      currency: 'USD',
      demoMode: this.deps.billing.demoMode,
      provider: this.deps.provider.id,
    };
  }

  async checkout(
    actor: Actor,
    input: { planId: string; interval: BillingInterval; returnPath?: string | undefined },
  ): Promise<CheckoutResponse> {
    const plan = findPlan(this.catalogue(), input.planId);
    if (!plan) throw new AppError('not_found', BILLING_MESSAGES.planNotFound);
    if (plan.disabled) throw new AppError('bad_request', BILLING_MESSAGES.planDisabled);
    if (plan.id === 'lite') throw new AppError('bad_request', BILLING_MESSAGES.freePlanNoCheckout);
    const builder = await this.builder(actor);
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
    const sale = await this.deps.repo.insertSale({
      id: saleId,
      userId: builder.id,
      kind: plan.oneTimePayment ? 'app_package' : 'plan',
      itemId: plan.id,
      interval,
      amountCents: toCents(amount),
      currency: 'USD',
      provider: this.deps.provider.id,
      successUrl: `${this.deps.publicUrl}${withParam(returnPath, SALE_ID_PARAM, saleId)}`,
      cancelUrl: `${this.deps.publicUrl}${withParam(returnPath, GOTO_PARAM, GOTO_UPGRADE_APP_PLAN)}`,
    });
    const customerId = await this.deps.repo.findCustomer(builder.id, this.deps.provider.id);
    try {
      const session = await this.deps.provider.createCheckout({
        sale: { ...sale, itemName: plan.name },
        customer: { userId: builder.id, email: builder.email, customerId },
        successUrl: sale.successUrl,
        cancelUrl: sale.cancelUrl,
      });
      await this.deps.repo.updateSale(sale.id, { providerSessionId: session.sessionId });
      if (session.customerId && session.customerId !== customerId) {
        await this.deps.repo.saveCustomer(builder.id, this.deps.provider.id, session.customerId);
      }
      return { checkoutUrl: session.checkoutUrl, saleId };
    } catch (error) {
      await this.deps.repo.updateSale(sale.id, { status: 'cancelled' });
      throw this.providerError(error, BILLING_MESSAGES.checkoutFailed);
    }
  }

  /**
   * A visitor without an account buys a plan or the app package first (spec 1 §2 `/joinplan`): the
   * checkout returns to sign-up with `sale_id`, and the account created with it claims the sale.
   */
  async guestCheckout(input: { planId: string; interval: BillingInterval }): Promise<CheckoutResponse> {
    const plan = findPlan(this.catalogue(), input.planId);
    if (!plan) throw new AppError('not_found', BILLING_MESSAGES.planNotFound);
    if (plan.disabled) throw new AppError('bad_request', BILLING_MESSAGES.planDisabled);
    if (plan.id === 'lite') throw new AppError('bad_request', BILLING_MESSAGES.freePlanNoCheckout);
    const interval = plan.oneTimePayment ? 'once' : input.interval;
    const saleId = newSaleId();
    const sale = await this.deps.repo.insertSale({
      id: saleId,
      userId: null,
      kind: plan.oneTimePayment ? 'app_package' : 'plan',
      itemId: plan.id,
      interval,
      amountCents: toCents(checkoutAmount(plan, input.interval)),
      currency: 'USD',
      provider: this.deps.provider.id,
      successUrl: `${this.deps.publicUrl}${withParam(GUEST_RETURN_PATH, SALE_ID_PARAM, saleId)}`,
      cancelUrl: `${this.deps.publicUrl}${DEFAULT_RETURN_PATH}`,
    });
    try {
      const session = await this.deps.provider.createCheckout({
        sale: { ...sale, itemName: plan.name },
        successUrl: sale.successUrl,
        cancelUrl: sale.cancelUrl,
      });
      await this.deps.repo.updateSale(sale.id, { providerSessionId: session.sessionId });
      return { checkoutUrl: session.checkoutUrl, saleId };
    } catch (error) {
      await this.deps.repo.updateSale(sale.id, { status: 'cancelled' });
      throw this.providerError(error, BILLING_MESSAGES.checkoutFailed);
    }
  }

  /**
   * The account created with `sale_id` (spec 1 §4 "account creation with a sale") takes a visitor's
   * paid sale: the plan or the app package becomes the builder's. Claiming again by the same account
   * changes nothing; a sale another account holds is refused (409); an unknown or not yet paid sale
   * answers 401, which the client retries while the payment completes.
   */
  async claimSale(actor: Actor, saleId: string): Promise<void> {
    const sale = await this.deps.repo.unsafeFindSale(saleId);
    const paid = sale?.status === 'completed' && sale.kind !== 'membership';
    if (!sale || !paid || actor.tenantId !== PLATFORM_TENANT) {
      throw new AppError('unauthorized', AUTH_MESSAGES.accountCreate.failed);
    }
    if (sale.userId === actor.userId) return;
    if (sale.userId) throw new AppError('conflict', BILLING_MESSAGES.saleClaimed);
    const subscriptionId = sale.kind === 'plan' ? sale.providerSubscriptionId : null;
    const described = subscriptionId
      ? await this.callProvider(() =>
          this.providerFor(sale.provider).describeSubscription(subscriptionId, sale),
        )
      : undefined;
    const replaced = await this.deps.repo.transaction(async (repo) => {
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
      await this.deps.provider.cancelNow(replaced).catch((error: unknown) => {
        this.deps.logger.error(
          { err: error, subscriptionId: replaced },
          'could not cancel a replaced subscription',
        );
      });
    }
  }

  async status(actor: Actor): Promise<BillingStatus> {
    let builder = await this.builder(actor);
    if (await this.endLapsedTestSubscription(builder)) builder = await this.builder(actor);
    const payments = await this.deps.repo.listPayments(builder.id);
    return {
      plan: builder.plan,
      subscriptionId: builder.subscriptionId,
      planSubscriptionStatus: builder.planSubscriptionStatus,
      planSubscriptionCancelledAt: builder.planSubscriptionCancelledAt?.toISOString() ?? null,
      hasPaidAppPackage: builder.hasPaidAppPackage,
      provider: this.deps.provider.id,
      payments: payments.map(toPayment),
    };
  }

  /** Cancel at the end of the period (`cancel: true`) or take that back (`false`). */
  async setCancelAtPeriodEnd(actor: Actor, cancel: boolean): Promise<BillingStatus> {
    const { row } = await this.currentSubscription(actor);
    const snapshot = await this.callProvider(() =>
      this.providerFor(row.provider).setCancelAtPeriodEnd(snapshotOf(row, null), cancel),
    );
    await this.applyChange(row.provider, snapshot, `cancel_at_period_end_${cancel}`);
    return this.status(actor);
  }

  /** Moves to a lower plan: to lite at the end of the period, to a lower paid plan at once. */
  async downgrade(actor: Actor, planId: string): Promise<BillingStatus> {
    const target = findPlan(this.catalogue(), planId);
    if (!target || !isPlanId(target.id)) throw new AppError('not_found', BILLING_MESSAGES.planNotFound);
    const { builder, row } = await this.currentSubscription(actor);
    const current: PlanId = isPlanId(builder.plan) ? builder.plan : 'lite';
    if (planRank(target.id) >= planRank(current)) {
      throw new AppError('bad_request', BILLING_MESSAGES.downgradeNotLower);
    }
    if (target.id === 'lite') return this.setCancelAtPeriodEnd(actor, true);
    if (target.disabled) throw new AppError('bad_request', BILLING_MESSAGES.planDisabled);
    const interval = row.interval === 'year' ? 'year' : 'month';
    const snapshot = await this.callProvider(() =>
      this.providerFor(row.provider).changePlan(snapshotOf(row, null), {
        itemId: target.id,
        interval,
        amountCents: toCents(checkoutAmount(target, interval)),
        name: target.name,
      }),
    );
    await this.applyChange(row.provider, { ...snapshot, itemId: target.id }, `plan_${target.id}`);
    return this.status(actor);
  }

  async portal(actor: Actor): Promise<string> {
    const builder = await this.builder(actor);
    const customerId = await this.deps.repo.findCustomer(builder.id, this.deps.provider.id);
    return this.callProvider(() =>
      this.deps.provider.portalUrl(customerId, `${this.deps.publicUrl}/settings`),
    );
  }

  /** A verified provider webhook (Stripe). */
  async handleWebhook(payload: string, signature: string | undefined): Promise<{ duplicate: boolean }> {
    const event = this.deps.provider.parseWebhook(payload, signature);
    return this.applyEvent(this.deps.provider.id, event, (id, sale) =>
      this.deps.provider.describeSubscription(id, sale),
    );
  }

  /** Applies an event and cancels, at the provider, a subscription that a new plan replaced. */
  async applyEvent(
    source: string,
    event: BillingEvent,
    describe: DescribeSubscription,
  ): Promise<{ duplicate: boolean }> {
    const outcome = await this.deps.events.apply(source, event, describe);
    if (outcome.replacedSubscriptionId) {
      const replaced = outcome.replacedSubscriptionId;
      await this.deps.provider.cancelNow(replaced).catch((error: unknown) => {
        this.deps.logger.error(
          { err: error, subscriptionId: replaced },
          'could not cancel a replaced subscription',
        );
      });
    }
    return { duplicate: outcome.duplicate };
  }

  // --- the test-mode provider's checkout ---

  async testCheckout(saleId: string): Promise<TestCheckout> {
    const sale = await this.testSale(saleId);
    return {
      saleId: sale.id,
      itemName: await this.itemName(sale),
      interval: sale.interval,
      amount: sale.amountCents / 100,
      currency: sale.currency,
      status: sale.status,
      successUrl: sale.successUrl,
      cancelUrl: sale.cancelUrl,
    };
  }

  /** Pays a test sale (the Pay button, or scripts). Paying twice changes nothing. */
  async completeTestSale(
    saleId: string,
  ): Promise<{ saleId: string; status: 'completed'; successUrl: string }> {
    const sale = await this.testSale(saleId);
    if (sale.status === 'cancelled') throw new AppError('conflict', BILLING_MESSAGES.saleNotPending);
    const recurring = sale.interval === 'month' || sale.interval === 'year';
    await this.applyEvent(
      'test',
      {
        type: 'checkout.completed',
        eventId: testCompletionEventId(sale.id),
        saleId: sale.id,
        sessionId: sale.providerSessionId ?? `cs_test_${sale.id}`,
        subscriptionId: recurring ? testSubscriptionId(sale.id) : null,
        customerId: null,
      },
      (id, row) => this.testProvider.describeSubscription(id, row),
    );
    return { saleId: sale.id, status: 'completed', successUrl: sale.successUrl };
  }

  /** Membership sales name their product; plan sales the plan. */
  private async itemName(sale: SaleRow): Promise<string> {
    if (sale.kind === 'membership') return (await this.deps.membershipName?.(sale)) ?? sale.itemId;
    return findPlan(this.catalogue(), sale.itemId)?.name ?? sale.itemId;
  }

  private async testSale(saleId: string): Promise<SaleRow> {
    const sale = await this.deps.repo.unsafeFindSale(saleId);
    if (sale?.provider !== 'test') throw new AppError('not_found', BILLING_MESSAGES.saleNotFound);
    return sale;
  }

  // --- helpers ---

  private async builder(actor: Actor): Promise<BuilderPlanRow> {
    const builder = await this.deps.repo.findBuilder(actor.userId);
    if (!builder) throw notFound();
    return builder;
  }

  private async currentSubscription(actor: Actor) {
    const builder = await this.builder(actor);
    const row = builder.subscriptionId
      ? await this.deps.repo.findSubscription(builder.subscriptionId)
      : undefined;
    if (!row || !isPlanStatusAlive(row.status))
      throw new AppError('conflict', BILLING_MESSAGES.noSubscription);
    return { builder, row };
  }

  private providerFor(id: string): PaymentProvider {
    return id === 'test' ? this.testProvider : this.deps.provider;
  }

  /** A change we asked the provider for, applied at once (its webhook later agrees, or is a replay). */
  private async applyChange(source: string, snapshot: SubscriptionSnapshot, change: string): Promise<void> {
    await this.deps.events.apply(
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
  private async endLapsedTestSubscription(builder: BuilderPlanRow): Promise<boolean> {
    if (!builder.subscriptionId) return false;
    const row = await this.deps.repo.findSubscription(builder.subscriptionId);
    if (row?.provider !== 'test' || !row.cancelAtPeriodEnd || !row.currentPeriodEnd) return false;
    if (row.currentPeriodEnd.getTime() > Date.now() || !isPlanStatusAlive(row.status)) return false;
    await this.deps.events.apply(
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

  private async callProvider<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      throw this.providerError(error, BILLING_MESSAGES.providerUnavailable);
    }
  }

  private providerError(error: unknown, message: string): AppError {
    if (error instanceof AppError) return error;
    this.deps.logger.error({ err: error }, 'payment provider call failed');
    return new AppError('payment_provider_error', message);
  }
}

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
