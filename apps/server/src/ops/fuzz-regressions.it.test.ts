import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, readJson, type SignedIn, signUpVerified } from '../../test/support/accounts.ts';
import { createEntityApp } from '../../test/support/entities.ts';
import { type FakeProvider, startFakeOpenAI } from '../../test/support/fake-openai.ts';
import { createTestApp, type TestApp } from '../../test/support/test-app.ts';
import { chatRuntime } from '../features/chat/chat.module.ts';
import { chatMessages, entityRecords } from '../platform/db/schema/index.ts';

/** Bugs the API fuzzing (fuzz.it.test.ts) found, pinned down one by one. */
describe('API fuzzing regressions', () => {
  let fake: FakeProvider;
  let t: TestApp;
  let builder: SignedIn;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await createTestApp({ env: { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.baseUrl } });
    builder = await signUpVerified(t, 'regressions@example.com');
  });
  afterAll(async () => {
    await chatRuntime(t.deps).settled();
    await t.close();
    await fake.close();
  });

  it('refuses a chat message id that cannot travel in a header (was 500 after storing the message)', async () => {
    const created = await t.app.request(
      '/api/apps',
      json('POST', { name: 'Chat', type: 'GEN_APP' }, builder.headers),
    );
    const { id } = (await readJson(created)) as { id: string };
    const res = await t.app.request(
      `/api/apps/${id}/chat`,
      json('POST', { text: 'hello', userMessageId: '𝡉⬊𘩏唐' }, builder.headers),
    );
    expect(res.status).toBe(400);
    expect(await readJson(res)).toMatchObject({ error: { code: 'validation_error' } });
    await chatRuntime(t.deps).settled();
    expect(await t.deps.database.db.select().from(chatMessages)).toHaveLength(0);

    const ok = await t.app.request(
      `/api/apps/${id}/chat`,
      json('POST', { text: 'hello', userMessageId: 'msg_Abc-123' }, builder.headers),
    );
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-user-message-id')).toBe('msg_Abc-123');
    await ok.text();
  });

  it('refuses an entity field nested deeper than 64 levels (was 500: the stack ran out storing it)', async () => {
    const { appId } = await createEntityApp(t, 'deep-owner@example.com', {
      Task: { properties: { title: { type: 'string' } }, rls: { read: 'anonymous', write: 'anonymous' } },
    });
    const deep = (n: number) => `{"title":"x","extra":${'{"a":'.repeat(n)}1${'}'.repeat(n)}}`;
    const post = (body: string) =>
      t.app.request(`/api/apps/${appId}/entities/Task`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    // Past 100 levels the JSON body parser refuses any request (issue 20 #15); between 64 and 100
    // the entity's own check names the field.
    const refused = await post(deep(20_000));
    expect(refused.status).toBe(400);
    expect(await readJson(refused)).toMatchObject({
      error: { code: 'invalid_json', details: { maxDepth: 100 } },
    });
    const tooDeep = await post(deep(80));
    expect(tooDeep.status).toBe(400);
    expect(await readJson(tooDeep)).toMatchObject({
      error: { code: 'validation_error', details: { field: 'extra' } },
    });
    expect(await t.deps.database.db.select().from(entityRecords)).toHaveLength(0);
    const created = await post(deep(60));
    expect(created.status).toBe(201);
    const { id } = (await readJson(created)) as { id: string };
    const patched = await t.app.request(`/api/apps/${appId}/entities/Task/${id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: deep(5_000),
    });
    expect(patched.status).toBe(400);
  });
});
