/** Who is acting: set on the request by the auth middleware (`c.get('actor')`). */
export interface Actor {
  userId: string;
  /** `platform` for builders, `app:{appId}` for the end users of an app. */
  tenantId: string;
  email: string;
  name: string | null;
  isAdmin: boolean;
  /**
   * An app end user's own admin flag in their app (`users.is_admin` in the app's tenant), read with
   * the session (a change of the flag drops the cached session on every instance, as a sign-out
   * does): the entity rules use it instead of asking the database per request. Absent for builders
   * and the preview credential, whose rules ask the database.
   */
  appAdmin?: boolean;
  emailVerified: boolean;
  /** The app whose end-user tenant the actor belongs to; null for builders. */
  appId: string | null;
  /** The session the request was made with (for sign-out of this session only). */
  sessionId: string;
  /**
   * How the request proved it: the web cookie, a bearer session token, a bearer access token, or
   * the builder's preview credential (no session: `sessionId` is empty; features/preview).
   */
  via: 'cookie' | 'session-token' | 'access-token' | 'preview';
}
