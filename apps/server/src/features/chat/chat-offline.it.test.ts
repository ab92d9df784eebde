import { BUILD_CHECK_PART, OFFLINE_MODEL_ID } from '@atelier/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  builder,
  createChatTestApp,
  createGenApp,
  filesOf,
  historyOf,
  lastResults,
  send,
  versionsOf,
} from '../../../test/support/chat.ts';
import { appsRuntime } from '../apps/apps.runtime.ts';

let env: Awaited<ReturnType<typeof createChatTestApp>>;

beforeAll(async () => {
  env = await createChatTestApp({ offline: true });
});

afterAll(async () => {
  await env.close();
});

describe('chat with the offline assistant', () => {
  it('"Create a CRM with contacts and deals" from a new app yields one compiling version with a contacts page', async () => {
    const { t } = env;
    const owner = await builder(t);
    const appId = await createGenApp(t, owner);
    const before = await versionsOf(t, owner, appId);
    const { res, chunks } = await send(t, owner, appId, { text: 'Create a CRM with contacts and deals' });
    expect(res.status).toBe(200);
    const results = lastResults(chunks);
    expect(results.length).toBeGreaterThan(2);
    expect(results.every((r) => r.outcome === 'applied')).toBe(true);

    const after = await versionsOf(t, owner, appId);
    expect(after.versions).toHaveLength(before.versions.length + 1);
    const files = await filesOf(t, owner, appId);
    const contactsPage = [...files.keys()].find((path) => /^pages\/Contacts?\.tsx$/.test(path));
    expect(contactsPage).toBeDefined();
    expect(files.has('entities/Contact.json')).toBe(true);
    expect(files.has('entities/Deal.json')).toBe(true);
    expect(files.get('Layout.tsx')).toContain('Contacts');

    const build = await appsRuntime(t.deps).builds.build(appId, after.currentVersionId);
    expect(build?.result.ok).toBe(true);

    const { messages } = await historyOf(t, owner, appId);
    expect(messages[1]!.annotations[0]!.usage!.modelInfo).toMatchObject({ model: OFFLINE_MODEL_ID });
    // The reply's build check (issue 21 §5) found nothing to fix in the offline assistant's code.
    expect(messages[1]!.parts).toContainEqual(
      expect.objectContaining({
        type: `data-${BUILD_CHECK_PART}`,
        data: expect.objectContaining({ status: 'passed' }),
      }),
    );
    expect(env.fake.completions()).toHaveLength(0);
  });
});
