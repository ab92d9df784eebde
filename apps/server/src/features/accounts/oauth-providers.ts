import { CodeChallengeMethod, OAuth2Client } from 'arctic';
import type { AuthConfig } from '../../platform/auth/auth-config.ts';
import type { OAuthEndpoints, OAuthProviderId } from '../../platform/auth/oauth-endpoints.ts';

export type { OAuthEndpoints, OAuthProviderId } from '../../platform/auth/oauth-endpoints.ts';

export const DEFAULT_OAUTH_ENDPOINTS: Record<OAuthProviderId, OAuthEndpoints> = {
  google: {
    authorization: 'https://accounts.google.com/o/oauth2/v2/auth',
    token: 'https://oauth2.googleapis.com/token',
    userInfo: 'https://openidconnect.googleapis.com/v1/userinfo',
  },
  github: {
    authorization: 'https://github.com/login/oauth/authorize',
    token: 'https://github.com/login/oauth/access_token',
    userInfo: 'https://api.github.com/user',
    emails: 'https://api.github.com/user/emails',
  },
};

const NAMES: Record<OAuthProviderId, string> = { google: 'Google', github: 'GitHub' };
const SCOPES: Record<OAuthProviderId, string[]> = {
  google: ['openid', 'email', 'profile'],
  github: ['read:user', 'user:email'],
};

/** The provider's view of the person who signed in. */
export interface OAuthProfile {
  providerUserId: string;
  /** Only an address the provider says is verified. */
  email: string | null;
  name: string | null;
}

export interface OAuthProvider {
  id: OAuthProviderId;
  name: string;
  authorizationUrl(state: string, codeVerifier: string): URL;
  /** Exchanges the code and reads the profile; throws on any provider error. */
  profile(code: string, codeVerifier: string): Promise<OAuthProfile>;
}

/** The providers configured by env (GOOGLE_CLIENT_ID/SECRET, GITHUB_CLIENT_ID/SECRET), in display order. */
export function configuredProviders(
  config: AuthConfig,
  publicUrl: string,
  overrides: Partial<Record<OAuthProviderId, OAuthEndpoints>> = {},
): Map<OAuthProviderId, OAuthProvider> {
  const providers = new Map<OAuthProviderId, OAuthProvider>();
  for (const id of ['google', 'github'] as const) {
    const client = config[id];
    if (!client) continue;
    const endpoints = overrides[id] ?? client.endpoints ?? DEFAULT_OAUTH_ENDPOINTS[id];
    const redirect = `${publicUrl}/api/auth/oauth/${id}/callback`;
    const oauth = new OAuth2Client(client.clientId, client.clientSecret, redirect);
    providers.set(id, {
      id,
      name: NAMES[id],
      authorizationUrl: (state, verifier) =>
        oauth.createAuthorizationURLWithPKCE(
          endpoints.authorization,
          state,
          CodeChallengeMethod.S256,
          verifier,
          SCOPES[id],
        ),
      async profile(code, verifier) {
        const tokens = await oauth.validateAuthorizationCode(endpoints.token, code, verifier);
        const accessToken = tokens.accessToken();
        return id === 'google'
          ? googleProfile(endpoints, accessToken)
          : githubProfile(endpoints, accessToken);
      },
    });
  }
  return providers;
}

async function getJson(url: string, accessToken: string): Promise<unknown> {
  const response = await fetch(url, {
    headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json', 'User-Agent': 'atelier' },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`provider answered ${response.status} for ${new URL(url).pathname}`);
  return response.json();
}

const str = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

async function googleProfile(endpoints: OAuthEndpoints, accessToken: string): Promise<OAuthProfile> {
  const info = (await getJson(endpoints.userInfo, accessToken)) as Record<string, unknown>;
  const sub = str(info.sub);
  if (!sub) throw new Error('provider profile without an id');
  return {
    providerUserId: sub,
    email: info.email_verified === true ? str(info.email) : null,
    name: str(info.name),
  };
}

async function githubProfile(endpoints: OAuthEndpoints, accessToken: string): Promise<OAuthProfile> {
  const info = (await getJson(endpoints.userInfo, accessToken)) as Record<string, unknown>;
  if (typeof info.id !== 'number' && typeof info.id !== 'string')
    throw new Error('provider profile without an id');
  let email: string | null = null;
  if (endpoints.emails) {
    const list = await getJson(endpoints.emails, accessToken);
    if (Array.isArray(list)) {
      const primary = list.find(
        (entry): entry is { email: string } =>
          typeof entry === 'object' && entry !== null && entry.primary === true && entry.verified === true,
      );
      email = str(primary?.email);
    }
  }
  return { providerUserId: String(info.id), email, name: str(info.name) ?? str(info.login) };
}
