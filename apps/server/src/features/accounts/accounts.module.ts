import type { AccountsOptions, AppDeps } from '../../platform/app-deps.ts';
import type { AuthRuntime } from '../../platform/auth/runtime.ts';
import { createRouter } from '../../platform/http/openapi.ts';
import { createMailer } from '../../platform/mail/mailer.ts';
import { isAppAddress } from '../apps/app-address.ts';
import { appsRuntime } from '../apps/apps.runtime.ts';
import { appAddresses } from '../apps/apps.service.ts';
import { plansPartsOf } from '../plans/plans.module.ts';
import { accountRoutes } from './account.routes.ts';
import type { AccountsContext } from './accounts.context.ts';
import { createAccountsRepo } from './accounts.repo.ts';
import { adminUsersRoutes } from './admin-users.routes.ts';
import { authRoutes } from './auth.routes.ts';
import { devOutboxRoutes } from './dev-outbox.routes.ts';
import { oauthRoutes } from './oauth.routes.ts';
import { configuredProviders } from './oauth-providers.ts';

export type { AccountsOptions };

/**
 * The accounts services' context of one application (createApp makes one with its auth runtime;
 * features/base44 shares it).
 */
export function createAccountsContext(
  deps: Pick<AppDeps, 'config' | 'database' | 'logger' | 'accounts' | 'areas'>,
  auth: AuthRuntime,
): AccountsContext {
  const repo = createAccountsRepo(deps.database.db);
  return {
    auth,
    repo: {
      ...repo,
      // A user's change is seen by their next request on this instance (sessions.ts forgetUser).
      async updateUser(tenantId, userId, values) {
        const updated = await repo.updateUser(tenantId, userId, values);
        auth.sessions.forgetUser(userId);
        return updated;
      },
      async claimFirstAdmin(userId) {
        const claimed = await repo.claimFirstAdmin(userId);
        auth.sessions.forgetUser(userId);
        return claimed;
      },
    },
    mailer: deps.accounts?.mailer ?? createMailer(deps.config, deps.database, deps.logger),
    logger: deps.logger,
    claimSale: (actor, saleId) => plansPartsOf(deps).billing.claimSale(actor, saleId),
    appAddresses: (appId) => appAddresses(appsRuntime(deps), appId),
    isAppAddress: (appId, address) => isAppAddress(appsRuntime(deps), appId, address),
  };
}

/** Every route of sign-in and accounts, mounted on the API router by app.ts. */
export function accountsRoutes(
  deps: Pick<AppDeps, 'config' | 'database' | 'accounts'>,
  ctx: AccountsContext,
  options: AccountsOptions = deps.accounts ?? {},
) {
  const providers = configuredProviders(deps.config.auth, deps.config.publicUrl, options.oauthEndpoints);
  return createRouter()
    .route('/', authRoutes(ctx))
    .route('/', accountRoutes(ctx))
    .route('/', adminUsersRoutes(ctx))
    .route('/', oauthRoutes(ctx, providers))
    .route('/', devOutboxRoutes(deps.config, deps.database));
}
