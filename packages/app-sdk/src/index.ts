/**
 * @atelier/app-sdk — the client that generated Atelier apps import:
 * `import { entities, auth, functions, integrations } from '@atelier/app-sdk'`.
 * See README.md for every call and the HTTP request it makes.
 */
import { defaultClient } from './default-client.ts';

export type { AppUser, AuthClient, SignInAnswer } from './auth.ts';
export { type AtelierClient, type ClientOptions, createClient } from './client.ts';
export type { AtelierGlobalConfig } from './default-client.ts';
export type { Entities, EntityChange, EntityClient, EntityQuery, EntityRecord } from './entities.ts';
export { AtelierError } from './errors.ts';
export type { FunctionsClient } from './functions.ts';
export type {
  CoreIntegrations,
  IntegrationsClient,
  InvokeLLMParams,
  SendEmailParams,
} from './integrations.ts';
export {
  type MembershipClient,
  type MembershipStatus,
  needsPaywall,
  PAYWALL_TEXTS,
} from './membership.ts';
export { createPageUrl } from './page-url.ts';
export {
  memoryTokenStorage,
  type StoredTokens,
  TOKEN_REFRESH_INTERVAL_MS,
  type TokenStorage,
} from './transport.ts';

export const SDK_VERSION = '0.1.0';

/** `entities.<Name>.list(…)` and the other entity calls of the app this page runs. */
export const entities = defaultClient.entities;
export const auth = defaultClient.auth;
export const functions = defaultClient.functions;
export const integrations = defaultClient.integrations;
/** `membership.status()`, `membership.startCheckout()`, `membership.paywall()` of a paid app. */
export const membership = defaultClient.membership;
