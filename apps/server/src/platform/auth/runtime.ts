import type { Context } from 'hono';
import type { Config } from '../../config.ts';
import type { Database } from '../db/database.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { AppEnv } from '../http/env.ts';
import type { Actor } from './actor.ts';
import { JwtKeys } from './jwt.ts';
import { type AuthRateLimits, createAuthRateLimits } from './rate-limits.ts';
import { SessionStore } from './sessions.ts';

/** The header that carries the builder preview's credential (the app SDK sends it from the preview). */
export const PREVIEW_CREDENTIAL_HEADER = 'x-atelier-preview-token';

/** Resolves the builder preview's credential to whom it acts as (features/preview/preview-actors.ts). */
export interface PreviewActorResolver {
  actorFor(c: Context<AppEnv>, credential: string): Promise<Actor | null>;
}

/** What the auth middleware and the accounts feature share; one per application. */
export interface AuthRuntime {
  config: Config;
  database: Database;
  sessions: SessionStore;
  jwt: JwtKeys;
  limits: AuthRateLimits;
  /** Set by the app (createApp); without it a preview credential is no identity. */
  previewActors?: PreviewActorResolver;
}

/** With `bus`, looked-up sessions are cached on this instance and dropped on the database's signals. */
export function createAuthRuntime(config: Config, database: Database, bus?: EventBus): AuthRuntime {
  return {
    config,
    database,
    sessions: new SessionStore(database, config.auth.adminEmails, bus),
    jwt: new JwtKeys(database, config.auth.jwtSecret),
    limits: createAuthRateLimits(database, { sweep: config.nodeEnv !== 'test' }),
  };
}
