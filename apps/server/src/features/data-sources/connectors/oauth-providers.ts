import type { OAuthConnectorId } from '@atelier/shared';
import { CodeChallengeMethod, OAuth2Client, OAuth2Tokens } from 'arctic';
import type { ConnectorOAuthClient, DataSourcesConfig } from '../data-sources.config.ts';
import { GOOGLE_DRIVE_API_BASE_DEFAULT } from './google-drive.ts';

/** Tokens from the provider's token endpoint, with the name of the connected account. */
export interface ProviderTokens {
  accessToken: string;
  /** Null when the provider sent none (a refresh that keeps the old one, or a token that never expires). */
  refreshToken: string | null;
  expiresAt: Date | null;
  accountName: string | null;
}

/** The provider's token endpoint refused the grant (a bad code, a revoked refresh token). */
export class OAuthGrantError extends Error {
  constructor(readonly error: string) {
    super(`token endpoint refused the grant: ${error}`);
  }
}

export interface ConnectorOAuthProvider {
  id: OAuthConnectorId;
  name: string;
  authorizationUrl(state: string, codeVerifier: string): URL;
  exchangeCode(code: string, codeVerifier: string): Promise<ProviderTokens>;
  refresh(refreshToken: string): Promise<ProviderTokens>;
}

/** Largest token answer read; the exchange has its own time bound. */
const TOKEN_TIMEOUT_MS = 15_000;
/** Read-only access to the Drive: list Docs and Sheets, export them, and the account's address. */
const GOOGLE_SCOPES = ['https://www.googleapis.com/auth/drive.readonly'];

/**
 * The OAuth clients the operator configured (NOTION_OAUTH_CLIENT_ID/SECRET, GOOGLE_OAUTH_CLIENT_ID/
 * SECRET). arctic builds the authorization URL (state, PKCE S256); the token calls go through
 * `fetch` — the SSRF guard — with a time bound, and authenticate the client with HTTP Basic.
 * Notion is a confidential client without PKCE; Google gets PKCE, offline access and the consent
 * prompt (so it answers a refresh token).
 */
export function connectorOAuthProviders(
  config: DataSourcesConfig,
  publicUrl: string,
  fetch: typeof globalThis.fetch,
): Map<OAuthConnectorId, ConnectorOAuthProvider> {
  const providers = new Map<OAuthConnectorId, ConnectorOAuthProvider>();
  const redirectOf = (id: OAuthConnectorId) => `${publicUrl}/api/context/oauth/${id}/callback`;
  const notion = config.notion.oauth;
  if (notion) {
    const client = new OAuth2Client(notion.clientId, notion.clientSecret, redirectOf('notion'));
    const tokens = tokenCaller(notion, redirectOf('notion'), fetch);
    providers.set('notion', {
      id: 'notion',
      name: 'Notion',
      authorizationUrl(state) {
        const url = client.createAuthorizationURL(notion.authorizeUrl, state, []);
        url.searchParams.delete('scope');
        url.searchParams.set('owner', 'user');
        return url;
      },
      async exchangeCode(code) {
        const data = await tokens({ grant_type: 'authorization_code', code });
        return { ...toTokens(data), accountName: notionAccountName(data.data) };
      },
      async refresh(refreshToken) {
        const data = await tokens({ grant_type: 'refresh_token', refresh_token: refreshToken });
        return { ...toTokens(data), accountName: notionAccountName(data.data) };
      },
    });
  }
  const google = config.googleDrive.oauth;
  if (google) {
    const client = new OAuth2Client(google.clientId, google.clientSecret, redirectOf('google_drive'));
    const tokens = tokenCaller(google, redirectOf('google_drive'), fetch);
    const driveBase = (config.googleDrive.apiBase || GOOGLE_DRIVE_API_BASE_DEFAULT).replace(/\/+$/, '');
    const accountOf = async (accessToken: string) => {
      const res = await fetch(`${driveBase}/drive/v3/about?fields=user(displayName,emailAddress)`, {
        headers: { authorization: `Bearer ${accessToken}` },
        signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
      });
      if (!res.ok) return null;
      const about = (await res.json()) as { user?: { emailAddress?: string; displayName?: string } };
      return about.user?.emailAddress || about.user?.displayName || null;
    };
    providers.set('google_drive', {
      id: 'google_drive',
      name: 'Google Drive',
      authorizationUrl(state, verifier) {
        const url = client.createAuthorizationURLWithPKCE(
          google.authorizeUrl,
          state,
          CodeChallengeMethod.S256,
          verifier,
          GOOGLE_SCOPES,
        );
        url.searchParams.set('access_type', 'offline');
        url.searchParams.set('prompt', 'consent');
        return url;
      },
      async exchangeCode(code, verifier) {
        const data = await tokens({ grant_type: 'authorization_code', code, code_verifier: verifier });
        const result = toTokens(data);
        return { ...result, accountName: await accountOf(result.accessToken) };
      },
      async refresh(refreshToken) {
        return {
          ...toTokens(await tokens({ grant_type: 'refresh_token', refresh_token: refreshToken })),
          accountName: null,
        };
      },
    });
  }
  return providers;
}

function tokenCaller(client: ConnectorOAuthClient, redirectUri: string, fetch: typeof globalThis.fetch) {
  const basic = Buffer.from(
    `${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`,
  ).toString('base64');
  return async (params: Record<string, string>): Promise<OAuth2Tokens> => {
    const body = new URLSearchParams(params);
    if (params.grant_type === 'authorization_code') body.set('redirect_uri', redirectUri);
    const res = await fetch(client.tokenUrl, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body,
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
    const data = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (!res.ok || !data || typeof data.access_token !== 'string') {
      throw new OAuthGrantError(typeof data?.error === 'string' ? data.error : `status ${res.status}`);
    }
    return new OAuth2Tokens(data);
  };
}

function toTokens(tokens: OAuth2Tokens): Omit<ProviderTokens, 'accountName'> {
  const data = tokens.data as Record<string, unknown>;
  return {
    accessToken: tokens.accessToken(),
    refreshToken: typeof data.refresh_token === 'string' ? data.refresh_token : null,
    expiresAt: typeof data.expires_in === 'number' ? tokens.accessTokenExpiresAt() : null,
  };
}

function notionAccountName(data: object): string | null {
  const d = data as {
    workspace_name?: string;
    owner?: { user?: { name?: string; person?: { email?: string } } };
  };
  const email = d.owner?.user?.person?.email;
  const workspace = d.workspace_name;
  if (workspace && email) return `${email} (${workspace})`;
  return workspace || email || d.owner?.user?.name || null;
}
