import {
  type AppPaidMemberships,
  MEMBERSHIP_MESSAGES,
  type MembershipStatusResponse,
  type PaymentProduct,
  type PaymentProviderId,
  PLATFORM_TENANT,
} from '@atelier/shared';
import type { Actor } from '../../platform/auth/actor.ts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Logger } from '../../platform/logger.ts';
import { verifyStripeWebhook } from '../../platform/stripe/stripe.ts';
import type { BillingRepo } from '../plans/billing.repo.ts';
import type { BillingService } from '../plans/billing.service.ts';
import { newSaleId } from '../plans/billing.service.ts';
import { assertPlanAllows, type PlanReader } from '../plans/enforce.ts';
import { toBillingEvent } from '../plans/providers/stripe-objects.ts';
import type { AppPaymentSettingsRow, AppPaymentsRepo, PaidApp } from './app-payments.repo.ts';
import type { MembershipProvider } from './membership-providers.ts';
import { providerIdForToken } from './membership-providers.ts';
import { isActiveMembership, membershipStatusOf } from './memberships.ledger.ts';

export interface AppPaymentsDeps {
  repo: AppPaymentsRepo;
  billingRepo: BillingRepo;
  billing: BillingService;
  providers: Record<PaymentProviderId, MembershipProvider>;
  secrets: SecretBox;
  plans: PlanReader;
  demoMode: boolean;
  publicUrl: string;
  logger: Logger;
}

/**
 * Paid memberships of apps (spec 2 §2 Settings panel, §4, §7, §8): the builder connects their own
 * payment provider account (access token → product → connected); the app's end users subscribe
 * through it and the app reads their membership.
 */
export function createAppPaymentsService(deps: AppPaymentsDeps) {
  // --- helpers ---

  async function ownedApp(actor: Actor, appId: string): Promise<PaidApp> {
    const app = await deps.repo.findApp(appId);
    if (!app || actor.tenantId !== PLATFORM_TENANT || app.ownerId !== actor.userId) throw notFound();
    return app;
  }

  /** Settings editing is a paid-plan feature (spec 1 §6): refused on lite, on the server too. */
  async function editableApp(actor: Actor, appId: string): Promise<PaidApp> {
    const app = await ownedApp(actor, appId);
    assertPlanAllows(await deps.plans.planOf(actor.userId), 'settingsEditing');
    return app;
  }

  function resolveToken(settings: AppPaymentSettingsRow | undefined, token: string | undefined) {
    if (token) {
      return { provider: deps.providers[providerIdForToken(token, deps.demoMode)], secret: token };
    }
    const stored = storedToken(settings);
    if (!stored || !settings?.provider) throw new AppError('bad_request', MEMBERSHIP_MESSAGES.noAccessToken);
    return { provider: deps.providers[settings.provider], secret: stored };
  }

  function storedToken(settings: AppPaymentSettingsRow | undefined): string | undefined {
    return settings?.accessTokenCiphertext ? deps.secrets.decrypt(settings.accessTokenCiphertext) : undefined;
  }

  async function connected(appId: string) {
    const settings = await deps.repo.findSettings(appId);
    const token = storedToken(settings);
    if (
      !settings?.isSetupCompleted ||
      !settings.provider ||
      !token ||
      !settings.productId ||
      !settings.priceId
    ) {
      throw new AppError('bad_request', MEMBERSHIP_MESSAGES.notSetUp);
    }
    return { settings, provider: deps.providers[settings.provider], token };
  }

  function webhookUrl(appId: string): string {
    return `${deps.publicUrl}/api/apps/${encodeURIComponent(appId)}/payments/webhook`;
  }

  /** Back to the published app, or another page on this site; never another origin. */
  function safeReturnUrl(appId: string, returnUrl: string | undefined): string {
    const fallback = `${deps.publicUrl}/app/${encodeURIComponent(appId)}`;
    if (!returnUrl) return fallback;
    try {
      const url = new URL(returnUrl, deps.publicUrl);
      return url.origin === new URL(deps.publicUrl).origin ? url.toString() : fallback;
    } catch {
      return fallback;
    }
  }

  return {
    async state(actor: Actor, appId: string): Promise<AppPaidMemberships> {
      await ownedApp(actor, appId);
      return toState(await deps.repo.findSettings(appId));
    },

    async setEnabled(actor: Actor, appId: string, enabled: boolean): Promise<AppPaidMemberships> {
      const app = await editableApp(actor, appId);
      if (enabled && !app.isSignupEnabled)
        throw new AppError('bad_request', MEMBERSHIP_MESSAGES.signupRequired);
      await deps.repo.saveSettings(appId, { isEnabled: enabled });
      return toState(await deps.repo.findSettings(appId));
    },

    /** Lists the products of the pasted token's account; a token that works is kept (encrypted). */
    async listProducts(
      actor: Actor,
      appId: string,
      accessToken: string | undefined,
    ): Promise<PaymentProduct[]> {
      await editableApp(actor, appId);
      const token = accessToken?.trim() || undefined;
      const settings = await deps.repo.findSettings(appId);
      const { provider, secret } = resolveToken(settings, token);
      let products: PaymentProduct[];
      try {
        products = await provider.listProducts(secret);
      } catch (error) {
        deps.logger.warn({ err: error, appId }, 'listing payment products failed');
        throw new AppError('bad_request', MEMBERSHIP_MESSAGES.fetchProductsFailed(provider.name));
      }
      if (token && token !== storedToken(settings)) {
        const changedProvider = settings?.provider !== provider.id;
        await deps.repo.saveSettings(appId, {
          provider: provider.id,
          accessTokenCiphertext: deps.secrets.encrypt(token),
          // A token of another account or provider invalidates the earlier connection.
          ...(changedProvider || settings?.accessTokenCiphertext
            ? {
                productId: null,
                productName: null,
                priceId: null,
                isSetupCompleted: false,
                webhookEndpointId: null,
                webhookSecretCiphertext: null,
              }
            : {}),
        });
      }
      return products;
    },

    /** Sells `productId` to the app's members; registers our webhook in the builder's account once. */
    async connect(actor: Actor, appId: string, productId: string) {
      await editableApp(actor, appId);
      const settings = await deps.repo.findSettings(appId);
      const token = storedToken(settings);
      if (!settings?.provider || !token) throw new AppError('bad_request', MEMBERSHIP_MESSAGES.noAccessToken);
      const provider = deps.providers[settings.provider];
      const connectFailed = MEMBERSHIP_MESSAGES.connectFailed(provider.name);
      try {
        const product = await provider.getProduct(token, productId);
        if (!product) throw new AppError('bad_request', MEMBERSHIP_MESSAGES.productNotFound);
        if (!product.priceId) throw new AppError('bad_request', MEMBERSHIP_MESSAGES.productHasNoPrice);
        let webhook: { webhookEndpointId: string; webhookSecretCiphertext: string } | undefined;
        if (!settings.webhookEndpointId) {
          const created = await provider.createWebhook(token, webhookUrl(appId), appId);
          if (created) {
            webhook = {
              webhookEndpointId: created.endpointId,
              webhookSecretCiphertext: deps.secrets.encrypt(created.secret),
            };
          }
        }
        await deps.repo.saveSettings(appId, {
          productId: product.id,
          productName: product.name,
          priceId: product.priceId,
          isSetupCompleted: true,
          ...webhook,
        });
      } catch (error) {
        if (error instanceof AppError) throw error;
        deps.logger.warn({ err: error, appId }, 'connecting the payment product failed');
        throw new AppError('bad_request', connectFailed);
      }
      return {
        ...toState(await deps.repo.findSettings(appId)),
        message: MEMBERSHIP_MESSAGES.connected(provider.name),
      };
    },

    /** Reads the product again and brings members' statuses in line with the provider's subscriptions. */
    async resync(actor: Actor, appId: string) {
      await editableApp(actor, appId);
      const { settings, provider, token } = await connected(appId);
      try {
        const product = await provider.getProduct(token, settings.productId!);
        if (!product) throw new AppError('bad_request', MEMBERSHIP_MESSAGES.productNotFound);
        await deps.repo.saveSettings(appId, { productName: product.name, priceId: product.priceId });
        if (product.priceId) {
          for (const subscription of await provider.listSubscriptions(token, product.priceId)) {
            const userId = subscription.userId;
            if (subscription.appId !== appId || !userId || !(await deps.repo.isAppUser(appId, userId)))
              continue;
            await deps.repo.saveMembership({
              appId,
              userId,
              status: membershipStatusOf(subscription.status),
              provider: provider.id,
              subscriptionId: subscription.id,
              productId: product.id,
              currentPeriodEnd: subscription.currentPeriodEnd,
              cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
            });
          }
        }
      } catch (error) {
        if (error instanceof AppError) throw error;
        deps.logger.warn({ err: error, appId }, 'resync with the payment provider failed');
        throw new AppError('bad_request', MEMBERSHIP_MESSAGES.connectFailed(provider.name));
      }
      return {
        ...toState(await deps.repo.findSettings(appId)),
        message: MEMBERSHIP_MESSAGES.resynced(provider.name),
      };
    },

    // --- end users ---

    /** The caller's membership of the app (an end user of it, its owner — never paywalled — or a visitor). */
    async membership(actor: Actor | undefined, appId: string): Promise<MembershipStatusResponse> {
      const app = await deps.repo.findApp(appId);
      if (!app) throw notFound();
      const settings = await deps.repo.findSettings(appId);
      const required = isRequired(settings);
      const product = settings?.productId
        ? { id: settings.productId, name: settings.productName ?? '' }
        : null;
      if (!actor) {
        return {
          required,
          isMember: false,
          status: 'none',
          product,
          currentPeriodEnd: null,
          cancelAtPeriodEnd: false,
        };
      }
      if (actor.tenantId === PLATFORM_TENANT) {
        if (app.ownerId !== actor.userId) throw notFound();
        return {
          required,
          isMember: true,
          status: 'active',
          product,
          currentPeriodEnd: null,
          cancelAtPeriodEnd: false,
        };
      }
      if (actor.appId !== appId) throw notFound();
      const row = await deps.repo.findMembership(appId, actor.userId);
      return {
        required,
        isMember: isActiveMembership(row?.status),
        status: row?.status ?? 'none',
        product,
        currentPeriodEnd: row?.currentPeriodEnd?.toISOString() ?? null,
        cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
      };
    },

    /** Opens a checkout of the app's product for one of its end users. */
    async checkout(actor: Actor, appId: string, returnUrl: string | undefined) {
      if (actor.appId !== appId) throw notFound();
      const { settings, provider, token } = await connected(appId);
      if (!settings.isEnabled) throw new AppError('bad_request', MEMBERSHIP_MESSAGES.notSetUp);
      const existing = await deps.repo.findMembership(appId, actor.userId);
      if (isActiveMembership(existing?.status))
        throw new AppError('conflict', MEMBERSHIP_MESSAGES.alreadyMember);
      const back = safeReturnUrl(appId, returnUrl);
      try {
        const price = await provider.getPrice(token, settings.priceId!);
        const sale = await deps.billingRepo.insertSale({
          id: newSaleId(),
          userId: actor.userId,
          appId,
          kind: 'membership',
          itemId: settings.productId!,
          interval: price.interval,
          amountCents: price.amountCents,
          currency: price.currency,
          provider: provider.id,
          successUrl: back,
          cancelUrl: back,
        });
        const session = await provider.createCheckout(token, {
          sale: { ...sale, itemName: settings.productName ?? settings.productId! },
          customer: { userId: actor.userId, email: actor.email, customerId: undefined },
          successUrl: sale.successUrl,
          cancelUrl: sale.cancelUrl,
          priceId: settings.priceId!,
          metadata: { appId },
        });
        await deps.billingRepo.updateSale(sale.id, { providerSessionId: session.sessionId });
        return { checkoutUrl: session.checkoutUrl, saleId: sale.id };
      } catch (error) {
        if (error instanceof AppError) throw error;
        deps.logger.warn({ err: error, appId }, 'membership checkout failed');
        throw new AppError('payment_provider_error', MEMBERSHIP_MESSAGES.checkoutFailed(provider.name));
      }
    },

    /** A webhook from the builder's Stripe account, signed with the secret of the endpoint we registered. */
    async webhook(appId: string, payload: string, signature: string | undefined) {
      const settings = await deps.repo.findSettings(appId);
      if (!settings?.webhookSecretCiphertext || settings.provider !== 'stripe') throw notFound();
      const check = verifyStripeWebhook(
        payload,
        signature,
        deps.secrets.decrypt(settings.webhookSecretCiphertext),
      );
      if (!check.ok) throw new AppError('bad_request', 'Invalid webhook signature', { reason: check.reason });
      const event = check.event;
      const token = storedToken(settings)!;
      const provider = deps.providers.stripe;
      return deps.billing.applyEvent(`app:${appId}`, toBillingEvent(event), (id) =>
        provider.describeSubscription(token, id),
      );
    },

    /** Product name of a membership sale (shown by the test checkout). */
    async productName(appId: string | null): Promise<string | undefined> {
      if (!appId) return undefined;
      return (await deps.repo.findSettings(appId))?.productName ?? undefined;
    },
  };
}

export type AppPaymentsService = ReturnType<typeof createAppPaymentsService>;

const isRequired = (settings: AppPaymentSettingsRow | undefined) =>
  Boolean(settings?.isEnabled && settings.isSetupCompleted);

export function toState(settings: AppPaymentSettingsRow | undefined): AppPaidMemberships {
  return {
    isPaidMembershipsEnabled: settings?.isEnabled ?? false,
    paidMembershipsSettings: {
      paymentProvider: settings?.provider ?? null,
      hasPaymentProviderAccessToken: Boolean(settings?.accessTokenCiphertext),
      isSetupCompleted: settings?.isSetupCompleted ?? false,
    },
    paidMembershipsProduct: settings?.productId
      ? { id: settings.productId, name: settings.productName ?? settings.productId }
      : null,
  };
}
