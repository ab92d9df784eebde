import { appIdOfTenant, PLATFORM_TENANT } from '@atelier/shared';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { sessions } from '../db/schema/index.ts';
import type { Actor } from './actor.ts';
import { newId } from './jwt.ts';
import { hashToken, randomToken } from './tokens.ts';

/** A session lasts 30 days from sign-in or from its last refresh. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface SessionUser {
  id: string;
  tenantId: string;
  email: string;
  name: string | null;
  isAdmin: boolean;
  emailVerifiedAt: Date | null;
}

export interface CreatedSession {
  sessionId: string;
  /** The opaque token: sent once to the client (cookie or refresh token), stored only hashed. */
  token: string;
  expiresAt: Date;
}

interface ActorRow {
  session_id: string;
  session_tenant_id: string;
  user_id: string;
  user_tenant_id: string;
  email: string;
  name: string | null;
  is_admin: boolean;
  email_verified_at: Date | string | null;
}

const actorQuery = (name: string, keyColumn: 's.id' | 's.token_hash') => ({
  name,
  text: `select s.id as session_id, s.tenant_id as session_tenant_id, u.id as user_id,
    u.tenant_id as user_tenant_id, u.email, u.name, u.is_admin, u.email_verified_at
    from sessions s join users u on u.id = s.user_id
    where ${keyColumn} = $1 and s.expires_at > $2 and u.disabled_at is null limit 1`,
});
const ACTOR_BY_SESSION_ID = actorQuery('atelier_actor_by_session_id', 's.id');
const ACTOR_BY_TOKEN_HASH = actorQuery('atelier_actor_by_token_hash', 's.token_hash');

/** Sessions in the database: created at sign-in, looked up per request, revoked at sign-out. */
export class SessionStore {
  constructor(
    private readonly database: Database,
    private readonly adminEmails: readonly string[],
  ) {}

  async create(user: { id: string; tenantId: string }, userAgent?: string | null): Promise<CreatedSession> {
    const token = randomToken();
    const sessionId = newId();
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await this.database.db.insert(sessions).values({
      id: sessionId,
      userId: user.id,
      tenantId: user.tenantId,
      tokenHash: hashToken(token),
      userAgent: userAgent?.slice(0, 300) ?? null,
      expiresAt,
    });
    return { sessionId, token, expiresAt };
  }

  /** The actor of a live session whose user is enabled, by token or by id. */
  async actorByToken(token: string, via: Actor['via']): Promise<Actor | null> {
    return this.#actorWhere(ACTOR_BY_TOKEN_HASH, hashToken(token), via);
  }

  async actorBySessionId(sessionId: string, via: Actor['via']): Promise<Actor | null> {
    return this.#actorWhere(ACTOR_BY_SESSION_ID, sessionId, via);
  }

  /**
   * Runs on every signed-in request: constant SQL as a prepared statement (no query building, parsed
   * and planned once per connection), never cached, so a sign-out or a disabled user applies at once.
   */
  async #actorWhere(
    statement: { name: string; text: string },
    key: string,
    via: Actor['via'],
  ): Promise<Actor | null> {
    const { rows } = await this.database.query<ActorRow>(statement.text, [key, new Date().toISOString()], {
      name: statement.name,
    });
    const row = rows[0];
    if (!row || row.user_tenant_id !== row.session_tenant_id) return null;
    const user: SessionUser = {
      id: row.user_id,
      tenantId: row.user_tenant_id,
      email: row.email,
      name: row.name,
      isAdmin: row.is_admin,
      emailVerifiedAt: row.email_verified_at === null ? null : new Date(row.email_verified_at),
    };
    return this.toActor(user, row.session_id, via);
  }

  toActor(user: SessionUser, sessionId: string, via: Actor['via']): Actor {
    return {
      userId: user.id,
      tenantId: user.tenantId,
      email: user.email,
      name: user.name,
      isAdmin: this.isAdmin(user),
      emailVerified: user.emailVerifiedAt !== null,
      appId: appIdOfTenant(user.tenantId),
      sessionId,
      via,
    };
  }

  /** Admins: builders flagged in the database (first account) or listed in ADMIN_EMAILS. */
  isAdmin(user: Pick<SessionUser, 'tenantId' | 'email' | 'isAdmin'>): boolean {
    if (user.tenantId !== PLATFORM_TENANT) return false;
    return user.isAdmin || this.adminEmails.includes(user.email);
  }

  /** Pushes the expiry of a live session 30 days ahead (token refresh). */
  async extend(sessionId: string): Promise<Date> {
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await this.database.db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
    return expiresAt;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.database.db.delete(sessions).where(eq(sessions.id, sessionId));
  }

  /** Ends every session of the user, or every other one when `exceptSessionId` is given. */
  async revokeAll(userId: string, exceptSessionId?: string): Promise<number> {
    const where = exceptSessionId
      ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
      : eq(sessions.userId, userId);
    const deleted = await this.database.db.delete(sessions).where(where).returning({ id: sessions.id });
    return deleted.length;
  }
}
