import { randomUUID } from 'node:crypto';
import {
  type BatchDeployResponse,
  type DeployFunctionResponse,
  FUNCTION_MESSAGES,
  type FunctionsListResponse,
  type InvocationsResponse,
} from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, type SignedIn, signUpVerified } from '../../../test/support/accounts.ts';
import { createGeneratedApp, markPublished, writeFile } from '../../../test/support/functions.ts';
import { documentedAnswers } from '../../../test/support/openapi.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { chatMessages } from '../../platform/db/schema/index.ts';
import { actionResultsPart } from '../chat/chat.repo.ts';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ env: { FUNCTION_RUNNERS: '1' } });
  alice = await signUpVerified(t, 'alice@example.com');
  bob = await signUpVerified(t, 'bob@example.com');
}, 60_000);
afterAll(async () => {
  await t.close();
});

const GREET = [
  "import { greeting } from '../services/greeting';",
  'export default async (req: Request, ctx: { env: Record<string, string> }) => {',
  "  const name = req.method === 'POST' ? (await req.json()).name : new URL(req.url).searchParams.get('name');",
  "  console.log('greeting', name);",
  "  return Response.json({ text: greeting(ctx.env.GREETING_WORD, name), key: ctx.env['API_TOKEN'].length });",
  '};',
].join('\n');
// biome-ignore lint/suspicious/noTemplateCurlyInString: app source code inside a string
const GREETING_SERVICE = 'export const greeting = (word: string, name: string) => `${word}, ${name}!`;';

const request = (who: SignedIn | null, method: string, path: string, body?: unknown) =>
  t.app.request(path, json(method, body, who?.headers ?? {}));

async function appWithGreet(who: SignedIn) {
  const app = await createGeneratedApp(t, who);
  await writeFile(t, who, app.id, 'services/greeting.ts', GREETING_SERVICE);
  await writeFile(t, who, app.id, 'functions/greet.ts', GREET);
  return app.id;
}

async function setSecrets(who: SignedIn, appId: string, secrets: Record<string, string>) {
  const res = await request(who, 'POST', `/api/apps/${appId}/secrets`, {
    secrets: Object.entries(secrets).map(([key, value]) => ({ key, value })),
  });
  expect(res.status).toBe(200);
}

describe('function deploy', () => {
  it('lists a function with not_deployed status, the secrets it reads and no webhook URL before publishing', async () => {
    const appId = await appWithGreet(alice);
    const res = await request(alice, 'GET', `/api/apps/${appId}/functions/list`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as FunctionsListResponse;
    expect(body.published).toBe(false);
    expect(body.functions).toEqual([
      expect.objectContaining({
        name: 'greet',
        path: 'functions/greet.ts',
        status: 'not_deployed',
        envReads: ['API_TOKEN', 'GREETING_WORD'],
        missingSecrets: ['API_TOKEN', 'GREETING_WORD'],
        webhookUrl: null,
        live: null,
      }),
    ]);
    // The typed web client's types say what the server answers: live and latest may be null.
    const documented = await documentedAnswers(t);
    expect(documented('GET', '/apps/{appId}/functions/list', 200, body)).toEqual([]);
  });

  it('refuses to deploy while a secret the code reads is not set: missing_secrets with the names and the descriptions the chat asked with', async () => {
    const appId = await appWithGreet(alice);
    const otherAppId = await appWithGreet(alice);
    await setSecrets(alice, appId, { GREETING_WORD: 'Hello' });
    // The assistant's secrets requests (spec 3 §3): the newest description of this app's counts.
    const secretsRequest = (forApp: string, description: string, minutesAgo: number) => ({
      id: randomUUID(),
      appId: forApp,
      role: 'assistant' as const,
      content: 'I need a key.',
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
      parts: [
        { type: 'text', text: 'I need a key.' },
        actionResultsPart([
          {
            index: 0,
            type: 'request_secrets',
            title: 'Token',
            outcome: 'applied',
            secrets: [{ secretName: 'API_TOKEN', description, required: true }],
          },
        ]),
      ],
    });
    await t.deps.database.db
      .insert(chatMessages)
      .values([
        secretsRequest(appId, 'An old description', 5),
        secretsRequest(appId, 'The greeting API token from the provider dashboard', 1),
        secretsRequest(otherAppId, 'Another app says something else', 0),
      ]);
    const described = [
      { key: 'API_TOKEN', description: 'The greeting API token from the provider dashboard' },
    ];
    const res = await request(alice, 'POST', `/api/apps/${appId}/functions/greet/deploy`);
    expect(res.status).toBe(422);
    const body = (await res.json()) as {
      error: { code: string; message: string; details: { missingSecrets: string[] } };
    };
    expect(body.error).toMatchObject({
      code: 'missing_secrets',
      message: 'Missing required secrets',
      details: { type: 'missing_secrets', missingSecrets: ['API_TOKEN'], missingSecretDetails: described },
    });
    const list = (await (
      await request(alice, 'GET', `/api/apps/${appId}/functions/list`)
    ).json()) as FunctionsListResponse;
    expect(list.functions[0]).toMatchObject({
      status: 'error',
      live: null,
      latest: { status: 'error' },
      missingSecretDetails: described,
    });
    expect(list.functions[0]?.latest?.error).toMatchObject({
      type: 'missing_secrets',
      missingSecrets: ['API_TOKEN'],
      missingSecretDetails: described,
    });
  });

  it('deploys once the secrets are set and answers "Function deployed successfully!"', async () => {
    const appId = await appWithGreet(alice);
    await setSecrets(alice, appId, { GREETING_WORD: 'Hello', API_TOKEN: 'tok-123456' });
    const res = await request(alice, 'POST', `/api/apps/${appId}/functions/greet/deploy`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as DeployFunctionResponse;
    expect(body).toMatchObject({
      message: FUNCTION_MESSAGES.deployed,
      functionUrl: null,
      deployment: { name: 'greet', status: 'success', envReads: ['API_TOKEN', 'GREETING_WORD'], error: null },
    });
    const list = (await (
      await request(alice, 'GET', `/api/apps/${appId}/functions/list`)
    ).json()) as FunctionsListResponse;
    expect(list.functions[0]).toMatchObject({
      status: 'success',
      changedSinceDeploy: false,
      missingSecrets: [],
    });
    const documented = await documentedAnswers(t);
    expect(documented('POST', '/apps/{appId}/functions/{name}/deploy', 200, body)).toEqual([]);
    expect(documented('GET', '/apps/{appId}/functions/list', 200, list)).toEqual([]);
    // A deployment is never null where the document says so (it made every use nullable).
    expect(
      documented('POST', '/apps/{appId}/functions/{name}/deploy', 200, { ...body, deployment: null }),
    ).toEqual(['/deployment must be object']);
  });

  it('reports a compile failure as deploy_failed "Failed to deploy function" with diagnostics', async () => {
    const app = await createGeneratedApp(t, alice);
    await writeFile(
      t,
      alice,
      app.id,
      'functions/broken.ts',
      "import x from 'left-pad';\nexport default () => x;",
    );
    const res = await request(alice, 'POST', `/api/apps/${app.id}/functions/broken/deploy`);
    expect(res.status).toBe(422);
    const body = (await res.json()) as {
      error: { code: string; message: string; details: { diagnostics: string[] } };
    };
    expect(body.error.code).toBe('deploy_failed');
    expect(body.error.message).toBe('Failed to deploy function');
    expect(body.error.details.diagnostics.join('\n')).toContain('Cannot import "left-pad"');
  });

  it('answers 404 for a function file that does not exist', async () => {
    const app = await createGeneratedApp(t, alice);
    const res = await request(alice, 'POST', `/api/apps/${app.id}/functions/nothing/deploy`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      FUNCTION_MESSAGES.notFound,
    );
  });

  it('batch deploys with the success, partial and all-failed messages', async () => {
    const app = await createGeneratedApp(t, alice);
    await writeFile(t, alice, app.id, 'functions/one.ts', "export default () => new Response('1');");
    await writeFile(
      t,
      alice,
      app.id,
      'functions/two.ts',
      'export default (req, ctx) => new Response(ctx.env.NEEDED_KEY);',
    );
    const deploy = async (names?: string[]) =>
      (await (
        await request(alice, 'POST', `/api/apps/${app.id}/functions/deploy`, { names })
      ).json()) as BatchDeployResponse;
    const partial = await deploy();
    expect(partial).toMatchObject({
      deployed: 1,
      failed: 1,
      outcome: 'partial',
      message: 'Deployed 1 function(s); 1 function(s) failed to deploy',
    });
    expect(partial.results.find((r) => r.name === 'two')?.error).toMatchObject({
      type: 'missing_secrets',
      missingSecrets: ['NEEDED_KEY'],
    });
    expect(await deploy(['two'])).toMatchObject({
      outcome: 'failed',
      message: '1 function(s) failed to deploy',
    });
    await setSecrets(alice, app.id, { NEEDED_KEY: 'now-set' });
    expect(await deploy()).toMatchObject({
      outcome: 'success',
      deployed: 2,
      message: 'Deployed 2 function(s) successfully',
    });
  });

  it('answers 404 to another builder for functions, deploys, invocations and secrets', async () => {
    const appId = await appWithGreet(alice);
    for (const [method, path] of [
      ['GET', `/api/apps/${appId}/functions/list`],
      ['POST', `/api/apps/${appId}/functions/greet/deploy`],
      ['POST', `/api/apps/${appId}/functions/deploy`],
      ['GET', `/api/apps/${appId}/functions/greet/invocations`],
      ['GET', `/api/apps/${appId}/secrets`],
      ['POST', `/api/apps/${appId}/secrets`],
      ['DELETE', `/api/apps/${appId}/secrets/GREETING_WORD`],
    ] as const) {
      const body =
        method === 'POST' && path.endsWith('secrets')
          ? { secrets: [{ key: 'X', value: 'y' }] }
          : method === 'POST'
            ? {}
            : undefined;
      const res = await request(bob, method, path, body);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
    }
    expect((await request(null, 'GET', `/api/apps/${appId}/functions/list`)).status).toBe(401);
  });
});

describe('function invoke', () => {
  it('needs the app published for other callers, but runs it for its builder before publishing', async () => {
    const appId = await appWithGreet(alice);
    await setSecrets(alice, appId, { GREETING_WORD: 'Hi', API_TOKEN: 'tok-abcdef' });
    await request(alice, 'POST', `/api/apps/${appId}/functions/greet/deploy`);
    const anonymous = await t.app.request(`/api/apps/${appId}/functions/greet?name=Ada`);
    expect(anonymous.status).toBe(409);
    expect(((await anonymous.json()) as { error: { message: string } }).error.message).toBe(
      'App must be published to get webhook URL',
    );
    // The builder's cookie does not count for functions (issue 20 #10); their bearer token does.
    const byCookie = await t.app.request(`/api/apps/${appId}/functions/greet?name=Ada`, {
      headers: alice.headers,
    });
    expect(byCookie.status).toBe(409);
    const refreshed = await request(alice, 'POST', '/api/auth/token/refresh');
    const { accessToken } = (await refreshed.json()) as { accessToken: string };
    const builder = await t.app.request(`/api/apps/${appId}/functions/greet?name=Ada`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(await builder.json()).toEqual({ text: 'Hi, Ada!', key: 10 });
  });

  it('runs the deployed function at its webhook URL once published, with GET and POST', async () => {
    const appId = await appWithGreet(alice);
    await setSecrets(alice, appId, { GREETING_WORD: 'Hello', API_TOKEN: 'tok-abcdef' });
    await request(alice, 'POST', `/api/apps/${appId}/functions/greet/deploy`);
    await markPublished(t, appId);
    const list = (await (
      await request(alice, 'GET', `/api/apps/${appId}/functions/list`)
    ).json()) as FunctionsListResponse;
    expect(list.functions[0]?.webhookUrl).toBe(`http://localhost:3000/api/apps/${appId}/functions/greet`);
    const get = await t.app.request(`/api/apps/${appId}/functions/greet?name=Grace`);
    expect(get.status).toBe(200);
    expect(get.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(await get.json()).toEqual({ text: 'Hello, Grace!', key: 10 });
    const post = await t.app.request(`/api/apps/${appId}/functions/greet`, json('POST', { name: 'Linus' }));
    expect(await post.json()).toEqual({ text: 'Hello, Linus!', key: 10 });

    const invocations = (await (
      await request(alice, 'GET', `/api/apps/${appId}/functions/greet/invocations`)
    ).json()) as InvocationsResponse;
    expect(invocations.invocations).toHaveLength(2);
    expect(invocations.invocations[0]).toMatchObject({
      status: 'success',
      httpStatus: 200,
      trigger: 'webhook',
      error: null,
    });
    expect(invocations.invocations[0]?.logs.map((line) => line.message)).toEqual(['greeting Linus']);
    expect(invocations.invocations[0]?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('gives each app its own secrets under the same name', async () => {
    const reader = 'export default (req, ctx) => new Response(ctx.env.SHARED_NAME);';
    const appA = await createGeneratedApp(t, alice, 'A');
    const appB = await createGeneratedApp(t, bob, 'B');
    for (const [who, app, value] of [
      [alice, appA, 'value-of-a'],
      [bob, appB, 'value-of-b'],
    ] as const) {
      await writeFile(t, who, app.id, 'functions/read.ts', reader);
      await setSecrets(who, app.id, { SHARED_NAME: value });
      await request(who, 'POST', `/api/apps/${app.id}/functions/read/deploy`);
      await markPublished(t, app.id);
    }
    expect(await (await t.app.request(`/api/apps/${appA.id}/functions/read`)).text()).toBe('value-of-a');
    expect(await (await t.app.request(`/api/apps/${appB.id}/functions/read`)).text()).toBe('value-of-b');
  });

  it('follows its file in the code editor: a rename moves the deployment (calls, invocations, secrets), a delete undeploys it', async () => {
    expect(alice.user.isAdmin).toBe(true);
    const appId = await appWithGreet(alice);
    await setSecrets(alice, appId, { GREETING_WORD: 'Hey', API_TOKEN: 'tok-abcdef' });
    expect((await request(alice, 'POST', `/api/apps/${appId}/functions/greet/deploy`)).status).toBe(200);
    await markPublished(t, appId);
    expect((await t.app.request(`/api/apps/${appId}/functions/greet?name=Ada`)).status).toBe(200);
    const files = (await (await request(alice, 'GET', `/api/apps/${appId}/files`)).json()) as {
      files: { id: string; path: string }[];
    };
    const greet = files.files.find((f) => f.path === 'functions/greet.ts')!;

    const renamed = await request(alice, 'POST', `/api/apps/${appId}/files/rename`, {
      fileId: greet.id,
      path: 'functions/welcome.ts',
    });
    expect(renamed.status).toBe(200);
    const welcome = await t.app.request(`/api/apps/${appId}/functions/welcome?name=Grace`);
    expect(await welcome.json()).toEqual({ text: 'Hey, Grace!', key: 10 });
    expect((await t.app.request(`/api/apps/${appId}/functions/greet?name=Ada`)).status).toBe(404);
    const list = (await (
      await request(alice, 'GET', `/api/apps/${appId}/functions/list`)
    ).json()) as FunctionsListResponse;
    expect(list.functions).toMatchObject([
      { name: 'welcome', status: 'success', changedSinceDeploy: false, live: { status: 'success' } },
    ]);
    const invocations = (await (
      await request(alice, 'GET', `/api/apps/${appId}/functions/welcome/invocations`)
    ).json()) as InvocationsResponse;
    expect(invocations.invocations).toHaveLength(2);
    const secrets = await request(alice, 'POST', `/api/apps/${appId}/secrets`, {
      secrets: [{ key: 'GREETING_WORD', value: 'Hello' }],
    });
    expect(((await secrets.json()) as { affectedFunctions: string[] }).affectedFunctions).toEqual([
      'welcome',
    ]);

    const deleted = await request(alice, 'POST', `/api/apps/${appId}/files/delete`, { fileId: greet.id });
    expect(deleted.status).toBe(200);
    expect((await t.app.request(`/api/apps/${appId}/functions/welcome?name=Grace`)).status).toBe(404);
    const after = await request(alice, 'GET', `/api/apps/${appId}/functions/welcome/invocations`);
    expect(((await after.json()) as InvocationsResponse).invocations).toEqual([]);
    const secretsAfter = await request(alice, 'POST', `/api/apps/${appId}/secrets`, {
      secrets: [{ key: 'GREETING_WORD', value: 'Hi' }],
    });
    expect(((await secretsAfter.json()) as { affectedFunctions: string[] }).affectedFunctions).toEqual([]);
  });

  it('answers 404 for a function that was never deployed, and 500 function_error when it throws', async () => {
    const app = await createGeneratedApp(t, alice);
    await writeFile(
      t,
      alice,
      app.id,
      'functions/fails.ts',
      "export default () => { throw new Error('kaput'); };",
    );
    await markPublished(t, app.id);
    expect((await t.app.request(`/api/apps/${app.id}/functions/fails`)).status).toBe(404);
    await request(alice, 'POST', `/api/apps/${app.id}/functions/fails/deploy`);
    const res = await t.app.request(`/api/apps/${app.id}/functions/fails`);
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ error: { code: 'function_error', message: 'kaput' } });
    const invocations = (await (
      await request(alice, 'GET', `/api/apps/${app.id}/functions/fails/invocations`)
    ).json()) as InvocationsResponse;
    expect(invocations.invocations[0]).toMatchObject({ status: 'error', httpStatus: 500, error: 'kaput' });

    // Never deployed (an import builds a bounded number): its builder's first call (their preview)
    // deploys it, its unset secret reading as unset, as under Deno; other callers are not its builder.
    await writeFile(
      t,
      alice,
      app.id,
      'functions/later.ts',
      "Deno.serve(() => Response.json({ token: Deno.env.get('LATER_TOKEN') ?? null }));",
    );
    await writeFile(t, alice, app.id, 'functions/broken.ts', 'export default = ;');
    expect((await t.app.request(`/api/apps/${app.id}/functions/later`)).status).toBe(404);
    const { accessToken } = (await (await request(alice, 'POST', '/api/auth/token/refresh')).json()) as {
      accessToken: string;
    };
    const asBuilder = (name: string) =>
      t.app.request(`/api/apps/${app.id}/functions/${name}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
    const first = await asBuilder('later');
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ token: null });
    expect(await (await t.app.request(`/api/apps/${app.id}/functions/later`)).json()).toEqual({
      token: null,
    });
    // One that does not build stays undeployed, its error kept for the code editor; not tried again.
    expect((await asBuilder('broken')).status).toBe(404);
    expect((await asBuilder('broken')).status).toBe(404);
    const list = (await (
      await request(alice, 'GET', `/api/apps/${app.id}/functions/list`)
    ).json()) as FunctionsListResponse;
    const byName = new Map(list.functions.map((fn) => [fn.name, fn]));
    expect(byName.get('later')).toMatchObject({ status: 'success', missingSecrets: ['LATER_TOKEN'] });
    expect(byName.get('broken')).toMatchObject({ status: 'error' });
  });

  it('answers 504 function_timeout for a function that loops forever', async () => {
    const app = await createGeneratedApp(t, alice);
    await writeFile(t, alice, app.id, 'functions/spin.ts', 'export default () => { for (;;) {} };');
    await markPublished(t, app.id);
    await request(alice, 'POST', `/api/apps/${app.id}/functions/spin/deploy`);
    const res = await t.app.request(`/api/apps/${app.id}/functions/spin`);
    expect(res.status).toBe(504);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('function_timeout');
  }, 30_000);

  it('lets a function call another function of its app through ctx.sdk', async () => {
    const app = await createGeneratedApp(t, alice);
    await writeFile(
      t,
      alice,
      app.id,
      'functions/inner.ts',
      'export default async (req) => Response.json({ got: (await req.json()).n * 2 });',
    );
    await writeFile(
      t,
      alice,
      app.id,
      'functions/outer.ts',
      "export default async (req, ctx) => Response.json(await ctx.sdk.functions.invoke('inner', { n: 21 }));",
    );
    await request(alice, 'POST', `/api/apps/${app.id}/functions/deploy`, {});
    await markPublished(t, app.id);
    const res = await t.app.request(`/api/apps/${app.id}/functions/outer`);
    expect(await res.json()).toEqual({ got: 42 });
  });
});
