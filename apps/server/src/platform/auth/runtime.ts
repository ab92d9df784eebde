import type { Config } from '../../config.ts';
import type { Database } from '../db/database.ts';
import type { EventBus } from '../events/event-bus.ts';
import { JwtKeys } from './jwt.ts';
import { type AuthRateLimits, createAuthRateLimits } from './rate-limits.ts';
import { SessionStore } from './sessions.ts';

/** What the auth middleware and the accounts feature share; one per application. */
export interface AuthRuntime {
  config: Config;
  database: Database;
  sessions: SessionStore;
  jwt: JwtKeys;
  limits: AuthRateLimits;
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
