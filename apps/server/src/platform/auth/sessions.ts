import { appIdOfTenant, PLATFORM_TENANT } from '@atelier/shared';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { sessions } from '../db/schema/index.ts';
import type { EventBus } from '../events/event-bus.ts';
import { SignalledCache } from '../events/signalled-cache.ts';
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
  expires_at: Date | string;
}

/** What the database signals when sessions or their users' fields change (migration 0015). */
export const SESSIONS_CHANGED_TOPIC = 'sessions:changed';

/** The data of a sessions signal: some sessions, all sessions of a user, or everything. */
export type SessionsChanged = { sessionIds: string[] } | { userId: string } | { all: true };

/**
 * How long a looked-up session is reused without a signal. Sign-outs, revocations and user changes
 * drop it at once (a trigger's signal on every instance; at once on the instance that signs out);
 * this bounds the staleness should a signal be lost without the LISTEN connection noticing.
 */
export const SESSION_CACHE_TTL_MS = 30_000;

const actorQuery = (name: string, keyColumn: 's.id' | 's.token_hash') => ({
  name,
  text: `select s.id as session_id, s.tenant_id as session_tenant_id, u.id as user_id,
    u.tenant_id as user_tenant_id, u.email, u.name, u.is_admin, u.email_verified_at, s.expires_at
    from sessions s join users u on u.id = s.user_id
    where ${keyColumn} = $1 and s.expires_at > $2 and u.disabled_at is null limit 1`,
});
const ACTOR_BY_SESSION_ID = actorQuery('atelier_actor_by_session_id', 's.id');
const ACTOR_BY_TOKEN_HASH = actorQuery('atelier_actor_by_token_hash', 's.token_hash');

/** Sessions in the database: created at sign-in, looked up per request, revoked at sign-out. */
export class SessionStore {
  /** Looked-up sessions by `id:{sessionId}` or `hash:{tokenHash}`; absent without an event bus. */
  readonly #cache: SignalledCache<string, ActorRow> | undefined;

  constructor(
    private readonly database: Database,
    private readonly adminEmails: readonly string[],
    bus?: EventBus,
  ) {
    if (!bus) return;
    this.#cache = new SignalledCache(bus, { ttlMs: SESSION_CACHE_TTL_MS, maxEntries: 10_000 });
    bus.subscribe<SessionsChanged>(SESSIONS_CHANGED_TOPIC, (event) => this.#forget(event.data));
  }

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
   * Runs on every signed-in request: from the cache of looked-up sessions (dropped on every change
   * signal, see SESSION_CACHE_TTL_MS), else constant SQL as a prepared statement (no query building,
   * parsed and planned once per connection).
   */
  async #actorWhere(
    statement: { name: string; text: string },
    key: string,
    via: Actor['via'],
  ): Promise<Actor | null> {
    const read = async () =>
      (
        await this.database.query<ActorRow>(statement.text, [key, new Date().toISOString()], {
          name: statement.name,
        })
      ).rows[0];
    const cacheKey = `${statement === ACTOR_BY_SESSION_ID ? 'id' : 'hash'}:${key}`;
    const expired = (found: ActorRow) => new Date(found.expires_at).getTime() <= Date.now();
    let row = this.#cache ? await this.#cache.load(cacheKey, read) : await read();
    // A cached row past its expiry may have been refreshed since: ask the database.
    if (row && expired(row) && this.#cache) row = await this.#cache.load(cacheKey, read, true);
    if (!row || row.user_tenant_id !== row.session_tenant_id || expired(row)) return null;
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

  /**
   * Drops this instance's cached sessions of a user whose fields just changed here (verified,
   * renamed, made admin): the database's signal does the same on every instance, but it arrives
   * after the change's answer, and the user's next request must see the change.
   */
  forgetUser(userId: string): void {
    this.#forget({ userId });
  }

  #forget(change: SessionsChanged): void {
    if ('sessionIds' in change) {
      const ids = new Set(change.sessionIds);
      this.#cache?.forget((_key, row) => ids.has(row.session_id));
    } else if ('userId' in change) {
      this.#cache?.forget((_key, row) => row.user_id === change.userId);
    } else {
      this.#cache?.forget();
    }
  }

  toActor(user: SessionUser, sessionId: string, via: Actor['via']): Actor {
    return {
      userId: user.id,
      tenantId: user.tenantId,
      email: user.email,
      name: user.name,
      isAdmin: this.isAdmin(user),
      ...(user.tenantId === PLATFORM_TENANT ? {} : { appAdmin: user.isAdmin }),
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
    this.#forget({ sessionIds: [sessionId] });
    return expiresAt;
  }

  /** Ends a session; on this instance at once, on the others with the database's signal. */
  async revoke(sessionId: string): Promise<void> {
    await this.database.db.delete(sessions).where(eq(sessions.id, sessionId));
    this.#forget({ sessionIds: [sessionId] });
  }

  /** Ends every session of the user, or every other one when `exceptSessionId` is given. */
  async revokeAll(userId: string, exceptSessionId?: string): Promise<number> {
    const where = exceptSessionId
      ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
      : eq(sessions.userId, userId);
    const deleted = await this.database.db.delete(sessions).where(where).returning({ id: sessions.id });
    this.#forget({ sessionIds: deleted.map((row) => row.id) });
    return deleted.length;
  }
}
