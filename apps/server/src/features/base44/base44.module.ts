import { Hono } from 'hono';
import type { AppDeps } from '../../platform/app-deps.ts';
import type { AppEnv } from '../../platform/http/env.ts';
import type { AccountsContext } from '../accounts/accounts.context.ts';
import { appsRuntime } from '../apps/apps.runtime.ts';
import { entitiesModuleOf } from '../entities/entities.module.ts';
import { base44AgentRoutes } from './agents.routes.ts';
import { base44AuthRoutes } from './auth.routes.ts';
import { base44EntityRoutes } from './entities.routes.ts';
import { hostedLoginRoutes } from './hosted-login.ts';
import { base44IntegrationRoutes } from './integrations.routes.ts';
import { base44PlatformRoutes } from './platform.routes.ts';
import { base44UserRoutes } from './users.routes.ts';

/**
 * The `@base44/sdk` protocol (README.md in this folder), mounted under `/api` before Atelier's own
 * routes: on shared paths each handler serves only Base44 SDK requests and passes the rest on.
 */
export function base44Module(
  deps: Pick<AppDeps, 'config' | 'database' | 'llm' | 'areas' | 'bus' | 'logger'>,
  accounts: AccountsContext,
) {
  const entities = entitiesModuleOf(deps);
  return new Hono<AppEnv>()
    .route('/', base44EntityRoutes(entities))
    .route('/', base44AuthRoutes(accounts, entities))
    .route('/', hostedLoginRoutes(accounts, appsRuntime(deps)))
    .route('/', base44UserRoutes(accounts, entities))
    .route('/', base44AgentRoutes(entities, deps))
    .route(
      '/',
      base44IntegrationRoutes(deps.llm, accounts, entities, deps.database.db, deps.config.publicUrl),
    )
    .route('/', base44PlatformRoutes(entities.repo));
}
