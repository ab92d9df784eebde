import {
  type AppSummary,
  BUILDER_MESSAGES,
  type ChatActivateResponse,
  SETTINGS_MESSAGES,
} from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, type SignedIn, signUpVerified } from '../../../test/support/accounts.ts';
import { setPlan } from '../../../test/support/billing.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { apps } from '../../platform/db/schema/index.ts';

let t: TestApp;
let admin: SignedIn;
let libraryAdmin: SignedIn;
let builder: SignedIn;

beforeAll(async () => {
  t = await createTestApp({
    env: { ADMIN_EMAILS: 'library@example.com', TEMPLATE_ADMIN_EMAILS: ' Library@Example.com ' },
  });
  admin = await signUpVerified(t, 'admin@example.com'); // the first account is an admin
  libraryAdmin = await signUpVerified(t, 'library@example.com');
  builder = await signUpVerified(t, 'moon@example.com');
  await setPlan(t, builder.user.id, 'moon');
});
afterAll(() => t.close());

async function newApp(who: SignedIn, type = 'GEN_APP'): Promise<AppSummary> {
  const res = await t.app.request('/api/apps', json('POST', { name: 'Shop', type }, who.headers));
  expect(res.status).toBe(201);
  return (await res.json()) as AppSummary;
}
const patch = (who: SignedIn, appId: string, body: unknown) =>
  t.app.request(`/api/apps/${appId}`, json('PATCH', body, who.headers));
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error;
const getApp = async (who: SignedIn, appId: string) =>
  (await (
    await t.app.request(`/api/apps/${appId}`, json('GET', undefined, who.headers))
  ).json()) as AppSummary;

describe('Settings panel keys (PATCH /api/apps/{appId} settings)', () => {
  it('saves the terms, privacy and support links of a builder, and clears them with empty text', async () => {
    const app = await newApp(builder);
    const res = await patch(builder, app.id, {
      settings: {
        termsOfServiceLink: 'https://shop.example.com/terms',
        privacyPolicyLink: 'http://shop.example.com/privacy',
        supportEmail: 'help@shop.example.com',
      },
    });
    expect(res.status).toBe(200);
    expect((await getApp(builder, app.id)).settings).toMatchObject({
      termsOfServiceLink: 'https://shop.example.com/terms',
      privacyPolicyLink: 'http://shop.example.com/privacy',
      supportEmail: 'help@shop.example.com',
    });
    expect((await patch(builder, app.id, { settings: { termsOfServiceLink: '' } })).status).toBe(200);
    expect((await getApp(builder, app.id)).settings.termsOfServiceLink).toBe('');
  });

  it.each([
    [{ termsOfServiceLink: 'javascript:alert(1)' }, SETTINGS_MESSAGES.invalidLink('termsOfServiceLink')],
    [{ privacyPolicyLink: 'shop.example.com' }, SETTINGS_MESSAGES.invalidLink('privacyPolicyLink')],
    [{ supportEmail: 'not-an-address' }, SETTINGS_MESSAGES.invalidSupportEmail],
  ])('refuses %j with 400 naming the field and saves nothing', async (settings, message) => {
    const app = await newApp(builder);
    const res = await patch(builder, app.id, { settings });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toContain(message);
    expect((await getApp(builder, app.id)).settings).toEqual({ creditsPerRun: 1 });
  });

  it('sets the main page of a space app and refuses it on other app types', async () => {
    const space = await newApp(builder, 'SPACE_APP');
    expect((await patch(builder, space.id, { settings: { mainPage: 'Dashboard' } })).status).toBe(200);
    expect((await getApp(builder, space.id)).settings.mainPage).toBe('Dashboard');
    const gen = await newApp(builder);
    const res = await patch(builder, gen.id, { settings: { mainPage: 'Dashboard' } });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(SETTINGS_MESSAGES.mainPageSpaceOnly);
  });

  it.each(['templateCategories', 'templateCategory', 'isProTool', 'requireBuilderCollaboratorAccount'])(
    'refuses the admin-only %s to a builder with 403',
    async (key) => {
      const app = await newApp(builder);
      const value = key === 'templateCategories' ? ['CRM'] : key === 'templateCategory' ? 'CRM' : true;
      const res = await patch(builder, app.id, { settings: { [key]: value } });
      expect(res.status).toBe(403);
      expect((await errorOf(res)).message).toBe(`${BUILDER_MESSAGES.adminOnly}: ${key}`);
      expect((await getApp(builder, app.id)).settings).toEqual({ creditsPerRun: 1 });
    },
  );

  it('lets an admin set the app template toggle, categories and claim settings', async () => {
    const app = await newApp(admin);
    const res = await patch(admin, app.id, {
      settings: {
        isAppTemplate: true,
        templateCategories: ['CRM', 'Sales'],
        isClaimable: true,
        requireBuilderCollaboratorAccount: true,
      },
    });
    expect(res.status).toBe(200);
    expect((await getApp(admin, app.id)).settings).toMatchObject({
      isAppTemplate: true,
      templateCategories: ['CRM', 'Sales'],
      isClaimable: true,
      requireBuilderCollaboratorAccount: true,
    });
  });

  it.each([
    [['CRM', ' '], SETTINGS_MESSAGES.categoryEmpty],
    [['CRM', 'crm'], SETTINGS_MESSAGES.categoryExists],
  ])('refuses the categories %j with the spec message', async (templateCategories, message) => {
    const app = await newApp(admin);
    const res = await patch(admin, app.id, { settings: { templateCategories } });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toContain(message);
  });

  it('lets only allow-listed admins (TEMPLATE_ADMIN_EMAILS) switch the tool template library', async () => {
    const mine = await newApp(admin);
    const refused = await patch(admin, mine.id, { settings: { isToolTemplate: true } });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toBe(`${SETTINGS_MESSAGES.templateLibraryOnly}: isToolTemplate`);
    expect((await getApp(admin, mine.id)).settings.isToolTemplate).toBeUndefined();

    const access = async (who: SignedIn) =>
      (await t.app.request('/api/builder/settings-access', json('GET', undefined, who.headers))).json();
    expect(await access(admin)).toEqual({ isTemplateAdmin: false });
    expect(await access(libraryAdmin)).toEqual({ isTemplateAdmin: true });
    expect(await access(builder)).toEqual({ isTemplateAdmin: false });

    const theirs = await newApp(libraryAdmin);
    expect((await patch(libraryAdmin, theirs.id, { settings: { isToolTemplate: true } })).status).toBe(200);
    expect((await getApp(libraryAdmin, theirs.id)).settings.isToolTemplate).toBe(true);
  });
});

describe('POST /api/apps/{appId}/chat/activate', () => {
  const activate = (who: SignedIn, appId: string, isActive: unknown) =>
    t.app.request(`/api/apps/${appId}/chat/activate`, json('POST', { isActive }, who.headers));

  it('activates: makes the chat app once, answers its id and keeps the status on the app', async () => {
    const app = await newApp(admin);
    const res = await activate(admin, app.id, true);
    expect(res.status).toBe(200);
    const first = (await res.json()) as ChatActivateResponse;
    expect(first.status).toBe('active');
    expect(first.chatAppId).toEqual(expect.any(String));
    const [chat] = await t.deps.database.db
      .select()
      .from(apps)
      .where(eq(apps.id, first.chatAppId as string));
    expect(chat).toMatchObject({ type: 'CHAT', ownerId: admin.user.id, status: 'active', name: 'Shop chat' });
    expect((await getApp(admin, app.id)).builder.chatAssistant).toEqual(first);

    const off = (await (await activate(admin, app.id, false)).json()) as ChatActivateResponse;
    expect(off).toEqual({ status: 'draft', chatAppId: first.chatAppId });
    const again = (await (await activate(admin, app.id, true)).json()) as ChatActivateResponse;
    expect(again).toEqual({ status: 'active', chatAppId: first.chatAppId });
    const chats = await t.deps.database.db.select().from(apps).where(eq(apps.ownerId, admin.user.id));
    expect(chats.filter((row) => row.type === 'CHAT')).toHaveLength(1);
  });

  it('answers draft with no chat app when an assistant never activated is switched off', async () => {
    const app = await newApp(admin);
    expect(await (await activate(admin, app.id, false)).json()).toEqual({ status: 'draft', chatAppId: null });
  });

  it('rolls everything back when the change cannot be stored', async () => {
    const app = await newApp(admin);
    const { database } = t.deps;
    const chatApps = async () =>
      (
        await database.db
          .select({ id: apps.id, type: apps.type })
          .from(apps)
          .where(eq(apps.ownerId, admin.user.id))
      ).filter((row) => row.type === 'CHAT').length;
    const before = await chatApps();
    // The last write (the assistant on the app) fails inside the transaction.
    await database.exec(`
      create or replace function refuse_chat_assistant() returns trigger language plpgsql as $$
      begin
        if new.builder ? 'chatAssistant' then raise exception 'refused by test'; end if;
        return new;
      end $$;
      create trigger refuse_chat_assistant before update on apps for each row
        when (new.id = '${app.id}') execute function refuse_chat_assistant();`);
    try {
      expect((await activate(admin, app.id, true)).status).toBe(500);
    } finally {
      await database.exec(
        'drop trigger refuse_chat_assistant on apps; drop function refuse_chat_assistant();',
      );
    }
    expect((await getApp(admin, app.id)).builder.chatAssistant).toBeUndefined();
    expect(await chatApps()).toBe(before);
    expect((await activate(admin, app.id, true)).status).toBe(200);
    expect(await chatApps()).toBe(before + 1);
  });

  it('is for admins only, and answers 404 for an app the admin cannot open', async () => {
    const app = await newApp(builder);
    const refused = await activate(builder, app.id, true);
    expect(refused.status).toBe(403);
    expect((await activate(admin, app.id, true)).status).toBe(404);
    expect((await getApp(builder, app.id)).builder.chatAssistant).toBeUndefined();
  });

  it('refuses a payload without a boolean isActive', async () => {
    const app = await newApp(admin);
    expect((await activate(admin, app.id, 'yes')).status).toBe(400);
  });
});
