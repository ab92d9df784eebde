import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, type SignedIn, signUpVerified } from '../../../test/support/accounts.ts';
import { createGeneratedApp, markPublished, writeFile } from '../../../test/support/functions.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';

/**
 * Issue 20 item 5 through HTTP: an app running its share of the function pool with a full queue
 * answers 429 with Retry-After (its function not run), while another app's function still runs.
 */

let t: TestApp;
let builder: SignedIn;

beforeAll(async () => {
  t = await createTestApp({
    env: { FUNCTION_RUNNERS: '1', FUNCTION_APP_CONCURRENCY: '1', FUNCTION_APP_QUEUE: '0' },
  });
  builder = await signUpVerified(t, 'fair-builder@example.com');
}, 60_000);
afterAll(async () => {
  await t.close();
});

const SLEEPER = [
  'export default async () => {',
  '  await new Promise((resolve) => setTimeout(resolve, 3000));',
  '  return Response.json({ slept: true });',
  '};',
].join('\n');
const QUICK = 'export default async () => Response.json({ quick: true });';

async function publishedFunction(name: string, code: string) {
  const app = await createGeneratedApp(t, builder);
  await writeFile(t, builder, app.id, `functions/${name}.ts`, code);
  const deploy = await t.app.request(
    `/api/apps/${app.id}/functions/${name}/deploy`,
    json('POST', undefined, builder.headers),
  );
  expect(deploy.status).toBe(200);
  await markPublished(t, app.id);
  return `/api/apps/${app.id}/functions/${name}`;
}

describe('function pool fairness', () => {
  it('answers 429 with Retry-After past an app’s share and queue, and runs other apps meanwhile', async () => {
    const slow = await publishedFunction('sleep', SLEEPER);
    const quick = await publishedFunction('quick', QUICK);
    const first = t.app.request(slow);
    const second = t.app.request(slow);
    const [a, b] = await Promise.all([first, second]).then((answers) =>
      answers.sort((x, y) => x.status - y.status),
    );
    expect(a?.status).toBe(200);
    expect(b?.status).toBe(429);
    expect(Number(b?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await b?.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: 'This app is running too many functions at once; try again shortly',
      },
    });
    expect(await a?.json()).toEqual({ slept: true });
    const other = await t.app.request(quick);
    expect(other.status).toBe(200);
    expect(await other.json()).toEqual({ quick: true });
  });
});
