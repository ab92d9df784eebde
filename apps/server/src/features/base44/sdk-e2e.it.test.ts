import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll } from 'vitest';
import { signUpEndUser } from '../../../test/support/accounts.ts';
import { createEntityApp } from '../../../test/support/entities.ts';
import { createTestApp } from '../../../test/support/test-app.ts';

/**
 * `@base44/sdk`'s own live end-to-end suite (vendored under its MIT licence in
 * test/base44-sdk-e2e, README there) against a local Atelier: a server on a loopback port, an app
 * with the suite's `Todo` entity and a signed-in end user, passed to the suite through the
 * environment variables it reads. The suite's files register their tests when imported.
 */
const t = await createTestApp();
const ownOnly = { created_by: '{{user.email}}' };
const { appId } = await createEntityApp(t, 'builder@example.com', {
  Todo: {
    properties: {
      name: { type: 'string' },
      title: { type: 'string' },
      description: { type: 'string' },
      active: { type: 'boolean' },
      completed: { type: 'boolean' },
    },
    rls: { create: { user_condition: { role: 'user' } }, read: ownOnly, update: ownOnly, delete: ownOnly },
  },
});
const user = await signUpEndUser(t, appId, 'e2e-user@example.com');
const server: ServerType = await new Promise((resolve) => {
  const started = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

process.env.BASE44_SERVER_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
process.env.BASE44_APP_ID = appId;
process.env.BASE44_AUTH_TOKEN = user.accessToken;
process.env.TEST_ENTITY = 'Todo';

for (const suite of ['auth', 'entities', 'integrations', 'custom-integrations']) {
  await import(`../../../test/base44-sdk-e2e/e2e/${suite}.test.js`);
}
