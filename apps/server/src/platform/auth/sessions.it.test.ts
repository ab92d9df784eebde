import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/support/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { sessions, users } from '../db/schema/index.ts';
import { SESSIONS_CHANGED_TOPIC, type SessionsChanged } from './sessions.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The sessions signals the database sends while `change` runs (they arrive after its commit). */
async function signalsOf(change: () => Promise<unknown>): Promise<SessionsChanged[]> {
  const seen: SessionsChanged[] = [];
  const off = t.deps.bus.subscribe<SessionsChanged>(SESSIONS_CHANGED_TOPIC, (event) => seen.push(event.data));
  try {
    await change();
    // A marker published after the change arrives after the change's own signals (one channel).
    const marker = new Promise<void>((resolve) => {
      const offMarker = t.deps.bus.subscribe('sessions-test-marker', () => {
        offMarker();
        resolve();
      });
    });
    await t.deps.bus.publish('sessions-test-marker', {});
    await marker;
    return seen;
  } finally {
    off();
  }
}

const sessionIdsOf = async (userId: string) =>
  (
    await t.deps.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))
  ).map((row) => row.id);

// The per-instance session cache (sessions.ts) relies on these signals (migration 0015).
describe('sessions signals', () => {
  it('names the sessions a delete or an update touches', async () => {
    const { user } = await signUp(t, 'signal-delete@example.com');
    const [sessionId] = await sessionIdsOf(user.id);
    const extended = await signalsOf(() =>
      t.deps.database.query('update sessions set expires_at = expires_at'),
    );
    expect(extended).toContainEqual({ sessionIds: expect.arrayContaining([sessionId]) });
    const deleted = await signalsOf(() =>
      t.deps.database.db.delete(sessions).where(eq(sessions.id, sessionId!)),
    );
    expect(deleted).toEqual([{ sessionIds: [sessionId] }]);
  });

  it('names the sessions a user deletion removes by cascade', async () => {
    const { user } = await signUp(t, 'signal-cascade@example.com');
    const ids = await sessionIdsOf(user.id);
    expect(ids).toHaveLength(1);
    const seen = await signalsOf(() => t.deps.database.db.delete(users).where(eq(users.id, user.id)));
    expect(seen).toEqual([{ sessionIds: ids }]);
  });

  it('names a user whose signed-in fields change, and not for other columns', async () => {
    const { user } = await signUp(t, 'signal-user@example.com');
    const disabled = await signalsOf(() =>
      t.deps.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, user.id)),
    );
    expect(disabled).toEqual([{ userId: user.id }]);
    const untouched = await signalsOf(() =>
      t.deps.database.db.update(users).set({ updatedAt: new Date() }).where(eq(users.id, user.id)),
    );
    expect(untouched).toEqual([]);
  });

  it('asks for everything when more than 100 sessions go at once', async () => {
    const { user } = await signUp(t, 'signal-many@example.com');
    await t.deps.database.query(
      `insert into sessions (id, user_id, tenant_id, token_hash, expires_at)
       select 'many-' || i, $1, 'platform', 'hash-many-' || i, now() + interval '1 day'
       from generate_series(1, 150) as i`,
      [user.id],
    );
    const seen = await signalsOf(() =>
      t.deps.database.db.delete(sessions).where(eq(sessions.userId, user.id)),
    );
    expect(seen).toEqual([{ all: true }]);
  });
});
