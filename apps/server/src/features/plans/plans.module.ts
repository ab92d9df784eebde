import type { AppDeps } from '../../platform/app-deps.ts';
import { defineArea } from '../../platform/areas.ts';
import { createRouter } from '../../platform/http/openapi.ts';
import { createAppPaymentsRepo } from '../payments/app-payments.repo.ts';
import { appPaymentsRoutes } from '../payments/app-payments.routes.ts';
import { type AppPaymentsService, createAppPaymentsService } from '../payments/app-payments.service.ts';
import {
  createStripeMembershipProvider,
  createTestMembershipProvider,
} from '../payments/membership-providers.ts';
import { membershipLedger } from '../payments/memberships.ledger.ts';
import { createBillingRepo } from './billing.repo.ts';
import { billingRoutes } from './billing.routes.ts';
import { type BillingService, createBillingService } from './billing.service.ts';
import { createBillingEventApplier } from './billing-events.ts';
import { createPlanReader } from './enforce.ts';
import { plansRoutes } from './plans.routes.ts';
import { createStripeProvider } from './providers/stripe-provider.ts';
import { createTestProvider } from './providers/test-provider.ts';

export interface PlansParts {
  billing: BillingService;
  payments: AppPaymentsService;
  testMode: boolean;
}

/** The billing and payments services (built once by createServices; the accounts area claims sales with it). */
export const plansPartsOf = defineArea<PlansParts>('plans');

export function createPlansParts(
  deps: Pick<AppDeps, 'config' | 'logger' | 'database' | 'secretBox'>,
): PlansParts {
  const { config, logger } = deps;
  const db = deps.database.db;
  const billingRepo = createBillingRepo(db);
  const paymentsRepo = createAppPaymentsRepo(db);
  const provider = config.billing.stripe
    ? createStripeProvider(config.billing.stripe)
    : createTestProvider(config.publicUrl);
  let payments: AppPaymentsService | undefined;
  const billing = createBillingService({
    repo: billingRepo,
    events: createBillingEventApplier(billingRepo, membershipLedger, logger),
    provider,
    billing: config.billing,
    publicUrl: config.publicUrl,
    logger,
    membershipName: (sale) => payments?.productName(sale.appId) ?? Promise.resolve(undefined),
  });
  payments = createAppPaymentsService({
    repo: paymentsRepo,
    billingRepo,
    billing,
    providers: {
      test: createTestMembershipProvider(config.publicUrl),
      stripe: createStripeMembershipProvider(config.billing.stripeApiBase),
    },
    secrets: deps.secretBox,
    plans: createPlanReader(db),
    demoMode: config.billing.demoMode,
    publicUrl: config.publicUrl,
    logger,
  });
  return { billing, payments, testMode: provider.id === 'test' || config.billing.demoMode };
}

/**
 * Plans, builders' payments and apps' paid memberships, mounted on the API router by app.ts:
 * `/plans`, `/live_api/app/paidPlans`, `/billing/*`, `/apps/{appId}/payments/*`, `/apps/{appId}/membership*`.
 */
export function plansModule(deps: Pick<AppDeps, 'areas'>) {
  const { billing, payments, testMode } = plansPartsOf(deps);
  return createRouter()
    .route('/', plansRoutes(billing))
    .route('/', billingRoutes(billing, { testMode }))
    .route('/', appPaymentsRoutes(payments));
}
