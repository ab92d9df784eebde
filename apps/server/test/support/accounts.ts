import { randomUUID } from 'node:crypto';
import type { SignInResponse } from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { apps, users } from '../../src/platform/db/schema/index.ts';
import type { TestApp } from './test-app.ts';

/** What the tests sign up with: passes the strength check. */
export const STRONG_PASSWORD = 'violet-canyon-maple-42';
export const OTHER_STRONG_PASSWORD = 'Zebra-orbit-lantern-9';

/** The Origin of in-process requests (`app.request('/api/…')` runs at http://localhost). */
export const SAME_ORIGIN = 'http://localhost';

export function json(method: string, body?: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method,
    headers: { 'content-type': 'application/json', origin: SAME_ORIGIN, ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
}

/** The `name=value` of the session cookie an answer sets ('' when it clears it). */
export function sessionCookieOf(res: Response, name = 'atelier_session'): string | undefined {
  for (const header of res.headers.getSetCookie()) {
    const [pair] = header.split(';');
    if (pair?.startsWith(`${name}=`)) return pair;
  }
  return undefined;
}

export interface SignedIn {
  cookie: string;
  user: SignInResponse['user'];
  /** Headers of a signed-in web request (cookie + same-site Origin). */
  headers: Record<string, string>;
}

export async function signUp(
  t: TestApp,
  email: string,
  password = STRONG_PASSWORD,
  name?: string,
): Promise<SignedIn> {
  const res = await t.app.request('/api/auth/signup', json('POST', { email, password, name }));
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const cookie = sessionCookieOf(res);
  if (!cookie) throw new Error('sign-up set no cookie');
  const body = (await res.json()) as SignInResponse;
  return { cookie, user: body.user, headers: { cookie, origin: SAME_ORIGIN } };
}

/**
 * Signs up a builder and verifies the address, as a builder who opened the e-mailed link has: the
 * platform answers builders only once verified (spec 1 §2, §4). Verified in the database before the
 * session's first request, so no looked-up session holds the unverified state. Tests of the
 * unverified state use `signUp`.
 */
export async function signUpVerified(
  t: TestApp,
  email: string,
  password = STRONG_PASSWORD,
  name?: string,
): Promise<SignedIn> {
  const signedIn = await signUp(t, email, password, name);
  await t.deps.database.db
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(eq(users.id, signedIn.user.id));
  return { ...signedIn, user: { ...signedIn.user, emailVerified: true } };
}

/**
 * Verifies `email` over HTTP as its owner does, with the link of the newest verification mail in the
 * dev outbox: for servers running in their own process (`fetch` at their address).
 */
export async function verifyByMail(baseUrl: string, email: string): Promise<void> {
  const listed = await fetch(`${baseUrl}/api/dev/outbox`);
  const { messages } = (await listed.json()) as { messages: OutboxMail[] };
  const mail = messages.find(
    (message) => message.to === email && message.subject.startsWith('Verify your email'),
  );
  const token = mail && /[?&]oobCode=([^&\s]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no verification mail to ${email}`);
  const res = await fetch(`${baseUrl}/api/auth/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ token: decodeURIComponent(token) }),
  });
  if (res.status !== 200) throw new Error(`verification failed: ${res.status} ${await res.text()}`);
}

/** Signs up an end user of an app (bearer tokens, no cookie). */
export async function signUpEndUser(t: TestApp, appId: string, email: string, password = STRONG_PASSWORD) {
  const res = await t.app.request(`/api/auth/signup?appId=${appId}`, json('POST', { email, password }));
  if (res.status !== 201) throw new Error(`end-user sign-up failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as SignInResponse;
  return { ...body, headers: { authorization: `Bearer ${body.accessToken}` } };
}

export async function insertApp(
  t: TestApp,
  ownerId: string,
  values: { isSignupEnabled?: boolean; name?: string; published?: boolean } = {},
): Promise<string> {
  const id = randomUUID();
  await t.deps.database.db.insert(apps).values({
    id,
    ownerId,
    name: values.name ?? 'Recipe Finder',
    type: 'GEN_APP',
    isSignupEnabled: values.isSignupEnabled ?? true,
    slug: insertedAppSlug(id),
    // End-user sign-up needs the app published (spec 2 §5); published unless the test says otherwise.
    publishedAt: (values.published ?? true) ? new Date() : null,
    status: (values.published ?? true) ? 'active' : 'draft',
  });
  return id;
}

/** The slug `insertApp` gives an app: its published address is `http://{slug}.localhost[:port]/`. */
export const insertedAppSlug = (appId: string) => `app-${appId.slice(0, 8)}`;

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

export async function outbox(t: TestApp): Promise<OutboxMail[]> {
  const res = await t.app.request('/api/dev/outbox');
  return ((await res.json()) as { messages: OutboxMail[] }).messages;
}

/** The newest mail to `to`, and the oobCode / 6-digit code it carries. */
export async function lastMailTo(t: TestApp, to: string) {
  const mail = (await outbox(t)).find((message) => message.to === to);
  if (!mail) throw new Error(`no mail to ${to}`);
  const link = /https?:\/\/\S+\/auth\/handler\?\S+/.exec(mail.text)?.[0];
  const url = link ? new URL(link) : undefined;
  return {
    mail,
    link: url,
    oobCode: url?.searchParams.get('oobCode') ?? undefined,
    mode: url?.searchParams.get('mode') ?? undefined,
    otp: /code is (\d{6})/.exec(mail.text)?.[1],
  };
}

// biome-ignore lint/suspicious/noExplicitAny: answers in tests are checked field by field with expect()
export type JsonAnswer = any;

/** The JSON of an answer, for tests that read its fields. */
export const readJson = (res: Response): Promise<JsonAnswer> => res.json();
