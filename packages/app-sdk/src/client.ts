import { type AuthClient, authClient } from './auth.ts';
import { type Entities, entitiesProxy } from './entities.ts';
import { type FunctionsClient, functionsClient } from './functions.ts';
import { type IntegrationsClient, integrationsClient } from './integrations.ts';
import { type MembershipClient, membershipClient } from './membership.ts';
import { Transport, type TransportOptions } from './transport.ts';

export type ClientOptions = TransportOptions;

export interface AtelierClient {
  readonly appId: string;
  entities: Entities;
  auth: AuthClient;
  functions: FunctionsClient;
  integrations: IntegrationsClient;
  /** Paid memberships: the signed-in user's status, the checkout, the paywall. */
  membership: MembershipClient;
}

/** A client for one app: `createClient({ appId, baseUrl, getToken? })`. */
export function createClient(options: ClientOptions): AtelierClient {
  const transport = new Transport(options);
  return clientOn(() => transport, options.appId);
}

/** Builds the client surface over a transport that may be created on first use. */
export function clientOn(transport: () => Transport, appId: string): AtelierClient {
  return {
    appId,
    entities: entitiesProxy(transport),
    auth: authClient(transport),
    functions: functionsClient(transport),
    integrations: integrationsClient(transport),
    membership: membershipClient(transport),
  };
}
