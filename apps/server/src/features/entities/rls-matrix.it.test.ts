/**
 * The access-rule matrix: every read/write role pair × actor × operation × record ownership,
 * checked against an oracle written here from the rules (README.md in this folder), independently
 * of `access.ts`. Each answer is checked, and so is the stored row after every write.
 */
import { PERMISSION_ROLES, type PermissionRole } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SignedIn, signUp } from '../../../test/support/accounts.ts';
import { createEntityApp, type EndUser, endUser, entityCall } from '../../../test/support/entities.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

type ActorName = 'anonymous' | 'creator' | 'other' | 'appAdmin' | 'otherBuilder' | 'owner';
type Ownership = 'creator' | 'nobody';
const ACTORS: ActorName[] = ['anonymous', 'creator', 'other', 'appAdmin', 'otherBuilder', 'owner'];
const OWNERSHIPS: Ownership[] = ['creator', 'nobody'];
const PAIRS = PERMISSION_ROLES.flatMap((read) => PERMISSION_ROLES.map((write) => ({ read, write })));

// ---------------------------------------------------------------- the oracle
/** Whether `who` holds `role` on a record created by `creator` (null: created anonymously). */
function oracleHolds(role: PermissionRole, who: ActorName, creator: ActorName | null): boolean {
  if (who === 'owner') return true; // the builder always has (more than) admin access
  const endUser = who === 'creator' || who === 'other' || who === 'appAdmin';
  switch (role) {
    case 'anonymous':
      return true;
    case 'all':
      return endUser;
    case 'admin':
      return who === 'appAdmin';
    case 'creator':
      return who === 'appAdmin' || (endUser && creator === who);
    case 'none':
      return false;
  }
}
/** A refusal: 401 for a caller with no identity in the app (signed out, another app's builder), else 403. */
const refusal = (who: ActorName) => (who === 'anonymous' || who === 'otherBuilder' ? 401 : 403);
const creatorOf = (ownership: Ownership): ActorName | null => (ownership === 'creator' ? 'creator' : null);

// ---------------------------------------------------------------- set-up
let t: TestApp;
let appId: string;
let owner: SignedIn;
let otherBuilder: SignedIn;
let users: Record<'creator' | 'other' | 'appAdmin', EndUser>;
const entityName = (read: string, write: string) => `R_${read}_W_${write}`;

beforeAll(async () => {
  t = await createTestApp();
  const entities = Object.fromEntries(
    PAIRS.map(({ read, write }) => [
      entityName(read, write),
      { properties: { label: { type: 'string' } }, rls: { read, write } },
    ]),
  );
  const app = await createEntityApp(t, 'owner@example.com', entities);
  appId = app.appId;
  owner = app.owner;
  otherBuilder = await signUp(t, 'other-builder@example.com');
  await t.app.request('/api/apps', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...otherBuilder.headers },
    body: JSON.stringify({ name: 'Another app', type: 'GEN_APP' }),
  });
  users = {
    creator: await endUser(t, appId, 'creator@example.com'),
    other: await endUser(t, appId, 'other@example.com'),
    appAdmin: await endUser(t, appId, 'admin@example.com', { admin: true }),
  };
}, 120_000);
afterAll(() => t.close());

function headersOf(who: ActorName): Record<string, string> {
  if (who === 'anonymous') return {};
  if (who === 'owner') return owner.headers;
  if (who === 'otherBuilder') return otherBuilder.headers;
  return users[who].headers;
}
const idOf = (who: ActorName | null) => (who === null ? null : users[who as keyof typeof users].id);

/** Seeds records straight into the table (not through the code under test). */
async function seed(entity: string, rows: { id: string; creator: ActorName | null; label: string }[]) {
  const values: unknown[] = [];
  const tuples = rows.map((row, i) => {
    values.push(appId, entity, row.id, idOf(row.creator), JSON.stringify({ label: row.label }));
    const p = i * 5;
    return `($${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, $${p + 5}::jsonb)`;
  });
  await t.deps.database.query(
    `insert into entity_records (app_id, entity, id, creator_id, data) values ${tuples.join(', ')}`,
    values,
  );
}
async function stored(
  entity: string,
  id: string,
): Promise<{ label: string; creator_id: string | null } | undefined> {
  const { rows } = await t.deps.database.query<{ label: string; creator_id: string | null }>(
    `select data->>'label' as label, creator_id from entity_records where app_id = $1 and entity = $2 and id = $3`,
    [appId, entity, id],
  );
  return rows[0];
}
const call = (who: ActorName, method: string, path: string, body?: unknown) =>
  entityCall(t, appId, method, path, body, headersOf(who));

// ---------------------------------------------------------------- the matrix
describe.each(PAIRS)('read $read, write $write', ({ read, write }) => {
  const entity = entityName(read, write);
  const rid = (op: string, who: ActorName, ownership: Ownership) => `${op}-${who}-${ownership}`;

  beforeAll(async () => {
    const rows = ['read', 'update', 'delete', 'overwrite'].flatMap((op) =>
      ACTORS.flatMap((who) =>
        OWNERSHIPS.map((ownership) => ({
          id: rid(op, who, ownership),
          creator: creatorOf(ownership),
          label: `${op} ${who} ${ownership}`,
        })),
      ),
    );
    await seed(entity, rows);
  });

  it.each(ACTORS)('reading as %s: get, list and filter show exactly the readable records', async (who) => {
    const listed = await call(who, 'GET', `${entity}?limit=1000`);
    expect(listed.status).toBe(200);
    const listedIds = new Set(listed.body.map((r: { id: string }) => r.id));
    for (const ownership of OWNERSHIPS) {
      const id = rid('read', who, ownership);
      const allowed = oracleHolds(read, who, creatorOf(ownership));
      const got = await call(who, 'GET', `${entity}/${id}`);
      expect(got.status, `get ${ownership}`).toBe(allowed ? 200 : 404);
      if (allowed)
        expect(got.body).toMatchObject({
          id,
          label: `read ${who} ${ownership}`,
          creatorId: idOf(creatorOf(ownership)),
        });
      expect(listedIds.has(id), `list ${ownership}`).toBe(allowed);
      const filtered = await call(
        who,
        'GET',
        `${entity}?q=${encodeURIComponent(JSON.stringify({ label: `read ${who} ${ownership}` }))}`,
      );
      expect(filtered.status).toBe(200);
      expect(
        filtered.body.map((r: { id: string }) => r.id),
        `filter ${ownership}`,
      ).toEqual(allowed ? [id] : []);
    }
  });

  it.each(ACTORS)(
    'updating as %s: 404 when hidden, refused when not writable, stored otherwise',
    async (who) => {
      for (const ownership of OWNERSHIPS) {
        const id = rid('update', who, ownership);
        const canRead = oracleHolds(read, who, creatorOf(ownership));
        const canWrite = oracleHolds(write, who, creatorOf(ownership));
        const res = await call(who, 'PATCH', `${entity}/${id}`, { label: 'changed' });
        const expected = !canRead ? 404 : !canWrite ? refusal(who) : 200;
        expect(res.status, `update ${ownership}`).toBe(expected);
        const row = await stored(entity, id);
        expect(row?.label, `stored after update ${ownership}`).toBe(
          expected === 200 ? 'changed' : `update ${who} ${ownership}`,
        );
        expect(row?.creator_id).toBe(idOf(creatorOf(ownership)));
      }
    },
  );

  it.each(ACTORS)(
    'deleting as %s: 404 when hidden, refused when not writable, gone otherwise',
    async (who) => {
      for (const ownership of OWNERSHIPS) {
        const id = rid('delete', who, ownership);
        const canRead = oracleHolds(read, who, creatorOf(ownership));
        const canWrite = oracleHolds(write, who, creatorOf(ownership));
        const res = await call(who, 'DELETE', `${entity}/${id}`);
        const expected = !canRead ? 404 : !canWrite ? refusal(who) : 204;
        expect(res.status, `delete ${ownership}`).toBe(expected);
        expect(await stored(entity, id), `stored after delete ${ownership}`).toEqual(
          expected === 204 ? undefined : expect.objectContaining({ label: `delete ${who} ${ownership}` }),
        );
      }
    },
  );

  it.each(ACTORS)(
    'creating with the id of a stored record as %s: only the builder and app admins overwrite, under the rules',
    async (who) => {
      const identity = who === 'creator' || who === 'other' || who === 'appAdmin' ? who : null;
      for (const ownership of OWNERSHIPS) {
        const id = rid('overwrite', who, ownership);
        const res = await call(who, 'POST', entity, { id, label: 'overwritten' });
        const mayAssign = who === 'owner' || who === 'appAdmin';
        const mayCreate = oracleHolds(write, who, who === 'owner' ? null : identity);
        const mayOverwrite =
          oracleHolds(read, who, creatorOf(ownership)) && oracleHolds(write, who, creatorOf(ownership));
        const expected = !mayCreate ? refusal(who) : mayAssign && !mayOverwrite ? refusal(who) : 201;
        expect(res.status, `overwrite ${ownership}`).toBe(expected);
        if (expected === 201) expect(res.body.id === id, `kept the id ${ownership}`).toBe(mayAssign);
        const row = await stored(entity, id);
        expect(row?.label, `stored ${ownership}`).toBe(
          expected === 201 && mayAssign ? 'overwritten' : `overwrite ${who} ${ownership}`,
        );
      }
    },
  );

  it.each(ACTORS)('creating as %s: one record and a bulk of two, with the creator set', async (who) => {
    // The new record's creator is the actor itself (none for callers with no identity in the app).
    const identity = who === 'creator' || who === 'other' || who === 'appAdmin' ? who : null;
    const allowed = oracleHolds(write, who, who === 'owner' ? null : identity);
    const one = await call(who, 'POST', entity, { label: `create ${who}` });
    expect(one.status).toBe(allowed ? 201 : refusal(who));
    const bulk = await call(who, 'POST', `${entity}/bulk`, [
      { label: `bulk ${who} 1` },
      { label: `bulk ${who} 2` },
    ]);
    expect(bulk.status).toBe(allowed ? 201 : refusal(who));
    const { rows } = await t.deps.database.query<{ creator_id: string | null }>(
      `select creator_id from entity_records where app_id = $1 and entity = $2 and data->>'label' in ($3, $4, $5)`,
      [appId, entity, `create ${who}`, `bulk ${who} 1`, `bulk ${who} 2`],
    );
    const creatorId = who === 'owner' ? owner.user.id : idOf(identity);
    expect(rows.map((row) => row.creator_id)).toEqual(allowed ? [creatorId, creatorId, creatorId] : []);
  });
});

// ---------------------------------------------------------------- subscriptions
interface Received {
  type: string;
  id: string;
}

/** Reads an SSE stream in the background; resolves `connected` once the server has subscribed. */
function readStream(response: Response) {
  const received: Received[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let markConnected!: () => void;
  const connected = new Promise<void>((resolve) => {
    markConnected = resolve;
  });
  const done = (async () => {
    while (true) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      if (buffer.includes(': connected')) markConnected();
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (data) received.push(JSON.parse(data.slice(6)) as Received);
        end = buffer.indexOf('\n\n');
      }
    }
  })();
  return { received, connected, close: () => reader.cancel().catch(() => {}), done };
}

describe('subscriptions deliver exactly the changes of readable records', () => {
  it('sends update and delete events per the read rule of every pair, to every actor', async () => {
    const streams: {
      entity: string;
      read: PermissionRole;
      who: ActorName;
      stream: ReturnType<typeof readStream>;
    }[] = [];
    for (const { read, write } of PAIRS) {
      const entity = entityName(read, write);
      await seed(
        entity,
        OWNERSHIPS.flatMap((ownership) => [
          { id: `sub-${ownership}`, creator: creatorOf(ownership), label: 'before' },
          { id: `subdel-${ownership}`, creator: creatorOf(ownership), label: 'before' },
        ]),
      );
      for (const who of ACTORS) {
        const res = await t.app.request(`/api/apps/${appId}/entities/${entity}/subscribe`, {
          headers: headersOf(who),
        });
        expect(res.status).toBe(200);
        streams.push({ entity, read, who, stream: readStream(res) });
      }
    }
    await Promise.all(streams.map((s) => s.stream.connected));
    for (const { read, write } of PAIRS) {
      const entity = entityName(read, write);
      for (const ownership of OWNERSHIPS) {
        expect((await call('owner', 'PATCH', `${entity}/sub-${ownership}`, { label: 'after' })).status).toBe(
          200,
        );
        expect((await call('owner', 'DELETE', `${entity}/subdel-${ownership}`)).status).toBe(204);
      }
    }
    const expectedOf = (read: PermissionRole, who: ActorName) =>
      OWNERSHIPS.flatMap((ownership) =>
        oracleHolds(read, who, creatorOf(ownership))
          ? [`update sub-${ownership}`, `delete subdel-${ownership}`]
          : [],
      ).sort();
    const total = streams.reduce((sum, s) => sum + expectedOf(s.read, s.who).length, 0);
    await vi.waitFor(
      () =>
        expect(streams.reduce((sum, s) => sum + s.stream.received.length, 0)).toBeGreaterThanOrEqual(total),
      { timeout: 15_000 },
    );
    // A refused event would be one too many: give one arriving late a moment to show itself.
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const s of streams) {
      const got = s.stream.received.map((event) => `${event.type} ${event.id}`).sort();
      expect(got, `${s.entity} as ${s.who}`).toEqual(expectedOf(s.read, s.who));
    }
    await Promise.all(streams.map((s) => s.stream.close()));
  }, 120_000);
});
