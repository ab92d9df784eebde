import { MEMBERSHIP_MESSAGES, PLATFORM_TENANT } from '@atelier/shared';
import type { Actor } from '../../platform/auth/actor.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { createAppPaymentsRepo } from './app-payments.repo.ts';
import { isActiveMembership } from './memberships.ledger.ts';

/**
 * The server side of the paywall: features that serve an app's data to its end users (entities,
 * functions, integrations) call `assertMember` so a paid app's content never reaches a non-member,
 * whatever the app's pages show. The app's owner is never paywalled.
 */
export interface MembershipGate {
  assertMember(appId: string, actor: Actor | undefined): Promise<void>;
}

export function createMembershipGate(db: Db): MembershipGate {
  const repo = createAppPaymentsRepo(db);
  return {
    async assertMember(appId, actor) {
      const settings = await repo.findSettings(appId);
      if (!settings?.isEnabled || !settings.isSetupCompleted) return;
      if (actor?.tenantId === PLATFORM_TENANT) {
        const app = await repo.findApp(appId);
        if (app?.ownerId === actor.userId) return;
      }
      const membership = actor?.appId === appId ? await repo.findMembership(appId, actor.userId) : undefined;
      if (!isActiveMembership(membership?.status)) {
        throw new AppError('forbidden', MEMBERSHIP_MESSAGES.membersOnly, { membershipRequired: true });
      }
    },
  };
}
