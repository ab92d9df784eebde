import { appIdOfTenant, PLATFORM_TENANT } from '@atelier/shared';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { sessions, users } from '../db/schema/index.ts';
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
    return this.#actorWhere(eq(sessions.tokenHash, hashToken(token)), via);
  }

  async actorBySessionId(sessionId: string, via: Actor['via']): Promise<Actor | null> {
    return this.#actorWhere(eq(sessions.id, sessionId), via);
  }

  async #actorWhere(condition: ReturnType<typeof eq>, via: Actor['via']): Promise<Actor | null> {
    const [row] = await this.database.db
      .select({
        sessionId: sessions.id,
        tenantId: sessions.tenantId,
        user: {
          id: users.id,
          tenantId: users.tenantId,
          email: users.email,
          name: users.name,
          isAdmin: users.isAdmin,
          emailVerifiedAt: users.emailVerifiedAt,
        },
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(condition, gt(sessions.expiresAt, new Date()), isNull(users.disabledAt)))
      .limit(1);
    if (!row || row.user.tenantId !== row.tenantId) return null;
    return this.toActor(row.user, row.sessionId, via);
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
