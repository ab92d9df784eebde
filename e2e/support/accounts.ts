import { type APIRequestContext, expect } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Verifies `email` as its owner does, with the link of the newest verification mail in the dev
 * outbox (the e2e server keeps mail there). Builders act only once verified (spec 1 §2, §4).
 */
export async function verifyEmail(
  request: APIRequestContext,
  email: string,
  base = baseURL,
  origin = base,
): Promise<void> {
  const listed = await request.get(`${base}/api/dev/outbox`);
  const { messages } = (await listed.json()) as { messages: OutboxMessage[] };
  const mail = messages.find(
    (message) => message.to === email && message.subject.startsWith('Verify your email'),
  );
  const link = mail && /https?:\/\/\S+\/auth\/handler\?\S+/.exec(mail.text)?.[0];
  const token = link ? new URL(link).searchParams.get('oobCode') : null;
  expect(token, `a verification mail to ${email}`).toBeTruthy();
  const res = await request.post(`${base}/api/auth/verify-email`, { data: { token }, headers: { origin } });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Signs up a builder with the request context (its cookie then signs in the page) and verifies the
 * address; when `orLogIn` and the address exists (a spec's retry), logs in instead. `base`: the
 * server's address (the suite's by default); `origin`: the Origin the calls carry (`base` unless said).
 */
export async function signUpVerified(
  request: APIRequestContext,
  email: string,
  password: string,
  options: { base?: string; origin?: string; orLogIn?: boolean } = {},
): Promise<void> {
  const base = options.base ?? options.origin ?? baseURL;
  const origin = options.origin ?? base;
  const data = { email, password };
  const signup = await request.post(`${base}/api/auth/signup`, { data, headers: { origin } });
  if (signup.status() === 201) return verifyEmail(request, email, base, origin);
  if (!options.orLogIn) expect(signup.status(), await signup.text()).toBe(201);
  expect((await request.post(`${base}/api/auth/login`, { data, headers: { origin } })).status()).toBe(200);
}
