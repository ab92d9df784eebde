import { Hono } from 'hono';
import type { AppEnv } from '../../platform/http/env.ts';
import type { EntitiesModule } from '../entities/entities.module.ts';

/** PostgREST's API (`supabase.from(table)…`, `supabase.rpc(…)`) on the app's entities. */
export function supabaseRestRoutes(_entities: EntitiesModule) {
  return new Hono<AppEnv>();
}
