import path from 'node:path';
import { z } from 'zod';
import {
  type DataSourcesConfig,
  dataSourcesEnvSchema,
  toDataSourcesConfig,
} from './features/data-sources/data-sources.config.ts';
import {
  type FunctionsConfig,
  functionsEnvSchema,
  toFunctionsConfig,
} from './features/functions/functions.config.ts';
import { type NpmConfig, npmEnvSchema, toNpmConfig } from './features/npm/npm.config.ts';
import { type BillingConfig, billingEnvSchema, toBillingConfig } from './features/plans/billing-config.ts';
import { type AuthConfig, authEnvSchema, toAuthConfig } from './platform/auth/auth-config.ts';
import { secretsKeySchema } from './platform/crypto/secret-box.ts';
import { DEFAULT_STATEMENT_TIMEOUT_MS } from './platform/db/database.ts';
import { defaultPreviewHostName } from './platform/http/preview-hosts.ts';
import {
  type RateLimitConfig,
  rateLimitEnvSchema,
  toRateLimitConfig,
} from './platform/http/request-limits-config.ts';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** OpenRouter's public model list: ids, context sizes and prices (spec 1 §7 "a third-party model router"). */
export const DEFAULT_MODEL_CATALOGUE_URL = 'https://openrouter.ai/api/v1/models';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(DEFAULT_STATEMENT_TIMEOUT_MS),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  SHUTDOWN_DRAIN_DELAY_MS: z.coerce.number().int().min(0).default(0),
  PREVIEW_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  PREVIEW_ORIGIN: z.url().optional(),
  APPS_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      /^(?:\*\.)?[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?::\d{1,5})?$/,
      'APPS_DOMAIN must be a host name with an optional port, e.g. example-apps.com or localhost:3000',
    )
    .optional(),
  ...dataSourcesEnvSchema.shape,
  ...authEnvSchema.shape,
  ...billingEnvSchema.shape,
  ...rateLimitEnvSchema.shape,
  SECRETS_KEY: secretsKeySchema.optional(),
  ...functionsEnvSchema.shape,
  ...npmEnvSchema.shape,
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.url().optional(),
  ANTHROPIC_API_KEY: z.string().optional(),
  ANTHROPIC_BASE_URL: z.url().optional(),
  LLM_DEFAULT_MODEL: z.string().optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  CHAT_BUILD_CHECK: z.enum(['on', 'off']).default('on'),
  MODEL_CATALOGUE_URL: z.union([z.url(), z.literal('off')]).default(DEFAULT_MODEL_CATALOGUE_URL),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  SORT_INDEX_SUGGEST_ROWS: z.coerce.number().int().min(0).default(20_000),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Absolute path of the data directory (PGlite files, uploads, key files). */
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL's per-statement time limit (DATABASE_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs: number;
  publicUrl: string;
  logLevel: (typeof logLevels)[number];
  /** Absolute path of the built web app, or undefined to use the default location. */
  webDistDir: string | undefined;
  shutdownTimeoutMs: number;
  /** How long a draining server keeps serving after /api/ready turned 503, so load balancers notice. */
  shutdownDrainDelayMs: number;
  /** The preview origin: a second listener that serves only compiled app documents (features/preview). */
  preview: PreviewConfig;
  /** Where published apps live: each on its own origin `{scheme}://{slug}.{domain}` (features/apps). */
  apps: AppsDomainConfig;
  /** Data sources: connector credentials, the test-only loopback switch of the SSRF guard. */
  dataSources: DataSourcesConfig;
  /** Sign-in: admins, mail, session cookie, JWT secret, OAuth providers. */
  auth: AuthConfig;
  llm: LlmConfig;
  /** Plans and payments: provider (Stripe or the test-mode provider), demo mode, prices. */
  billing: BillingConfig;
  /** Base64 key of the secret box; undefined: a key file in DATA_DIR (see platform/crypto). */
  secretsKey: string | undefined;
  /** Backend functions: the number of runner processes. */
  functions: FunctionsConfig;
  /** npm packages on demand: the registry (features/npm). */
  npm: NpmConfig;
  /** Bearer token that `GET /metrics` requires; undefined: the metrics are open (keep them off the internet). */
  metricsToken: string | undefined;
  /** Rate limits of the public, unauthenticated endpoints (per client address, counted in the database). */
  rateLimits: RateLimitConfig;
  /**
   * From how many records the database panel offers to index an unindexed field for fast sorting
   * (SORT_INDEX_SUGGEST_ROWS; features/entities/sort-indexes.ts).
   */
  sortIndexSuggestRows: number;
}

/** Model providers (README "Configuration"). Keys are never logged or sent to a client. */
export interface LlmConfig {
  openaiApiKey: string | undefined;
  openaiBaseUrl: string | undefined;
  anthropicApiKey: string | undefined;
  anthropicBaseUrl: string | undefined;
  defaultModel: string | undefined;
  /** Longest wait for the first and for each following chunk of a model's answer. */
  timeoutMs: number;
  /** The public model list that refreshes the catalogue's prices, or undefined when disabled ('off'). */
  catalogueUrl: string | undefined;
  /** A chat reply that changed code is built and type-checked, and its errors sent back to the model. */
  buildCheck: boolean;
}

export interface PreviewConfig {
  /** Port of the preview listener (default PORT + 1; 0 picks a free port). */
  port: number;
  /** Origin the builder's iframe loads previews from; without PREVIEW_ORIGIN it follows the bound port. */
  origin: string;
  /** True when PREVIEW_ORIGIN was set (the server then never rewrites `origin`). */
  originConfigured: boolean;
  /**
   * Development with neither PUBLIC_URL nor PREVIEW_ORIGIN: the preview follows the host name the
   * builder was opened at (platform/http/preview-hosts.ts).
   */
  followHost: boolean;
}

export interface AppsDomainConfig {
  /** Host name (lower case) with an optional port: `localhost:3000`, `example-apps.com`. */
  domain: string;
  /** `http` or `https`: the scheme of PUBLIC_URL. */
  scheme: 'http' | 'https';
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment into one typed, validated object. Throws ConfigError naming every bad variable. */
/** EX_CONFIG: the exit code of a process whose configuration is invalid. */
export const CONFIG_EXIT_CODE = 78;

/**
 * The configuration for a process entry point (server, CLIs), or CONFIG_EXIT_CODE after printing why
 * the environment is invalid.
 */
export function configOrExitCode(env: NodeJS.ProcessEnv = process.env): Config | typeof CONFIG_EXIT_CODE {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return CONFIG_EXIT_CODE;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const productionProblems = e.NODE_ENV === 'production' ? missingForProduction(e) : [];
  if (productionProblems.length > 0) {
    throw new ConfigError(`Invalid environment:\n  ${productionProblems.join('\n  ')}`);
  }
  const { billing, problems: billingProblems } = toBillingConfig(e);
  if (billingProblems.length > 0) {
    throw new ConfigError(`Invalid environment:\n  ${billingProblems.join('\n  ')}`);
  }
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    publicUrl: publicUrlOf(e),
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainDelayMs: e.SHUTDOWN_DRAIN_DELAY_MS,
    preview: previewConfig(e.PORT, e.PREVIEW_PORT, e.PREVIEW_ORIGIN, {
      followHost: e.NODE_ENV !== 'production' && !e.PUBLIC_URL && !e.PREVIEW_ORIGIN,
      publicHostname: new URL(publicUrlOf(e)).hostname,
    }),
    apps: appsDomainConfig(publicUrlOf(e), e.APPS_DOMAIN),
    dataSources: toDataSourcesConfig(e),
    auth: toAuthConfig(e),
    billing,
    secretsKey: e.SECRETS_KEY,
    functions: toFunctionsConfig(e),
    npm: toNpmConfig(e),
    metricsToken: e.METRICS_TOKEN,
    rateLimits: toRateLimitConfig(e),
    sortIndexSuggestRows: e.SORT_INDEX_SUGGEST_ROWS,
    llm: {
      openaiApiKey: e.OPENAI_API_KEY,
      openaiBaseUrl: e.OPENAI_BASE_URL?.replace(/\/$/, ''),
      anthropicApiKey: e.ANTHROPIC_API_KEY,
      anthropicBaseUrl: e.ANTHROPIC_BASE_URL?.replace(/\/$/, ''),
      defaultModel: e.LLM_DEFAULT_MODEL,
      timeoutMs: e.LLM_TIMEOUT_MS,
      catalogueUrl: e.MODEL_CATALOGUE_URL === 'off' ? undefined : e.MODEL_CATALOGUE_URL,
      buildCheck: e.CHAT_BUILD_CHECK === 'on',
    },
  };
}

/**
 * Production mode refuses to start without the settings whose defaults only suit one developer's
 * machine: the public URL (links in e-mails, OAuth callbacks, Secure cookies) and the secrets key
 * (a generated key file would differ between instances and be lost with the container).
 */
function missingForProduction(e: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (!e.PUBLIC_URL) {
    problems.push(
      'PUBLIC_URL: required when NODE_ENV=production (the address users reach, e.g. https://atelier.example.com)',
    );
  }
  if (e.PUBLIC_URL && !e.APPS_DOMAIN && !isLoopbackHost(new URL(e.PUBLIC_URL).hostname)) {
    problems.push(
      'APPS_DOMAIN: required when NODE_ENV=production (published apps are served at {slug}.APPS_DOMAIN, e.g. example-apps.com, with wildcard DNS and TLS: see docs/deployment.md)',
    );
  }
  if (!e.SECRETS_KEY) {
    problems.push(
      'SECRETS_KEY: required when NODE_ENV=production (32 random bytes in base64: openssl rand -base64 32)',
    );
  }
  return problems;
}

const publicUrlOf = (e: z.infer<typeof envSchema>) =>
  (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');

const isLoopbackHost = (host: string) =>
  host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '[::1]';

/**
 * Published apps' domain: APPS_DOMAIN (a leading `*.` is dropped), else `localhost` on PUBLIC_URL's
 * port, so that on a developer's machine an app lives at `http://{slug}.localhost:3000` (browsers
 * resolve `*.localhost` to the loopback address without DNS).
 */
function appsDomainConfig(publicUrl: string, appsDomain: string | undefined): AppsDomainConfig {
  const url = new URL(publicUrl);
  const scheme = url.protocol === 'https:' ? 'https' : 'http';
  const domain = appsDomain?.replace(/^\*\./, '') ?? `localhost${url.port ? `:${url.port}` : ''}`;
  return { domain, scheme };
}

function previewConfig(
  port: number,
  previewPort: number | undefined,
  origin: string | undefined,
  { followHost, publicHostname }: { followHost: boolean; publicHostname: string },
): PreviewConfig {
  const resolvedPort = previewPort ?? (port === 0 ? 0 : Math.min(port + 1, 65535));
  return {
    port: resolvedPort,
    // Not set: on the other loopback name than PUBLIC_URL's, another site (preview-hosts.ts).
    origin: (origin ?? `http://${defaultPreviewHostName(publicHostname)}:${resolvedPort}`).replace(/\/$/, ''),
    originConfigured: origin !== undefined,
    followHost,
  };
}
