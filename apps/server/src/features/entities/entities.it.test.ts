import { ENTITY_API_MESSAGES } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json } from '../../../test/support/accounts.ts';
import {
  createEntityApp,
  type EndUser,
  type EntityApp,
  endUser,
  entityCall,
  writeEntities,
} from '../../../test/support/entities.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

let t: TestApp;
let app: EntityApp;
let ada: EndUser;
let bob: EndUser;
let chief: EndUser;

const task = {
  properties: {
    title: { type: 'string' },
    done: { type: 'boolean', default: false },
    points: { type: 'number' },
    tags: { type: 'array', items: { type: 'string' } },
    due: { type: 'string', format: 'date-time' },
    meta: { type: 'object', properties: { city: { type: 'string' } } },
    status: { type: 'string', enum: ['open', 'closed'] },
  },
  required: ['title'],
  rls: { read: 'all', write: 'creator' },
};

beforeAll(async () => {
  t = await createTestApp();
  app = await createEntityApp(t, 'owner@example.com', {
    Task: task,
    Note: { properties: { text: { type: 'string' } } },
    User: { properties: { nickname: { type: 'string' }, age: { type: 'number' } } },
  });
  ada = await endUser(t, app.appId, 'ada@example.com');
  bob = await endUser(t, app.appId, 'bob@example.com');
  chief = await endUser(t, app.appId, 'chief@example.com', { admin: true });
});
afterAll(() => t.close());

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  entityCall(t, app.appId, method, path, body, headers);

describe('records', () => {
  it('creates a record with id, creatorId, createdAt, updatedAt and the schema defaults', async () => {
    const res = await call('POST', 'Task', { title: 'Write tests', points: 3 }, ada.headers);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: 'Write tests', points: 3, done: false, creatorId: ada.id });
    expect(res.body.id).toEqual(expect.any(String));
    expect(Date.parse(res.body.createdAt)).not.toBeNaN();
    expect(res.body.updatedAt).toBe(res.body.createdAt);
    const got = await call('GET', `Task/${res.body.id}`, undefined, bob.headers);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it('answers 400 naming the failing field on every write', async () => {
    const missing = await call('POST', 'Task', { points: 1 }, ada.headers);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({
      code: 'validation_error',
      message: 'title: is required',
      details: { field: 'title' },
    });
    const wrongType = await call('POST', 'Task', { title: 'x', points: 'many' }, ada.headers);
    expect(wrongType.body.error.message).toBe('points: must be number');
    const nested = await call('POST', 'Task', { title: 'x', meta: { city: 5 } }, ada.headers);
    expect(nested.body.error).toMatchObject({
      message: 'meta.city: must be string',
      details: { field: 'meta.city' },
    });
    const badEnum = await call('POST', 'Task', { title: 'x', status: 'maybe' }, ada.headers);
    expect(badEnum.body.error.message).toBe('status: must be one of "open", "closed"');
    const badDate = await call('POST', 'Task', { title: 'x', due: 'tomorrow' }, ada.headers);
    expect(badDate.body.error.message).toBe('due: must match format "date-time"');
    const created = await call('POST', 'Task', { title: 'ok' }, ada.headers);
    const patch = await call('PATCH', `Task/${created.body.id}`, { points: 'x' }, ada.headers);
    expect(patch.status).toBe(400);
    expect(patch.body.error.message).toBe('points: must be number');
    const removeRequired = await call('PATCH', `Task/${created.body.id}`, { title: null }, ada.headers);
    expect(removeRequired.body.error.message).toBe('title: is required');
  });

  it('updates fields, removes a field set to null, and keeps the platform fields', async () => {
    const created = await call('POST', 'Task', { title: 'a', points: 1, tags: ['x'] }, ada.headers);
    const res = await call(
      'PATCH',
      `Task/${created.body.id}`,
      { points: 2, tags: null, id: 'other', creatorId: bob.id, createdAt: '2000-01-01T00:00:00Z' },
      ada.headers,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: created.body.id,
      title: 'a',
      points: 2,
      creatorId: ada.id,
      createdAt: created.body.createdAt,
    });
    expect(res.body).not.toHaveProperty('tags');
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.body.updatedAt));
  });

  it('deletes a record: 204, then 404', async () => {
    const created = await call('POST', 'Task', { title: 'gone' }, ada.headers);
    expect((await call('DELETE', `Task/${created.body.id}`, undefined, ada.headers)).status).toBe(204);
    const again = await call('GET', `Task/${created.body.id}`, undefined, ada.headers);
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(ENTITY_API_MESSAGES.recordNotFound);
  });

  it('answers 404 for an unknown entity and an unknown app', async () => {
    const res = await call('GET', 'Nope', undefined, ada.headers);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Entity Nope not found');
    const noApp = await t.app.request('/api/apps/nope/entities/Task');
    expect(noApp.status).toBe(404);
  });

  it('ignores id and creatorId from an end user, and keeps them from the builder (import)', async () => {
    const own = await call('POST', 'Task', { title: 'mine', id: 'chosen', creatorId: bob.id }, ada.headers);
    expect(own.body.id).not.toBe('chosen');
    expect(own.body.creatorId).toBe(ada.id);
    const imported = await call(
      'POST',
      'Task',
      { title: 'imported', id: 'fixed-id', creatorId: bob.id },
      app.owner.headers,
    );
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ id: 'fixed-id', creatorId: bob.id });
    const overwritten = await call(
      'POST',
      'Task',
      { title: 'again', id: 'fixed-id', creatorId: ada.id },
      app.owner.headers,
    );
    expect(overwritten.body).toMatchObject({ id: 'fixed-id', title: 'again', creatorId: ada.id });
    const list = await call(
      'GET',
      `Task?q=${encodeURIComponent(JSON.stringify({ id: 'fixed-id' }))}`,
      undefined,
      ada.headers,
    );
    expect(list.body).toHaveLength(1);
  });
});

describe('bulk create', () => {
  it('creates every record in order, or none when one is invalid', async () => {
    const res = await call(
      'POST',
      'Note/bulk',
      [{ text: 'one' }, { text: 'two' }, { text: 'three' }],
      ada.headers,
    );
    expect(res.status).toBe(201);
    expect(res.body.map((r: { text: string }) => r.text)).toEqual(['one', 'two', 'three']);
    const bad = await call('POST', 'Note/bulk', [{ text: 'ok' }, { text: 5 }], ada.headers);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      message: 'Record 2: text: must be string',
      details: { field: 'text', index: 1 },
    });
    const texts = (await call('GET', 'Note', undefined, ada.headers)).body.map(
      (r: { text: string }) => r.text,
    );
    expect(texts).not.toContain('ok');
  });

  it('refuses two records with one id', async () => {
    const res = await call(
      'POST',
      'Note/bulk',
      [
        { id: 'a', text: '1' },
        { id: 'a', text: '2' },
      ],
      app.owner.headers,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(ENTITY_API_MESSAGES.duplicateIds);
  });
});

describe('list, filter and sort', () => {
  let ids: string[] = [];
  beforeAll(async () => {
    await writeEntities(t, app.owner, app.appId, {
      Item: { properties: task.properties, rls: { read: 'anonymous', write: 'anonymous' } },
    });
    const res = await call('POST', 'Item/bulk', [
      {
        title: 'alpha',
        points: 5,
        tags: ['red', 'blue'],
        status: 'open',
        meta: { city: 'Paris' },
        due: '2025-01-01T00:00:00Z',
      },
      {
        title: 'beta',
        points: 10,
        tags: ['blue'],
        status: 'closed',
        meta: { city: 'Rome' },
        due: '2025-06-01T00:00:00Z',
      },
      { title: 'Gamma', points: 1, tags: [], status: 'open' },
      { title: 'delta', done: true },
    ]);
    ids = res.body.map((r: { id: string }) => r.id);
  });
  const titles = async (query: Record<string, string>) => {
    const res = await call('GET', `Item?${new URLSearchParams(query)}`);
    expect(res.status).toBe(200);
    return res.body.map((r: { title: string }) => r.title);
  };
  const q = (filter: unknown, extra: Record<string, string> = {}) =>
    titles({ q: JSON.stringify(filter), ...extra });

  it('lists newest first by default, and sorts by a field either way', async () => {
    expect(await titles({})).toEqual(['delta', 'Gamma', 'beta', 'alpha']);
    // A missing value sorts as the smallest, as in MongoDB: first ascending, last descending.
    expect(await titles({ sort: 'points' })).toEqual(['delta', 'Gamma', 'alpha', 'beta']);
    expect(await titles({ sort: '-points' })).toEqual(['beta', 'alpha', 'Gamma', 'delta']);
    expect(await titles({ sort: 'createdAt' })).toEqual(['alpha', 'beta', 'Gamma', 'delta']);
  });

  it('pages with limit and skip', async () => {
    expect(await titles({ sort: 'createdAt', limit: '2', skip: '1' })).toEqual(['beta', 'Gamma']);
  });

  it('filters by equality, $in, comparisons, $regex, nested fields, arrays, $and and $or', async () => {
    expect(await q({ status: 'open' }, { sort: 'createdAt' })).toEqual(['alpha', 'Gamma']);
    expect(await q({ tags: 'blue' }, { sort: 'createdAt' })).toEqual(['alpha', 'beta']);
    expect(await q({ status: { $in: ['closed'] } })).toEqual(['beta']);
    expect(await q({ tags: { $in: ['red', 'green'] } })).toEqual(['alpha']);
    expect(await q({ status: { $nin: ['open'] } }, { sort: 'createdAt' })).toEqual(['beta', 'delta']);
    expect(await q({ points: { $gt: 1, $lte: 10 } }, { sort: 'points' })).toEqual(['alpha', 'beta']);
    expect(await q({ points: { $gte: 5 } }, { sort: 'points' })).toEqual(['alpha', 'beta']);
    expect(await q({ due: { $lt: '2025-03-01' } })).toEqual(['alpha']);
    expect(await q({ title: { $regex: '^g', $options: 'i' } })).toEqual(['Gamma']);
    expect(await q({ title: { $regex: '^g' } })).toEqual([]);
    expect(await q({ 'meta.city': 'Rome' })).toEqual(['beta']);
    expect(await q({ $or: [{ points: 1 }, { done: true }] }, { sort: 'createdAt' })).toEqual([
      'Gamma',
      'delta',
    ]);
    expect(await q({ $and: [{ status: 'open' }, { points: { $lt: 3 } }] })).toEqual(['Gamma']);
    expect(await q({ points: null }, { sort: 'createdAt' })).toEqual(['delta']);
    expect(await q({ status: { $ne: 'open' } }, { sort: 'createdAt' })).toEqual(['beta', 'delta']);
    expect(await q({ title: { $contains: 'lph' } })).toEqual(['alpha']);
    expect(await q({ id: ids[1] })).toEqual(['beta']);
    expect(await q({ createdAt: { $gte: '2000-01-01' } })).toHaveLength(4);
  });

  it('answers 400 for unknown fields and operators, bad JSON and bad regular expressions', async () => {
    for (const query of [
      { q: JSON.stringify({ nope: 1 }) },
      { q: JSON.stringify({ title: { $where: 'x' } }) },
      { q: JSON.stringify({ $where: 'x' }) },
      { q: '{broken' },
      { q: JSON.stringify({ title: { $regex: '(' } }) },
      { q: JSON.stringify({ title: { $regex: 'a'.repeat(201) } }) },
      { q: JSON.stringify({ title: { $regex: '(a)\\1' } }) },
      { q: JSON.stringify({ points: { $gt: true } }) },
      { q: JSON.stringify({ createdAt: { $gt: 'not a date' } }) },
      { sort: 'nope' },
    ]) {
      const res = await call(
        'GET',
        `Item?${new URLSearchParams(query as unknown as Record<string, string>)}`,
      );
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.error.code).toBe('bad_request');
    }
  });
});

describe('the User entity', () => {
  it('lets an end user read and update only themselves; User/me is the signed-in user', async () => {
    const me = await call('GET', 'User/me', undefined, ada.headers);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: ada.id, email: 'ada@example.com', role: 'user', creatorId: ada.id });
    const list = await call('GET', 'User', undefined, ada.headers);
    expect(list.body.map((u: { id: string }) => u.id)).toEqual([ada.id]);
    expect((await call('GET', `User/${bob.id}`, undefined, ada.headers)).status).toBe(404);
    expect((await call('PATCH', `User/${bob.id}`, { nickname: 'x' }, ada.headers)).status).toBe(404);
    const updated = await call('PATCH', 'User/me', { name: 'Ada L.', nickname: 'ada', age: 36 }, ada.headers);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: ada.id, name: 'Ada L.', nickname: 'ada', age: 36 });
    const bad = await call('PATCH', 'User/me', { age: 'old' }, ada.headers);
    expect(bad.body.error.message).toBe('age: must be number');
    expect((await call('PATCH', 'User/me', { email: 'x@example.com' }, ada.headers)).status).toBe(400);
    expect((await call('PATCH', 'User/me', { role: 'admin' }, ada.headers)).status).toBe(403);
    expect((await call('GET', 'User/me')).status).toBe(401);
  });

  it('lets app admins and the builder read every user and set roles; nobody creates or deletes users', async () => {
    const all = await call('GET', 'User?sort=createdAt', undefined, chief.headers);
    expect(all.body.map((u: { email: string }) => u.email)).toEqual([
      'ada@example.com',
      'bob@example.com',
      'chief@example.com',
    ]);
    const promoted = await call('PATCH', `User/${bob.id}`, { role: 'admin' }, app.owner.headers);
    expect(promoted.body.role).toBe('admin');
    const owner = await call(
      'GET',
      `User?q=${encodeURIComponent(JSON.stringify({ role: 'admin' }))}&sort=email`,
      undefined,
      app.owner.headers,
    );
    expect(owner.body.map((u: { email: string }) => u.email)).toEqual([
      'bob@example.com',
      'chief@example.com',
    ]);
    await call('PATCH', `User/${bob.id}`, { role: 'user' }, chief.headers);
    expect((await call('POST', 'User', { email: 'z@example.com' }, chief.headers)).status).toBe(400);
    expect((await call('DELETE', `User/${ada.id}`, undefined, app.owner.headers)).status).toBe(400);
  });
});

describe('the database panel calls', () => {
  it('lists the entities of the current version to the builder only', async () => {
    const res = await t.app.request(
      `/api/apps/${app.appId}/entities`,
      json('GET', undefined, app.owner.headers),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { entities: { name: string; rls: unknown }[] };
    expect(body.entities.map((e) => e.name)).toEqual(
      expect.arrayContaining(['Item', 'Note', 'Task', 'User']),
    );
    expect(body.entities.find((e) => e.name === 'Task')?.rls).toEqual({ read: 'all', write: 'creator' });
    expect(body.entities.find((e) => e.name === 'Note')?.rls).toEqual({ read: 'creator', write: 'creator' });
    const other = await t.app.request(`/api/apps/${app.appId}/entities`, json('GET', undefined, ada.headers));
    expect(other.status).toBe(403);
  });

  it('adds a column through a new version, after which the field is accepted', async () => {
    const res = await t.app.request(
      `/api/apps/${app.appId}/entities/Note/columns`,
      json('POST', { name: 'priority', dataType: 'select', options: ['low', 'high'] }, app.owner.headers),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      version: { metadata: { description: string } };
      entity: { schema: { properties: object } };
    };
    expect(body.version.metadata.description).toBe('Added the priority column to Note');
    expect(body.entity.schema.properties).toMatchObject({
      priority: { type: 'string', enum: ['low', 'high'] },
    });
    expect((await call('POST', 'Note', { text: 'x', priority: 'urgent' }, ada.headers)).status).toBe(400);
    expect((await call('POST', 'Note', { text: 'x', priority: 'high' }, ada.headers)).status).toBe(201);
    const again = await t.app.request(
      `/api/apps/${app.appId}/entities/Note/columns`,
      json('POST', { name: 'priority', dataType: 'text' }, app.owner.headers),
    );
    expect(again.status).toBe(409);
  });
});
