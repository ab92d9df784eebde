import { createHash, randomBytes } from 'node:crypto';
import type http from 'node:http';

export interface FakeOAuthOptions {
  clientId: string;
  clientSecret: string;
  /** Where the fake answers, on the server that mounts it (Notion: `/v1/oauth/authorize`, `/v1/oauth/token`). */
  authorizePath: string;
  tokenPath: string;
  /** Require PKCE (S256) on authorization and its verifier on the code exchange (Google). */
  pkce: boolean;
  /** Every refresh answers a new refresh token and retires the old one (Notion). */
  rotateRefreshTokens: boolean;
  /** Lifetime of access tokens, in seconds. */
  expiresIn: number;
  /** Added to every token answer (Notion's workspace_name and owner). */
  extra?: Record<string, unknown>;
}

/**
 * A stand-in for an OAuth 2 provider, mounted on a fake API server (fake-notion.ts,
 * fake-google-drive.ts) so the tokens it issues are the ones that API accepts. The authorization
 * endpoint approves at once (it redirects back with a code, or with `error=access_denied` after
 * `deny()`); the token endpoint checks the client's HTTP Basic credentials, the redirect URI, the
 * PKCE verifier, the grant type, single use of codes and (when rotating) of refresh tokens.
 */
export function createFakeOAuth(options: FakeOAuthOptions) {
  const codes = new Map<string, { redirectUri: string; challenge: string | null }>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const grants: { grantType: string; ok: boolean; error?: string }[] = [];
  let denying = false;
  let counter = 0;
  const mint = (kind: string) => `${kind}-${++counter}-${randomBytes(6).toString('hex')}`;

  const issue = () => {
    const access = mint('access');
    accessTokens.add(access);
    return { access_token: access, token_type: 'bearer', expires_in: options.expiresIn };
  };

  function tokenAnswer(req: http.IncomingMessage, raw: string): [number, unknown] {
    const expected = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return [401, { error: 'invalid_client' }];
    const body = new URLSearchParams(raw);
    const grantType = body.get('grant_type') ?? '';
    const refuse = (error: string): [number, unknown] => {
      grants.push({ grantType, ok: false, error });
      return [400, { error }];
    };
    if (grantType === 'authorization_code') {
      const code = codes.get(body.get('code') ?? '');
      codes.delete(body.get('code') ?? '');
      if (!code || code.redirectUri !== body.get('redirect_uri')) return refuse('invalid_grant');
      if (options.pkce) {
        const verifier = body.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (!verifier || challenge !== code.challenge) return refuse('invalid_grant');
      }
      const refresh = mint('refresh');
      refreshTokens.add(refresh);
      grants.push({ grantType, ok: true });
      return [200, { ...issue(), refresh_token: refresh, ...options.extra }];
    }
    if (grantType === 'refresh_token') {
      const used = body.get('refresh_token') ?? '';
      if (!refreshTokens.has(used)) return refuse('invalid_grant');
      grants.push({ grantType, ok: true });
      if (!options.rotateRefreshTokens) return [200, issue()];
      refreshTokens.delete(used);
      const refresh = mint('refresh');
      refreshTokens.add(refresh);
      return [200, { ...issue(), refresh_token: refresh, ...options.extra }];
    }
    return refuse('unsupported_grant_type');
  }

  return {
    grants,
    /** True for a live access token this provider issued. */
    accepts: (token: string) => accessTokens.has(token),
    /** The provider forgets every access token it issued (a later call answers 401). */
    revokeAccessTokens: () => accessTokens.clear(),
    /** The next authorizations are refused by the user. */
    deny: (value = true) => {
      denying = value;
    },
    /** Answers the request when it is one of the fake's endpoints; false otherwise. */
    handle(req: http.IncomingMessage, res: http.ServerResponse, url: URL, raw: string): boolean {
      if (req.method === 'GET' && url.pathname === options.authorizePath) {
        const q = url.searchParams;
        const redirectUri = q.get('redirect_uri') ?? '';
        const back = new URL(redirectUri);
        const challenge = q.get('code_challenge');
        const badRequest =
          q.get('client_id') !== options.clientId ||
          q.get('response_type') !== 'code' ||
          !q.get('state') ||
          (options.pkce && (!challenge || q.get('code_challenge_method') !== 'S256'));
        if (badRequest) {
          res.writeHead(400, { 'content-type': 'text/plain' });
          res.end('bad authorization request');
          return true;
        }
        back.searchParams.set('state', q.get('state') ?? '');
        if (denying) back.searchParams.set('error', 'access_denied');
        else {
          const code = mint('code');
          codes.set(code, { redirectUri, challenge });
          back.searchParams.set('code', code);
        }
        res.writeHead(302, { location: back.toString() });
        res.end();
        return true;
      }
      if (req.method === 'POST' && url.pathname === options.tokenPath) {
        const [status, body] = tokenAnswer(req, raw);
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
        return true;
      }
      return false;
    },
  };
}

export type FakeOAuth = ReturnType<typeof createFakeOAuth>;

/** The bearer check of the fake APIs: their fixed token, or a live token of their fake OAuth provider. */
export function bearerAccepted(
  header: string | undefined,
  token: string | undefined,
  oauth: FakeOAuth | undefined,
): boolean {
  const given = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
  if (!given) return false;
  return given === token || (oauth?.accepts(given) ?? false);
}
