import { Hono } from 'hono';
import type { AppDeps } from '../../platform/app-deps.ts';
import type { AppEnv } from '../../platform/http/env.ts';
import type { AccountsContext } from '../accounts/accounts.context.ts';
import { entitiesModuleOf } from '../entities/entities.module.ts';
import { functionsRuntime } from '../functions/functions.runtime.ts';
import { supabaseAuthRoutes } from './auth.routes.ts';
import { supabaseFunctionsRoutes } from './functions.routes.ts';
import { supabaseRestRoutes } from './rest.routes.ts';
import { supabaseStorageRoutes } from './storage.routes.ts';

/**
 * A Supabase-compatible API for apps whose code talks to Supabase through `@supabase/supabase-js`
 * (Base44 exports that moved to Supabase): `VITE_SUPABASE_URL` of such an app points at
 * `/api/apps/{appId}/supabase`, and the client's calls land on the app's own entities, end users,
 * storage and functions (README.md in this folder).
 */
export function supabaseModule(
  deps: Pick<AppDeps, 'config' | 'database' | 'llm' | 'areas' | 'bus' | 'logger'>,
  accounts: AccountsContext,
) {
  const entities = entitiesModuleOf(deps);
  return new Hono<AppEnv>()
    .route('/apps/:appId/supabase/rest/v1', supabaseRestRoutes(entities))
    .route('/apps/:appId/supabase/auth/v1', supabaseAuthRoutes(accounts, entities))
    .route('/apps/:appId/supabase/storage/v1', supabaseStorageRoutes(deps.database.db, accounts, entities))
    .route('/apps/:appId/supabase/functions/v1', supabaseFunctionsRoutes(functionsRuntime(deps)));
}
