/**
 * The access-rule matrix: every read/write role pair × actor × operation × record ownership,
 * checked against an oracle written here from the rules (README.md in this folder), independently
 * of `access.ts`. Each answer is checked, and so is the stored row after every write. The second
 * part does the same for rules in Base44's format (`base44-access.ts`), per operation.
 */
import { PERMISSION_ROLES, type PermissionRole } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SignedIn, signUpVerified } from '../../../test/support/accounts.ts';
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
  const entities: Record<string, object> = Object.fromEntries(
    PAIRS.map(({ read, write }) => [
      entityName(read, write),
      { properties: { label: { type: 'string' } }, rls: { read, write } },
    ]),
  );
  for (const spec of B44_ENTITIES) entities[spec.name] = { properties: B44_PROPERTIES, rls: spec.rls };
  const app = await createEntityApp(t, 'owner@example.com', entities);
  appId = app.appId;
  owner = app.owner;
  otherBuilder = await signUpVerified(t, 'other-builder@example.com');
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
  // Their addresses are proven ({{user.email}} is an unverified caller's nobody's: see the last test).
  await t.deps.database.query(`update users set email_verified_at = now() where id = any($1::text[])`, [
    END_USERS.map((who) => users[who].id),
  ]);
  // Each end user's own User record carries a department ({{user.data.dept}}).
  for (const who of END_USERS) {
    await t.deps.database.query(
      `insert into entity_records (app_id, entity, id, creator_id, data) values ($1, 'User', $2, $2, $3::jsonb)`,
      [appId, users[who].id, JSON.stringify({ dept: DEPT[who] })],
    );
  }
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
async function seed(
  entity: string,
  rows: { id: string; creator: ActorName | null; label: string; data?: Record<string, unknown> }[],
) {
  const values: unknown[] = [];
  const tuples = rows.map((row, i) => {
    values.push(appId, entity, row.id, idOf(row.creator), JSON.stringify({ label: row.label, ...row.data }));
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

// ---------------------------------------------------------------- rules in Base44's format
type EndUserName = 'creator' | 'other' | 'appAdmin';
const END_USERS: EndUserName[] = ['creator', 'other', 'appAdmin'];
const isEndUser = (who: ActorName): who is EndUserName => (END_USERS as ActorName[]).includes(who);
const DEPT: Record<EndUserName, string> = { creator: 'a', other: 'b', appAdmin: 'a' };
const EMAIL: Record<EndUserName, string> = {
  creator: 'creator@example.com',
  other: 'other@example.com',
  appAdmin: 'admin@example.com',
};
const B44_PROPERTIES = {
  label: { type: 'string' },
  dept: { type: 'string' },
  owner_email: { type: 'string' },
};
interface B44Row {
  creator: ActorName | null;
  dept: string;
  owner_email: string;
}
interface B44Rule {
  rule: unknown;
  /** The oracle: whether an actor other than the builder passes the rule on this row. */
  holds(who: ActorName, row: B44Row): boolean;
}
const createdByCaller = (who: ActorName, row: B44Row) => isEndUser(who) && row.creator === who;
const B44_RULES: Record<string, B44Rule> = {
  true: { rule: true, holds: () => true },
  false: { rule: false, holds: () => false },
  createdBy: { rule: { created_by: '{{user.email}}' }, holds: createdByCaller },
  createdById: { rule: { created_by_id: '{{user.id}}' }, holds: createdByCaller },
  admin: { rule: { user_condition: { role: 'admin' } }, holds: (who) => who === 'appAdmin' },
  userRole: {
    rule: { user_condition: { role: 'user' } },
    holds: (who) => who === 'creator' || who === 'other',
  },
  sameDept: {
    rule: { 'data.dept': '{{user.data.dept}}' },
    holds: (who, row) => isEndUser(who) && DEPT[who] === row.dept,
  },
  ownerEmail: {
    rule: { 'data.owner_email': '{{user.email}}' },
    holds: (who, row) => isEndUser(who) && EMAIL[who] === row.owner_email,
  },
  ownerOrAdmin: {
    rule: { $or: [{ created_by: '{{user.email}}' }, { user_condition: { role: 'admin' } }] },
    holds: (who, row) => createdByCaller(who, row) || who === 'appAdmin',
  },
  deptIn: {
    rule: { 'data.dept': { $in: ['a', 'c'] }, user_condition: { id: '{{user.id}}' } },
    holds: (who, row) => isEndUser(who) && ['a', 'c'].includes(row.dept),
  },
  createdByLiteral: {
    rule: { created_by: 'other@example.com' },
    holds: (_who, row) => row.creator === 'other',
  },
  usersNotB: {
    rule: { $and: [{ user_condition: { role: 'user' } }, { 'data.dept': { $ne: 'b' } }] },
    holds: (who, row) => (who === 'creator' || who === 'other') && row.dept !== 'b',
  },
};
type B44Operation = 'create' | 'read' | 'update' | 'delete';
interface B44Entity {
  name: string;
  rls: Record<string, unknown>;
  rules: Record<B44Operation, B44Rule>;
}
const ALWAYS = B44_RULES.true as B44Rule;
const B44_ENTITIES: B44Entity[] = [
  // Each rule guarding reads (writes open), then guarding every write through the older `write` key.
  ...Object.entries(B44_RULES).flatMap(([name, rule]): B44Entity[] => [
    {
      name: `B44R_${name}`,
      rls: { create: true, read: rule.rule, update: true, delete: true },
      rules: { create: ALWAYS, read: rule, update: ALWAYS, delete: ALWAYS },
    },
    {
      name: `B44W_${name}`,
      rls: { read: true, write: rule.rule },
      rules: { create: rule, read: ALWAYS, update: rule, delete: rule },
    },
  ]),
  {
    name: 'B44_Mixed',
    rls: {
      create: B44_RULES.userRole!.rule,
      read: B44_RULES.sameDept!.rule,
      update: B44_RULES.createdBy!.rule,
      delete: B44_RULES.admin!.rule,
    },
    rules: {
      create: B44_RULES.userRole!,
      read: B44_RULES.sameDept!,
      update: B44_RULES.createdBy!,
      delete: B44_RULES.admin!,
    },
  },
];
const B44_ROWS: (B44Row & { key: string })[] = [
  { key: 'mine', creator: 'creator', dept: 'a', owner_email: 'other@example.com' },
  { key: 'others', creator: 'other', dept: 'b', owner_email: 'creator@example.com' },
  { key: 'nobodys', creator: null, dept: 'c', owner_email: 'admin@example.com' },
];
const b44Holds = (rule: B44Rule, who: ActorName, row: B44Row) => who === 'owner' || rule.holds(who, row);

describe.each(B44_ENTITIES)('Base44 rules: $name', ({ name: entity, rules }) => {
  const rid = (op: string, who: ActorName, key: string) => `${op}-${who}-${key}`;
  beforeAll(async () => {
    await seed(
      entity,
      ['read', 'update', 'delete'].flatMap((op) =>
        ACTORS.flatMap((who) =>
          B44_ROWS.map((row) => ({
            id: rid(op, who, row.key),
            creator: row.creator,
            label: `${op} ${who} ${row.key}`,
            data: { dept: row.dept, owner_email: row.owner_email },
          })),
        ),
      ),
    );
  });

  it.each(ACTORS)('as %s: reads, updates, deletes and creates exactly what the rules allow', async (who) => {
    const listed = await call(who, 'GET', `${entity}?limit=1000`);
    expect(listed.status).toBe(200);
    const listedIds = new Set(listed.body.map((r: { id: string }) => r.id));
    for (const row of B44_ROWS) {
      const canRead = b44Holds(rules.read, who, row);
      const id = rid('read', who, row.key);
      expect((await call(who, 'GET', `${entity}/${id}`)).status, `get ${row.key}`).toBe(canRead ? 200 : 404);
      expect(listedIds.has(id), `list ${row.key}`).toBe(canRead);

      const updateId = rid('update', who, row.key);
      const canUpdate = b44Holds(rules.update, who, row);
      const updated = await call(who, 'PATCH', `${entity}/${updateId}`, { label: 'changed' });
      const updateStatus = !canRead ? 404 : !canUpdate ? refusal(who) : 200;
      expect(updated.status, `update ${row.key}`).toBe(updateStatus);
      expect((await stored(entity, updateId))?.label).toBe(
        updateStatus === 200 ? 'changed' : `update ${who} ${row.key}`,
      );

      const deleteId = rid('delete', who, row.key);
      const canDelete = b44Holds(rules.delete, who, row);
      const deleted = await call(who, 'DELETE', `${entity}/${deleteId}`);
      const deleteStatus = !canRead ? 404 : !canDelete ? refusal(who) : 204;
      expect(deleted.status, `delete ${row.key}`).toBe(deleteStatus);
      expect(await stored(entity, deleteId), `stored after delete ${row.key}`).toEqual(
        deleteStatus === 204 ? undefined : expect.objectContaining({ label: `delete ${who} ${row.key}` }),
      );
    }
    // Creates are checked on the new record: its creator is the caller, its fields are the body's.
    for (const dept of ['a', 'b']) {
      const body = { label: `create ${who} ${dept}`, dept, owner_email: isEndUser(who) ? EMAIL[who] : 'x' };
      const newRow: B44Row = { creator: isEndUser(who) ? who : null, dept, owner_email: body.owner_email };
      const allowed = b44Holds(rules.create, who, newRow);
      const created = await call(who, 'POST', entity, body);
      expect(created.status, `create ${dept}`).toBe(allowed ? 201 : refusal(who));
      const { rows } = await t.deps.database.query(
        `select 1 from entity_records where app_id = $1 and entity = $2 and data->>'label' = $3`,
        [appId, entity, body.label],
      );
      expect(rows.length, `stored after create ${dept}`).toBe(allowed ? 1 : 0);
    }
  });
});

describe('Base44 rules in the builder and in entity files', () => {
  it('lists an entity with Base44 rules with its rules in the schema and no Atelier roles', async () => {
    const res = await t.app.request(`/api/apps/${appId}/entities`, { headers: owner.headers });
    const body = (await res.json()) as {
      entities: { name: string; rls: unknown; schema: { rls: unknown } }[];
    };
    const mixed = body.entities.find((entity) => entity.name === 'B44_Mixed');
    expect(mixed?.rls).toBeNull();
    expect(mixed?.schema.rls).toEqual(B44_ENTITIES.at(-1)?.rls);
    expect(body.entities.find((entity) => entity.name === 'R_all_W_creator')?.rls).toEqual({
      read: 'all',
      write: 'creator',
    });
  });
});

describe('an unproven address is nobody’s (issue 20 #7)', () => {
  it('a record shared with an address reaches its account only once the address is verified', async () => {
    const entity = 'B44R_ownerEmail';
    await seed(entity, [
      {
        id: 'for-victim',
        creator: 'other',
        label: 'for the victim',
        data: { owner_email: 'victim@example.com' },
      },
    ]);
    // Someone signs up with the victim's address and a password, and never proves it.
    const squatter = await endUser(t, appId, 'victim@example.com');
    const ids = async () => {
      const res = await entityCall(t, appId, 'GET', `${entity}?limit=1000`, undefined, squatter.headers);
      expect(res.status).toBe(200);
      return (res.body as { id: string }[]).map((record) => record.id);
    };
    expect(await ids()).not.toContain('for-victim');
    expect(
      (await entityCall(t, appId, 'GET', `${entity}/for-victim`, undefined, squatter.headers)).status,
    ).toBe(404);
    // The address's owner proves it (the same account, verified): now the record is theirs to read.
    await t.deps.database.query(`update users set email_verified_at = now() where id = $1`, [squatter.id]);
    expect(await ids()).toContain('for-victim');
  });
});
