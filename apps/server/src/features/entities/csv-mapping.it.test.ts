import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, type SignedIn, signUpVerified } from '../../../test/support/accounts.ts';
import { type FakeProvider, startFakeOpenAI } from '../../../test/support/fake-openai.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { CSV_MAPPING_OFFLINE } from './csv-mapping.ts';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    price: { type: 'number' },
    inStock: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string' } },
    address: { type: 'object', properties: { city: { type: 'string' } } },
  },
};
const request = {
  headers: ['Product', 'Cost', 'Labels', 'Town', 'Notes'],
  previewData: [
    { Product: 'Tea', Cost: '3.5', Labels: 'hot;drink', Town: 'Leeds', Notes: 'x' },
    { Product: 'Cake', Cost: '4', Labels: 'sweet;food', Town: 'York', Notes: '' },
  ],
  schema,
  entityName: 'Product',
};

describe('POST /api/csv/generateMapping with a model', () => {
  let fake: FakeProvider;
  let t: TestApp;
  let builder: SignedIn;
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await createTestApp({
      env: { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.baseUrl },
      llm: { settingsTtlMs: 0, retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1 } },
    });
    builder = await signUpVerified(t, 'builder@example.com');
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('answers the model’s mapping, checked against the schema, with conversions and split characters', async () => {
    fake.reply({
      chunks: [
        JSON.stringify({
          mappings: [
            { csvHeader: 'Product', schemaField: 'name', dataType: 'string' },
            { csvHeader: 'Cost', schemaField: 'price', dataType: 'string' },
            { csvHeader: 'Labels', schemaField: 'tags', dataType: 'array' },
            { csvHeader: 'Town', schemaField: 'address.city', dataType: 'string' },
            { csvHeader: 'Notes', schemaField: 'made_up_field', dataType: 'string' },
          ],
        }),
      ],
    });
    const res = await t.app.request('/api/csv/generateMapping', json('POST', request, builder.headers));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      mappings: [
        { csvHeader: 'Product', schemaField: 'name', dataType: 'string' },
        { csvHeader: 'Cost', schemaField: 'price', dataType: 'number' },
        { csvHeader: 'Labels', schemaField: 'tags', dataType: 'array', splitCharacter: ';' },
        { csvHeader: 'Town', schemaField: 'address.city', dataType: 'string' },
        { csvHeader: 'Notes', schemaField: '', dataType: 'string' },
      ],
    });
    const sent = JSON.stringify(fake.completions().at(-1)?.body);
    expect(sent).toContain('Product');
    expect(sent).toContain('address.city');
  });

  it('answers 503 when the model fails, so the web falls back to the basic mapping', async () => {
    fake.reply({ status: 500, errorMessage: 'boom' });
    const res = await t.app.request('/api/csv/generateMapping', json('POST', request, builder.headers));
    expect(res.status).toBe(503);
  });

  it('answers 401 when signed out and 400 without headers', async () => {
    expect((await t.app.request('/api/csv/generateMapping', json('POST', request))).status).toBe(401);
    const empty = await t.app.request(
      '/api/csv/generateMapping',
      json('POST', { ...request, headers: [] }, builder.headers),
    );
    expect(empty.status).toBe(400);
  });
});

describe('POST /api/csv/generateMapping with the offline assistant', () => {
  it('answers 503 at once without calling a model', async () => {
    const t = await createTestApp();
    try {
      const builder = await signUpVerified(t, 'builder@example.com');
      const res = await t.app.request('/api/csv/generateMapping', json('POST', request, builder.headers));
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(CSV_MAPPING_OFFLINE);
    } finally {
      await t.close();
    }
  });
});
