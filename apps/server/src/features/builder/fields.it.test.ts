import { type AppSummary, FIELD_MESSAGES, MAX_CUSTOM_FIELDS } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, type SignedIn, signUpVerified } from '../../../test/support/accounts.ts';
import { setPlan } from '../../../test/support/billing.ts';
import { type FakeProvider, startFakeOpenAI } from '../../../test/support/fake-openai.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

type ErrorAnswer = { error: { code: string; message: string; details?: Record<string, unknown> } };

async function newTool(t: TestApp, who: SignedIn): Promise<AppSummary> {
  const res = await t.app.request(
    '/api/apps',
    json('POST', { name: 'Trip planner', type: 'AI_TOOL' }, who.headers),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as AppSummary;
}

const text = (name: string, extra: object = {}) => ({ name, label: name, type: 'text', ...extra });

describe('custom fields saves (spec 2 §5, spec 1 §3, §5, §6)', () => {
  let t: TestApp;
  let admin: SignedIn;
  let paid: SignedIn;
  let lite: SignedIn;
  const patch = (who: SignedIn, appId: string, body: unknown) =>
    t.app.request(`/api/apps/${appId}`, json('PATCH', body, who.headers));
  const get = async (who: SignedIn, appId: string) =>
    (await (
      await t.app.request(`/api/apps/${appId}`, json('GET', undefined, who.headers))
    ).json()) as AppSummary;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpVerified(t, 'admin@example.com');
    paid = await signUpVerified(t, 'paid@example.com');
    lite = await signUpVerified(t, 'lite@example.com');
    await setPlan(t, paid.user.id, 'explorer');
  });
  afterAll(() => t.close());

  it('keeps every spec 1 §3 key of a field and gives steps without an id a 4-character one', async () => {
    const app = await newTool(t, paid);
    const field = {
      name: 'destination',
      label: 'Where to?',
      type: 'select',
      required: true,
      personal: false,
      memorize: true,
      stepId: 'ab12',
      instructions: 'Pick one',
      options: [{ label: 'Rome', iconUrl: '/api/uploads/x.png', id: 'o1' }, { label: 'Oslo' }],
      filterCondition: 'include',
    };
    const res = await patch(paid, app.id, {
      fields: [field, text('days', { type: 'height' })],
      inputSteps: [{ id: 'ab12', title: 'Where' }, { title: 'When' }],
      isMultiStepInput: true,
    });
    expect(res.status).toBe(200);
    const got = await get(paid, app.id);
    expect(got.builder.fields).toEqual([field, text('days', { type: 'height' })]);
    const steps = got.builder.inputSteps as { id: string; title: string }[];
    expect(steps[0]).toEqual({ id: 'ab12', title: 'Where' });
    expect(steps[1]!.title).toBe('When');
    expect(steps[1]!.id).toMatch(/^[a-z0-9]{4}$/);
    expect(got.builder.isMultiStepInput).toBe(true);
  });

  it.each([
    ['the reserved name input', [text('Input')], FIELD_MESSAGES.reservedName],
    ['a duplicate name', [text('city'), text('City')], 'Field already exists'],
    ['an empty option', [{ ...text('c'), type: 'select', options: [{ label: ' ' }] }], 'Option is empty'],
    [
      'a duplicate option ignoring case',
      [{ ...text('c'), type: 'multiselect', options: [{ label: 'Red' }, { label: 'red' }] }],
      'Option already exists',
    ],
    [
      'one field too many',
      Array.from({ length: MAX_CUSTOM_FIELDS + 1 }, (_, i) => text(`f${i}`)),
      `There can be a maximum of ${MAX_CUSTOM_FIELDS} custom fields, contact us if you need more fields`,
    ],
    ['an unknown type', [{ ...text('c'), type: 'video' }], 'type must be one of'],
  ])('refuses %s with the spec message and stores nothing', async (_name, fields, message) => {
    const app = await newTool(t, paid);
    const res = await patch(paid, app.id, { fields, header: 'Changed' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorAnswer;
    expect(body.error.code).toBe('validation_error');
    expect(body.error.message).toContain(message);
    const got = await get(paid, app.id);
    expect(got.builder.fields).toBeUndefined();
    expect(got.header).not.toBe('Changed');
  });

  it('refuses deleting a field whose tag is in the app instructions, and allows it once removed', async () => {
    const app = await newTool(t, paid);
    expect(
      (
        await patch(paid, app.id, {
          gptPrompt: 'Plan a trip to {city} for {input}',
          fields: [text('city'), text('days')],
        })
      ).status,
    ).toBe(200);
    const refused = await patch(paid, app.id, { fields: [text('days')] });
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as ErrorAnswer;
    expect(body.error.message).toBe(FIELD_MESSAGES.tagInInstructions);
    expect(body.error.details).toMatchObject({ field: 'city', tag: '{city}' });
    expect((await get(paid, app.id)).builder.fields).toHaveLength(2);
    // Deleting a field without a tag in the instructions works.
    expect((await patch(paid, app.id, { fields: [text('city')] })).status).toBe(200);
    // Removing the tag in the same save lets the field go.
    expect((await patch(paid, app.id, { gptPrompt: 'Plan a trip for {input}', fields: [] })).status).toBe(
      200,
    );
    expect((await get(paid, app.id)).builder.fields).toEqual([]);
  });

  it('refuses a new photo field on lite with plan_limit_reached (upgrade offered); paid plans and admins may', async () => {
    const liteApp = await newTool(t, lite);
    const res = await patch(lite, liteApp.id, { fields: [text('face', { type: 'photo' })] });
    expect(res.status).toBe(403);
    const body = (await res.json()) as ErrorAnswer;
    expect(body.error.code).toBe('plan_limit_reached');
    expect(body.error.details).toMatchObject({ limit: 'photoFields', plan: 'lite', upgrade: true });
    expect((await get(lite, liteApp.id)).builder.fields).toBeUndefined();
    expect((await patch(lite, liteApp.id, { fields: [text('name')] })).status).toBe(200);

    const paidApp = await newTool(t, paid);
    expect((await patch(paid, paidApp.id, { fields: [text('face', { type: 'photo' })] })).status).toBe(200);
    const adminApp = await newTool(t, admin);
    expect((await patch(admin, adminApp.id, { fields: [text('face', { type: 'photo' })] })).status).toBe(200);
  });

  it('answers 404 when another builder saves fields of the app', async () => {
    const app = await newTool(t, paid);
    expect((await patch(lite, app.id, { fields: [text('x')] })).status).toBe(404);
  });
});

describe('POST /api/builder/magicCreate with a model', () => {
  let fake: FakeProvider;
  let t: TestApp;
  let builder: SignedIn;
  let other: SignedIn;
  const magic = (who: SignedIn, body: unknown) =>
    t.app.request('/api/builder/magicCreate', json('POST', body, who.headers));

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    t = await createTestApp({
      env: { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.baseUrl },
      llm: { settingsTtlMs: 0, retry: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1 } },
    });
    builder = await signUpVerified(t, 'builder@example.com');
    other = await signUpVerified(t, 'other@example.com');
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('answers the generated field (name normalised, options de-duplicated) and sends the input and prompt', async () => {
    const app = await newTool(t, builder);
    fake.reply({
      chunks: [
        JSON.stringify({
          name: 'Travel Style',
          label: 'How do you like to travel?',
          type: 'select',
          options: ['Backpacking', 'Luxury', 'luxury', ''],
        }),
      ],
    });
    const res = await magic(builder, {
      input: 'travel style',
      magicType: 'field',
      prompt: 'Plan a trip for {input}',
      appId: app.id,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      result: {
        name: 'travel_style',
        field: {
          name: 'travel_style',
          label: 'How do you like to travel?',
          type: 'select',
          required: false,
          options: [{ label: 'Backpacking' }, { label: 'Luxury' }],
        },
      },
    });
    const sent = JSON.stringify(fake.completions().at(-1)?.body);
    expect(sent).toContain('travel style');
    expect(sent).toContain('Plan a trip for {input}');
  });

  it('refuses a generated name equal to input, a missing name and a taken name with the spec messages', async () => {
    const app = await newTool(t, builder);
    await t.app.request(`/api/apps/${app.id}`, json('PATCH', { fields: [text('budget')] }, builder.headers));
    const cases: [string, string][] = [
      ['input', FIELD_MESSAGES.reservedName],
      ['', FIELD_MESSAGES.magicNameMissing],
      ['Budget', FIELD_MESSAGES.fieldExistsTryAnother],
    ];
    for (const [name, message] of cases) {
      fake.reply({ chunks: [JSON.stringify({ name, label: 'x', type: 'text' })] });
      const res = await magic(builder, { input: 'budget', magicType: 'field', appId: app.id });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorAnswer).error.message).toBe(message);
    }
  });

  it('answers 503 "Magic edit failed" when the model fails, and 404 for another builder’s app', async () => {
    fake.reply({ status: 500, errorMessage: 'boom' });
    const res = await magic(builder, { input: 'age', magicType: 'field' });
    expect(res.status).toBe(503);
    expect(((await res.json()) as ErrorAnswer).error.message).toBe('Magic edit failed');
    const app = await newTool(t, builder);
    expect((await magic(other, { input: 'age', magicType: 'field', appId: app.id })).status).toBe(404);
    expect(
      (await t.app.request('/api/builder/magicCreate', json('POST', { input: 'a', magicType: 'field' })))
        .status,
    ).toBe(401);
  });

  it('turns a generated photo field into a text field on lite', async () => {
    fake.reply({ chunks: [JSON.stringify({ name: 'selfie', label: 'Your selfie', type: 'photo' })] });
    const res = await magic(other, { input: 'selfie', magicType: 'field' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { result: { field: { type: string } } }).result.field.type).toBe('text');
  });
});

describe('POST /api/builder/magicCreate offline', () => {
  let t: TestApp;
  let builder: SignedIn;
  beforeAll(async () => {
    t = await createTestApp();
    builder = await signUpVerified(t, 'builder@example.com');
  });
  afterAll(() => t.close());

  it('guesses the field from the words without a model', async () => {
    const ask = async (input: string) => {
      const res = await t.app.request(
        '/api/builder/magicCreate',
        json('POST', { input, magicType: 'field' }, builder.headers),
      );
      expect(res.status).toBe(200);
      return ((await res.json()) as { result: { name: string; field: Record<string, unknown> } }).result;
    };
    expect(await ask('Your email address')).toMatchObject({
      name: 'your_email_address',
      field: { type: 'email' },
    });
    expect(await ask('Diet (vegan, vegetarian, omnivore)')).toMatchObject({
      name: 'diet',
      field: {
        label: 'Diet',
        type: 'select',
        options: [{ label: 'vegan' }, { label: 'vegetarian' }, { label: 'omnivore' }],
      },
    });
    const res = await t.app.request(
      '/api/builder/magicCreate',
      json('POST', { input: 'Input', magicType: 'field' }, builder.headers),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorAnswer).error.message).toBe(FIELD_MESSAGES.reservedName);
  });
});
