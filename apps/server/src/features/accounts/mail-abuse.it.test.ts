import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertApp,
  json,
  lastMailTo,
  outbox,
  readJson,
  signUp,
  signUpEndUser,
} from '../../../test/support/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { apps } from '../../platform/db/schema/index.ts';

/** Issue 20 #9: sendMagicLink is no way to mail anyone, with any text, as often as one likes. */
let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'http://localhost', TRUST_PROXY: 'true' } });
  owner = (await signUp(t, 'mail-owner@example.com')).user.id;
});
afterAll(() => t.close());

const sendMagic = (appId: string, email: string, ip = '10.30.0.1') =>
  t.app.request(
    `/api/live_api/account/sendMagicLink?appId=${appId}`,
    json('POST', { email }, { 'x-forwarded-for': ip }),
  );
const mailsTo = async (to: string) => (await outbox(t)).filter((mail) => mail.to === to);

describe('sendMagicLink', () => {
  it("mails nobody but members when the app's sign-up is closed (same answer either way)", async () => {
    const appId = await insertApp(t, owner);
    await signUpEndUser(t, appId, 'member@example.com');
    await t.deps.database.db.update(apps).set({ isSignupEnabled: false }).where(eq(apps.id, appId));
    const stranger = await sendMagic(appId, 'stranger@example.com');
    expect(stranger.status).toBe(200);
    expect(await readJson(stranger)).toEqual({ message: 'Verification code sent to your email' });
    expect(await mailsTo('stranger@example.com')).toEqual([]);
    const member = await sendMagic(appId, 'member@example.com');
    expect(await readJson(member)).toEqual({ message: 'Verification code sent to your email' });
    expect((await lastMailTo(t, 'member@example.com')).mode).toBe('signIn');
    // An unpublished app's sign-up is closed too.
    const draft = await insertApp(t, owner, { published: false });
    expect((await sendMagic(draft, 'stranger@example.com')).status).toBe(200);
    expect(await mailsTo('stranger@example.com')).toEqual([]);
  });

  it("bounds and filters the app's name in the subject", async () => {
    const appId = await insertApp(t, owner, {
      name: 'Claim your prize at evil.example\r\nBcc: all@example.com \u202Emoc.live and more words to pad it out',
    });
    await sendMagic(appId, 'subject@example.com');
    const { mail } = await lastMailTo(t, 'subject@example.com');
    expect(mail.subject.startsWith('Your sign-in link and code for ')).toBe(true);
    const name = mail.subject.slice('Your sign-in link and code for '.length);
    expect([...name].length).toBeLessThanOrEqual(40);
    expect(name).not.toMatch(/[\r\n\u202E]/);
    expect(name).not.toContain('evil.example');
    expect(name).not.toContain('@');
  });

  it('limits mail to one address across every app (20 per 15 minutes)', async () => {
    const victim = 'flooded@example.com';
    const statuses: number[] = [];
    for (let appIndex = 0; appIndex < 5; appIndex++) {
      const appId = await insertApp(t, owner);
      for (let i = 0; i < 5; i++)
        statuses.push((await sendMagic(appId, victim, `10.31.${appIndex}.${i}`)).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
    expect(await mailsTo(victim)).toHaveLength(20);
  });
});
