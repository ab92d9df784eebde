import type { PreviewTokenResponse } from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The SDK's entities over its transport, configured as the preview document configures it.
import { entitiesProxy } from '../../../../../packages/app-sdk/src/entities.ts';
import { Transport } from '../../../../../packages/app-sdk/src/transport.ts';
import { json } from '../../../test/support/accounts.ts';
import { createEntityApp, writeEntities } from '../../../test/support/entities.ts';
import { createTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { apps } from '../../platform/db/schema/index.ts';
import type { AppRuntimeConfig } from '../compile/html.ts';
import { createPreviewApp } from './preview.app.ts';

/**
 * A published app previewed in the builder: the preview document hands the app SDK its preview
 * token, the SDK sends it (`x-atelier-preview-token`, allowed by the SDK's CORS), and the entity API
 * then serves the draft's entities, while everybody else keeps the published ones.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PREVIEW = 'http://127.0.0.1:3001';
const task = (properties: object) => ({
  properties,
  required: ['title'],
  rls: { read: 'anonymous', write: 'anonymous' },
});

/** The `window.__ATELIER__` the document sets before the app runs. */
function runtimeConfigOf(html: string): AppRuntimeConfig {
  const match = /window\.__ATELIER__=(\{.*?\});/.exec(html);
  if (!match?.[1]) throw new Error('the document sets no runtime config');
  return JSON.parse(match[1]) as AppRuntimeConfig;
}

/** The app SDK as a page with this runtime config builds it (`default-client.ts`). */
const sdkOf = (config: Pick<AppRuntimeConfig, 'appId' | 'previewToken'>) => {
  const transport = new Transport({
    appId: config.appId,
    baseUrl: 'http://localhost:3000',
    previewToken: config.previewToken,
    fetch: (input, init) => Promise.resolve(t.app.request(String(input), init)),
  });
  return entitiesProxy(() => transport);
};

describe('previews of a published app', () => {
  it('see a draft entity field the published version does not have, through the preview token', async () => {
    const { appId, owner } = await createEntityApp(t, 'previewer@example.com', {
      Task: task({ title: { type: 'string' } }),
    });
    const [app] = await t.deps.database.db.select().from(apps).where(eq(apps.id, appId));
    await t.deps.database.db
      .update(apps)
      .set({ publishedVersionId: app!.currentVersionId })
      .where(eq(apps.id, appId));
    // The draft adds a field.
    await writeEntities(t, owner, appId, {
      Task: task({ title: { type: 'string' }, priority: { type: 'number' } }),
    });

    const link = await t.app.request(`/api/apps/${appId}/preview-token`, json('POST', {}, owner.headers));
    expect(link.status).toBe(200);
    const { token, url } = (await link.json()) as PreviewTokenResponse;
    const document = await createPreviewApp(t.deps).request(url.slice(PREVIEW.length));
    expect(document.status).toBe(200);
    const config = runtimeConfigOf(await document.text());
    expect(config).toMatchObject({ appId, previewToken: expect.any(String) });
    expect(config.previewToken).not.toBe(token);

    // A browser asks before sending the header from the preview origin.
    const preflight = await t.app.request(`/api/apps/${appId}/entities/Task`, {
      method: 'OPTIONS',
      headers: {
        origin: PREVIEW,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-atelier-preview-token',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')?.split(',')).toContain(
      'x-atelier-preview-token',
    );

    const preview = sdkOf(config);
    const created = await preview.Task!.create({ title: 'Draft task', priority: 2 });
    expect(created).toMatchObject({ title: 'Draft task', priority: 2 });
    expect(await preview.Task!.filter({ priority: 2 })).toEqual([
      expect.objectContaining({ id: created.id, priority: 2 }),
    ]);
    // The draft's schema applies to the preview's writes.
    await expect(preview.Task!.create({ title: 'Bad', priority: 'high' })).rejects.toMatchObject({
      status: 400,
    });

    // Without the token (a visitor of the published app): the published schema, which has no such field.
    const visitor = sdkOf({ appId });
    await expect(visitor.Task!.filter({ priority: 2 })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('Unknown field "priority"'),
    });
    expect(await visitor.Task!.list()).toEqual([expect.objectContaining({ title: 'Draft task' })]);
  });
});
