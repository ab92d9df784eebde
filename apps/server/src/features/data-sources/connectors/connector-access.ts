import {
  CONNECTOR_OAUTH_MESSAGES,
  type ConnectorConnection,
  DATA_SOURCE_MESSAGES,
  OAUTH_CONNECTOR_IDS,
  type OAuthConnectorId,
} from '@atelier/shared';
import type { DataSourcesConfig } from '../data-sources.config.ts';
import { type ConnectionStore, ReconnectNeededError } from './connections.ts';
import { type Connector, type ConnectorCredential, ConnectorError, fixedCredential } from './connector.ts';
import { createGoogleDriveConnector } from './google-drive.ts';
import { createNotionConnector } from './notion.ts';
import { type ConnectorOAuthProvider, OAuthGrantError } from './oauth-providers.ts';

const NAMES: Record<OAuthConnectorId, string> = { notion: 'Notion', google_drive: 'Google Drive' };

/** Neither OAuth nor a server token: the connector is not offered at all. */
export class ConnectorNotConfiguredError extends ConnectorError {}
/** OAuth is offered but the app owner has not connected (and there is no server token). */
export class ConnectorNotConnectedError extends ConnectorError {}

export const isOAuthConnectorId = (id: string): id is OAuthConnectorId =>
  (OAUTH_CONNECTOR_IDS as readonly string[]).includes(id);

/**
 * Which credential a connector call uses: the app owner's own connection when they connected one,
 * else the operator's server-wide token when set, else an error saying what to do.
 */
export function createConnectorAccess(deps: {
  config: DataSourcesConfig;
  providers: ReadonlyMap<OAuthConnectorId, ConnectorOAuthProvider>;
  store: ConnectionStore;
  fetch: typeof fetch;
}) {
  const settings = (id: OAuthConnectorId) => (id === 'notion' ? deps.config.notion : deps.config.googleDrive);
  const build = (id: OAuthConnectorId, credential: ConnectorCredential | undefined): Connector =>
    id === 'notion'
      ? createNotionConnector({ credential, baseUrl: deps.config.notion.apiBase, fetch: deps.fetch })
      : createGoogleDriveConnector({
          credential,
          baseUrl: deps.config.googleDrive.apiBase,
          fetch: deps.fetch,
        });

  /** The owner's credential, its refresh failures turned into "connect again". */
  function ownCredential(id: OAuthConnectorId, userId: string, provider: ConnectorOAuthProvider) {
    const inner = deps.store.credential(userId, id, (refreshToken) => provider.refresh(refreshToken));
    const explained = async <T>(run: () => Promise<T>) => {
      try {
        return await run();
      } catch (error) {
        if (error instanceof ReconnectNeededError || error instanceof OAuthGrantError) {
          throw new ConnectorError(CONNECTOR_OAUTH_MESSAGES.reconnect(NAMES[id]));
        }
        throw error;
      }
    };
    return {
      token: () => explained(() => inner.token()),
      renew: (used: string) => explained(() => inner.renew(used)),
    } satisfies ConnectorCredential;
  }

  return {
    oauthProvider: (id: string) => (isOAuthConnectorId(id) ? deps.providers.get(id) : undefined),

    /** The connectors as the builder sees them (only offered ones); never a token. */
    async describe(userId: string): Promise<ConnectorConnection[]> {
      const own = new Map((await deps.store.list(userId)).map((row) => [row.provider, row]));
      return OAUTH_CONNECTOR_IDS.filter((id) => deps.providers.has(id) || settings(id).token).map((id) => {
        const oauth = deps.providers.has(id);
        const row = oauth ? own.get(id) : undefined;
        return {
          provider: id,
          name: NAMES[id],
          oauth,
          serverToken: Boolean(settings(id).token),
          connected: row !== undefined,
          accountName: row?.accountName ?? null,
          connectedAt: row ? row.connectedAt.toISOString() : null,
        };
      });
    },

    /** The connector to use for an app owned by `ownerId`; throws a ConnectorError saying what to do. */
    async forOwner(id: string, ownerId: string): Promise<Connector> {
      if (!isOAuthConnectorId(id))
        throw new ConnectorNotConfiguredError(DATA_SOURCE_MESSAGES.connectorNotConfigured);
      const provider = deps.providers.get(id);
      if (provider && (await deps.store.load(ownerId, id)))
        return build(id, ownCredential(id, ownerId, provider));
      const token = settings(id).token;
      if (token) return build(id, fixedCredential(token));
      if (provider) throw new ConnectorNotConnectedError(CONNECTOR_OAUTH_MESSAGES.notConnected(NAMES[id]));
      throw new ConnectorNotConfiguredError(DATA_SOURCE_MESSAGES.connectorNotConfigured);
    },
  };
}

export type ConnectorAccess = ReturnType<typeof createConnectorAccess>;
