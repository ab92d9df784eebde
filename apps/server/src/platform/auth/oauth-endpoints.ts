import type { OAuthProviderInfo } from '@atelier/shared';

export type OAuthProviderId = OAuthProviderInfo['id'];

/**
 * Where a provider lives. arctic's `Google` and `GitHub` classes hard-code these URLs, so we drive
 * arctic's generic `OAuth2Client` (PKCE, token exchange, error handling) with them as data: the
 * tests point them at a local fake provider.
 */
export interface OAuthEndpoints {
  authorization: string;
  token: string;
  userInfo: string;
  /** GitHub only: the address list, to find the primary verified address. */
  emails?: string;
}
