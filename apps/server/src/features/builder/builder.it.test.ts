import { type AppSummary, BUILDER_MESSAGES } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, type SignedIn, signUpVerified } from '../../../test/support/accounts.ts';
import { setPlan } from '../../../test/support/billing.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

let t: TestApp;
let admin: SignedIn;
let builder: SignedIn;
let liteBuilder: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpVerified(t, 'admin@example.com'); // the first account is the admin
  builder = await signUpVerified(t, 'paid@example.com');
  liteBuilder = await signUpVerified(t, 'lite@example.com');
  await setPlan(t, builder.user.id, 'explorer');
});
afterAll(() => t.close());

async function newTool(who: SignedIn): Promise<AppSummary> {
  const res = await t.app.request(
    '/api/apps',
    json('POST', { name: 'Essay grader', type: 'AI_TOOL' }, who.headers),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as AppSummary;
}

const patch = (who: SignedIn, appId: string, body: unknown) =>
  t.app.request(`/api/apps/${appId}`, json('PATCH', body, who.headers));

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string; details?: unknown } }).error;
}

describe('PATCH /api/apps/{appId}: builder panels', () => {
  it('saves texts, call to action, fields and steps, and answers them on GET', async () => {
    const app = await newTool(liteBuilder);
    const res = await patch(liteBuilder, app.id, {
      header: 'Grade my essay',
      description: 'Paste an essay',
      examples: ['A short essay', 'A long essay'],
      welcomeMessage: 'Hi',
      inputLabel: 'Essay',
      inputPlaceholder: 'Paste here',
      isInputHidden: false,
      isInputCollapsed: true,
      ctaMessage: 'Want more?',
      ctaButton: 'Book a call',
      ctaLink: 'https://example.com/call',
      fields: [{ name: 'grade', label: 'Grade', type: 'select', options: [{ label: 'A' }, { label: 'B' }] }],
      inputSteps: [{ id: 'ab12', title: 'Step 1' }],
      isMultiStepInput: true,
    });
    expect(res.status).toBe(200);
    const got = (await (
      await t.app.request(`/api/apps/${app.id}`, json('GET', undefined, liteBuilder.headers))
    ).json()) as AppSummary;
    expect(got.header).toBe('Grade my essay');
    expect(got.description).toBe('Paste an essay');
    expect(got.builder).toMatchObject({
      examples: ['A short essay', 'A long essay'],
      welcomeMessage: 'Hi',
      inputLabel: 'Essay',
      inputPlaceholder: 'Paste here',
      isInputCollapsed: true,
      ctaMessage: 'Want more?',
      ctaButton: 'Book a call',
      ctaLink: 'https://example.com/call',
      fields: [{ name: 'grade', label: 'Grade', type: 'select', options: [{ label: 'A' }, { label: 'B' }] }],
      inputSteps: [{ id: 'ab12', title: 'Step 1' }],
      isMultiStepInput: true,
    });
    expect(got.settings).toEqual({ creditsPerRun: 1 });
  });

  it('merges partial saves per field: a later save of one field keeps the others', async () => {
    const app = await newTool(builder);
    await patch(builder, app.id, {
      welcomeMessage: 'Hello',
      style: { styleName: 'dark', background: '#000' },
    });
    const res = await patch(builder, app.id, { ctaButton: 'Go', style: { headerTextColor: '#fff' } });
    const body = (await res.json()) as AppSummary;
    expect(body.builder).toEqual({ welcomeMessage: 'Hello', ctaButton: 'Go' });
    expect(body.style).toEqual({ styleName: 'dark', background: '#000', headerTextColor: '#fff' });
  });

  it('never loses a field when two tabs save different fields at the same time', async () => {
    const app = await newTool(builder);
    const keys = ['welcomeMessage', 'inputLabel', 'inputPlaceholder', 'ctaMessage', 'ctaButton', 'ctaLink'];
    const results = await Promise.all(keys.map((key) => patch(builder, app.id, { [key]: `v-${key}` })));
    expect(results.map((r) => r.status)).toEqual(keys.map(() => 200));
    const settings = await Promise.all([
      patch(builder, app.id, { settings: { dailyUserLimit: 5 } }),
      patch(builder, app.id, { settings: { weeklyUserLimit: 50 } }),
    ]);
    expect(settings.map((r) => r.status)).toEqual([200, 200]);
    const got = (await (
      await t.app.request(`/api/apps/${app.id}`, json('GET', undefined, builder.headers))
    ).json()) as AppSummary;
    expect(got.builder).toEqual(Object.fromEntries(keys.map((key) => [key, `v-${key}`])));
    expect(got.settings).toEqual({ creditsPerRun: 1, dailyUserLimit: 5, weeklyUserLimit: 50 });
  });

  it.each([
    [{ examples: ['1', '2', '3', '4'] }, 'examples'],
    [{ settings: { dailyUserLimit: 0 } }, 'dailyUserLimit must be between 1 and 100'],
    [{ settings: { dailyUserLimit: 101 } }, 'dailyUserLimit must be between 1 and 100'],
    [{ settings: { weeklyUserLimit: 101 } }, 'weeklyUserLimit must be between 1 and 100'],
    [{ settings: { creditsPerRun: 21 } }, 'creditsPerRun must be between 0 and 20'],
    [{ settings: { creditsPerRun: -1 } }, 'creditsPerRun must be between 0 and 20'],
    [{ settings: { modelTemperature: 2.1 } }, 'modelTemperature must be between 0 and 2'],
    [{ settings: { modelTemperature: 0.55 } }, 'modelTemperature must be a multiple of 0.1'],
    [{ style: { styleName: 'neon' } }, 'styleName must be dark, colorful or light'],
  ])('answers 400 naming the field for %j', async (body, message) => {
    const app = await newTool(admin);
    const res = await patch(admin, app.id, body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toContain(message);
  });

  it('accepts the limits at their bounds', async () => {
    const app = await newTool(admin);
    const res = await patch(admin, app.id, {
      examples: ['1', '2', '3'],
      settings: { dailyUserLimit: 1, weeklyUserLimit: 100, creditsPerRun: 0, modelTemperature: 2 },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as AppSummary).settings).toEqual({
      dailyUserLimit: 1,
      weeklyUserLimit: 100,
      creditsPerRun: 0,
      modelTemperature: 2,
    });
    const upper = await patch(admin, app.id, { settings: { creditsPerRun: 20, modelTemperature: 0.7 } });
    expect(upper.status).toBe(200);
  });

  it.each([
    [{ settings: { aiModel: 'gpt-x' } }, 'aiModel'],
    [{ settings: { modelTemperature: 1 } }, 'modelTemperature'],
    [{ settings: { aiQueryMethod: 'rag' } }, 'aiQueryMethod'],
    [{ settings: { creditsPerRun: 2 } }, 'creditsPerRun'],
    [{ settings: { userCanEditResults: true } }, 'userCanEditResults'],
    [{ settings: { isClaimable: true } }, 'isClaimable'],
    [{ settings: { isToolTemplate: true } }, 'isToolTemplate'],
    [{ settings: { isAppTemplate: true } }, 'isAppTemplate'],
    [{ style: { hideBuildAI: true } }, 'hideBuildAI'],
  ])('refuses the admin-only %j to a builder with 403 and keeps the app unchanged', async (body, field) => {
    const app = await newTool(builder);
    const res = await patch(builder, app.id, { ...body, welcomeMessage: 'should not be saved' });
    expect(res.status).toBe(403);
    const error = await errorOf(res);
    expect(error.message).toBe(`${BUILDER_MESSAGES.adminOnly}: ${field}`);
    const got = (await (
      await t.app.request(`/api/apps/${app.id}`, json('GET', undefined, builder.headers))
    ).json()) as AppSummary;
    expect(got.builder).toEqual({});
  });

  it('lets an admin set the admin-only settings and hide the watermark', async () => {
    const app = await newTool(admin);
    const res = await patch(admin, app.id, {
      settings: { aiModel: 'fake-model', aiQueryMethod: 'rag', userCanEditResults: true, isClaimable: true },
      style: { hideBuildAI: true },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as AppSummary;
    expect(body.settings).toMatchObject({
      aiModel: 'fake-model',
      aiQueryMethod: 'rag',
      userCanEditResults: true,
    });
    expect(body.style).toEqual({ hideBuildAI: true });
  });

  it('refuses settings editing on the lite plan with the upgrade error, but saves texts', async () => {
    const app = await newTool(liteBuilder);
    const res = await patch(liteBuilder, app.id, { settings: { dailyUserLimit: 10 } });
    expect(res.status).toBe(403);
    const error = await errorOf(res);
    expect(error.code).toBe('plan_limit_reached');
    expect(error.message).toBe('Settings are available on paid plans. Upgrade your plan to edit them.');
    expect((await patch(liteBuilder, app.id, { welcomeMessage: 'ok' })).status).toBe(200);
  });

  it('answers 404 for another builder’s app and leaves it unchanged', async () => {
    const app = await newTool(builder);
    const res = await patch(liteBuilder, app.id, { welcomeMessage: 'hijack' });
    expect(res.status).toBe(404);
    const got = (await (
      await t.app.request(`/api/apps/${app.id}`, json('GET', undefined, builder.headers))
    ).json()) as AppSummary;
    expect(got.builder).toEqual({});
  });

  it('refuses unknown style and settings keys with 400', async () => {
    const app = await newTool(admin);
    expect((await patch(admin, app.id, { settings: { creditsPerRunX: 1 } })).status).toBe(400);
    expect((await patch(admin, app.id, { style: { font: 'x' } })).status).toBe(400);
  });
});
