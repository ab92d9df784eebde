import type { OAuthConnectorId, OAuthConnectResult } from '@atelier/shared';
import { generateCodeVerifier, generateState } from 'arctic';
import { and, eq, lt } from 'drizzle-orm';
import { hashToken } from '../../../platform/auth/tokens.ts';
import type { SecretBox } from '../../../platform/crypto/secret-box.ts';
import type { Database } from '../../../platform/db/database.ts';
import { connectorOAuthStates } from '../../../platform/db/schema/index.ts';
import type { Logger } from '../../../platform/logger.ts';
import type { ConnectionStore } from './connections.ts';
import type { ConnectorOAuthProvider } from './oauth-providers.ts';

/** A connection request is good for 10 minutes. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

export interface OAuthRequester {
  userId: string;
  sessionId: string;
}

export interface OAuthOutcome {
  /** Shown by the dialog as CONNECTOR_OAUTH_MESSAGES[result] (a code: no text rides in the URL). */
  result: OAuthConnectResult;
  /** The builder page to go back to (the app's data sources), or null when the request is unknown. */
  returnTo: string | null;
}

/**
 * Connecting a builder's own account: `start` stores the SHA-256 of a random `state`, bound to the
 * builder's session, with the PKCE verifier sealed, and answers the provider's authorization URL;
 * `complete` takes the request back once (delete … returning), only for the same builder and session
 * and before it expires, exchanges the code and stores the tokens.
 */
export function createOAuthFlow(deps: {
  database: Database;
  box: SecretBox;
  store: ConnectionStore;
  logger: Logger;
}) {
  const { db } = deps.database;
  return {
    async start(who: OAuthRequester, provider: ConnectorOAuthProvider, returnTo: string): Promise<string> {
      const state = generateState();
      const verifier = generateCodeVerifier();
      const now = Date.now();
      await db.delete(connectorOAuthStates).where(lt(connectorOAuthStates.expiresAt, new Date(now)));
      await db.insert(connectorOAuthStates).values({
        stateHash: hashToken(state),
        userId: who.userId,
        sessionId: who.sessionId,
        provider: provider.id,
        codeVerifierEncrypted: deps.box.encrypt(verifier),
        returnTo,
        expiresAt: new Date(now + OAUTH_STATE_TTL_MS),
      });
      return provider.authorizationUrl(state, verifier).toString();
    },

    async complete(
      who: OAuthRequester,
      provider: ConnectorOAuthProvider,
      query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
    ): Promise<OAuthOutcome> {
      const expired = { result: 'expired' } as const;
      if (!query.state) return { ...expired, returnTo: null };
      const [request] = await db
        .delete(connectorOAuthStates)
        .where(
          and(
            eq(connectorOAuthStates.stateHash, hashToken(query.state)),
            eq(connectorOAuthStates.userId, who.userId),
            eq(connectorOAuthStates.sessionId, who.sessionId),
            eq(connectorOAuthStates.provider, provider.id),
          ),
        )
        .returning();
      if (!request) return { ...expired, returnTo: null };
      const returnTo = request.returnTo;
      if (request.expiresAt.getTime() < Date.now()) return { ...expired, returnTo };
      if (query.error || !query.code) {
        return { result: 'denied', returnTo };
      }
      try {
        const tokens = await provider.exchangeCode(
          query.code,
          deps.box.decrypt(request.codeVerifierEncrypted),
        );
        await deps.store.save(who.userId, provider.id as OAuthConnectorId, tokens);
        return { result: 'connected', returnTo };
      } catch (error) {
        deps.logger.warn({ err: error, provider: provider.id }, 'connector OAuth code exchange failed');
        return { result: 'failed', returnTo };
      }
    },
  };
}

export type OAuthFlow = ReturnType<typeof createOAuthFlow>;
