import type { Config } from '../config.ts';
import type { AreaRegistry } from './areas.ts';
import type { OAuthEndpoints, OAuthProviderId } from './auth/oauth-endpoints.ts';
import type { SecretBox } from './crypto/secret-box.ts';
import type { Database } from './db/database.ts';
import type { EventBus } from './events/event-bus.ts';
import type { SseHub } from './events/sse.ts';
import type { Drain } from './http/drain.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { Llm } from './llm/index.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Metrics } from './metrics/metrics.ts';

/** Test seams of the accounts area: a mailer, OAuth endpoints of a fake provider. */
export interface AccountsOptions {
  mailer?: Mailer;
  oauthEndpoints?: Partial<Record<OAuthProviderId, OAuthEndpoints>>;
}

/** Looks up the TXT records of a name (`dns.promises.resolveTxt`): one array of chunks per record. */
export type TxtResolver = (name: string) => Promise<string[][]>;

/** Test seams of the apps area. */
export interface AppsOptions {
  /** DNS TXT lookups for custom-domain verification; tests pass a fake. */
  resolveTxt?: TxtResolver;
}

/** Test seams of the Base44 import: where Git hosts' archives are downloaded from (a local server). */
export interface Base44ImportOptions {
  archiveOrigins?: Partial<Record<'github' | 'gitlab' | 'codeberg', string>>;
  /** Tests: the origin Base44 storage URLs are fetched from when re-hosted (base44-import/storage.ts). */
  storageOrigin?: string;
}

/**
 * Everything a request handler may need; built once by `createServices` (services.ts: the server, the
 * tests and the command-line tools all assemble through it) and handed to `createApp` (app.ts). It
 * lives here, not in app.ts or services.ts, so that features depend on the platform and never on the
 * modules that assemble them (app-deps.test.ts checks it). A feature whose code needs only a few of
 * these takes `Pick<AppDeps, …>`.
 */
export interface AppDeps {
  config: Config;
  logger: Logger;
  database: Database;
  bus: EventBus;
  queue: JobQueue;
  sse: SseHub;
  /** The AI layer (platform/llm): every model call goes through it. */
  llm: Llm;
  /** Secrets at rest (apps' secrets, AI provider keys, payment keys): one key, one box. */
  secretBox: SecretBox;
  /** The feature areas' services, built once by createServices (platform/areas.ts). */
  areas: AreaRegistry;
  /** Test seams of sign-in (a mailer, a fake OAuth provider); production leaves it unset. */
  accounts?: AccountsOptions;
  /** Test seams of the apps area (a DNS TXT resolver); production leaves it unset. */
  apps?: AppsOptions;
  /** Test seams of the Base44 import (archive origins); production leaves it unset. */
  base44Import?: Base44ImportOptions;
  /** Prometheus metrics (`GET /metrics`); createApp makes one when it is not given. */
  metrics?: Metrics;
  /** The graceful-shutdown drain (server.ts): readiness answers 503 while it drains. */
  drain: Drain;
}
