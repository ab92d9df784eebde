import {
  CODE_EDITOR_MESSAGES,
  type CompareResponse,
  type RepairResult,
  serializeAction,
  VALIDATION_MESSAGES,
  type ValidationIssue,
  type ValidationResult,
} from '@atelier/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, type SignedIn } from '../../../test/support/accounts.ts';
import { createGenApp, filesOf, setUpChatSuite, versionsOf } from '../../../test/support/chat.ts';
import { appsRuntime } from '../apps/apps.runtime.ts';

const s = setUpChatSuite();

const TYPED_BAD = "export default function Typed() {\n  const n: number = 'x';\n  return <p>{n}</p>;\n}\n";
const TYPED_FIXED = 'export default function Typed() {\n  const n: number = 1;\n  return <p>{n}</p>;\n}\n';
const BROKEN_IMPORT =
  "import Missing from '../components/Missing';\n\nexport default function Broken() {\n  return <Missing />;\n}\n";
const BAD_ENTITY = '{"name": "Bad", "type": "object", "properties": "nope"}';
const NO_REVIEW_ISSUES = { chunks: ['{"issues":[]}'] };

async function call<T>(who: SignedIn, method: string, path: string, body?: unknown) {
  const res = await s.t.app.request(path, json(method, body, who.headers));
  return { status: res.status, body: (await res.json()) as T };
}

async function write(who: SignedIn, appId: string, files: Record<string, string>): Promise<string> {
  const created = await appsRuntime(s.t.deps).versions.createVersion({ userId: who.user.id }, appId, {
    changes: Object.entries(files).map(([path, content]) => ({ op: 'upsert' as const, path, content })),
    description: 'test files',
  });
  return created.version.id;
}

const validate = (who: SignedIn, appId: string, versionId: string) =>
  call<ValidationResult>(who, 'POST', `/api/apps/${appId}/versions/${versionId}/validate`, {
    messageId: null,
    messageContent: 'Add the pages',
  });

const repair = (appId: string, versionId: string, initialIssues: ValidationIssue[], extra = {}) =>
  call<RepairResult>(s.owner, 'POST', `/api/apps/${appId}/versions/${versionId}/repair`, {
    messageId: null,
    messageContent: 'Add the pages',
    initialIssues,
    ...extra,
  });

beforeAll(async () => {
  // Warm the type checker's library cache once (parsing lib.dom and React's types is the slow part).
  const { typeCheckApp } = await import('./type-check-thread.ts');
  await typeCheckApp([{ path: 'pages/Warm.tsx', content: 'export default () => <p />;' }]);
}, 120_000);

describe('POST /api/apps/{appId}/versions/{versionId}/validate', () => {
  it('finds the type error, the broken import and the bad entity schema, each with its detector and line', async () => {
    const versionId = await write(s.owner, s.appId, {
      'pages/Typed.tsx': TYPED_BAD,
      'pages/Broken.tsx': BROKEN_IMPORT,
      'entities/Bad.json': BAD_ENTITY,
    });
    s.fake.reply(NO_REVIEW_ISSUES);
    const res = await validate(s.owner, s.appId, versionId);
    expect(res.status).toBe(200);
    const issues = res.body.issues;
    expect(issues).toContainEqual(
      expect.objectContaining({
        componentName: 'pages/Typed.tsx',
        detectorId: 'typescript',
        severity: 'error',
        line: 2,
        message: expect.stringContaining("Type 'string' is not assignable to type 'number'"),
      }),
    );
    expect(issues).toContainEqual(
      expect.objectContaining({
        componentName: 'pages/Broken.tsx',
        detectorId: 'imports',
        line: 1,
        message: expect.stringContaining("'../components/Missing'"),
      }),
    );
    expect(issues).toContainEqual(
      expect.objectContaining({
        componentName: 'entities/Bad.json',
        detectorId: 'entity-schema',
        message: expect.stringContaining('Invalid entity schema'),
      }),
    );
    // Nothing is reported for the template's own files.
    expect(
      issues.filter((i) => i.componentName === 'pages/Home.tsx' || i.componentName === 'Layout.tsx'),
    ).toEqual([]);
    expect(res.body.detectors.map((d) => d.id)).toEqual([
      'typescript',
      'compile',
      'imports',
      'entity-schema',
      'model-review',
    ]);
    expect(res.body.executionTimeMs).toBeGreaterThanOrEqual(0);
  }, 90_000);

  it('answers no issues for a clean version, with the model review run through the provider', async () => {
    const versionId = await write(s.owner, s.appId, { 'pages/Typed.tsx': TYPED_FIXED });
    s.fake.reply(NO_REVIEW_ISSUES);
    const res = await validate(s.owner, s.appId, versionId);
    expect(res.status).toBe(200);
    expect(res.body.issues).toEqual([]);
    expect(res.body.detectors.find((d) => d.id === 'model-review')?.status).toBe('ran');
    const [request] = s.fake.completions();
    expect(JSON.stringify(request?.body)).toContain('pages/Typed.tsx');
  });

  it('reports the model review as an issue of the file it names', async () => {
    const versionId = await write(s.owner, s.appId, { 'pages/Typed.tsx': TYPED_FIXED });
    s.fake.reply({
      chunks: [
        JSON.stringify({
          issues: [{ file: 'pages/Typed.tsx', line: 3, message: 'Shows a number nobody asked for' }],
        }),
      ],
    });
    const res = await validate(s.owner, s.appId, versionId);
    expect(res.body.issues).toEqual([
      {
        componentName: 'pages/Typed.tsx',
        detectorId: 'model-review',
        line: 3,
        message: 'Shows a number nobody asked for',
        severity: 'error',
      },
    ]);
  });

  it('answers 403 to a builder who is not an admin, and 404 for a version of another app', async () => {
    const ownAppId = await createGenApp(s.t, s.stranger);
    const versions = await versionsOf(s.t, s.stranger, ownAppId);
    const forbidden = await validate(s.stranger, ownAppId, versions.currentVersionId);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ error: { code: 'forbidden', message: CODE_EDITOR_MESSAGES.adminOnly } });
    const repairRes = await call(s.stranger, 'POST', `/api/apps/${ownAppId}/versions/x/repair`, {
      initialIssues: [],
    });
    expect(repairRes.status).toBe(403);
    const hidden = await validate(s.stranger, s.appId, 'anything');
    expect(hidden.status).toBe(404);
    const wrongVersion = await validate(s.owner, s.appId, versions.currentVersionId);
    expect(wrongVersion.status).toBe(404);
  });
});

describe('POST /api/apps/{appId}/versions/{versionId}/repair', () => {
  const typeIssue = async () => {
    const versionId = await write(s.owner, s.appId, { 'pages/Typed.tsx': TYPED_BAD });
    s.fake.reply(NO_REVIEW_ISSUES);
    const issues = (await validate(s.owner, s.appId, versionId)).body.issues;
    expect(issues).toHaveLength(1);
    s.fake.reset();
    return { versionId, issues };
  };

  it('fixes the issue in one iteration with the model’s action tags and stores the result as a new version', async () => {
    const { versionId, issues } = await typeIssue();
    s.fake.reply({
      chunks: [
        'Fixed the type.\n',
        serializeAction({
          type: 'edit_file',
          title: 'Fix Typed',
          path: 'pages/Typed.tsx',
          content: TYPED_FIXED,
        }),
      ],
    });
    const res = await repair(s.appId, versionId, issues, { iterations: 3 });
    expect(res.status).toBe(200);
    const result = res.body;
    expect(result.iterationsPerformed).toBe(1);
    expect(result.unresolvedIssues).toEqual([]);
    expect(result.initialIssues).toEqual(issues);
    expect(result.previousVersionId).toBe(versionId);
    expect(result.versionId).not.toBeNull();
    expect(result.versionId).not.toBe(versionId);
    expect(result.repairedFiles).toEqual([{ path: 'pages/Typed.tsx', content: TYPED_FIXED }]);
    const detail = result.repairProcessDetails[0];
    expect(detail).toMatchObject({ initialIssueCount: 1, finalIssueCount: 0, repairSuccess: true });
    expect(detail?.aiRepairs[0]).toMatchObject({ success: true, modelUsed: 'gpt-4o-mini' });
    expect(result.timingBreakdown.repairOnlyTimeMs).toBeGreaterThanOrEqual(0);
    expect(result.appBundle.files.find((f) => f.path === 'pages/Typed.tsx')?.content).toContain('= 1;');
    // The bundle in spec 1 §3's grouped shape (issue 23 #13).
    expect(result.appBundle).toMatchObject({ id: s.appId, versionId: result.versionId });
    expect(result.appBundle.pages.Typed).toBe(TYPED_FIXED);
    expect(typeof result.appBundle.layout).toBe('string');
    // The repair is a candidate: stored, but the app's current version is unchanged until Apply.
    const versions = await versionsOf(s.t, s.owner, s.appId);
    expect(versions.currentVersionId).toBe(versionId);
    expect(result.baseVersionId).toBe(versionId);
    expect((await filesOf(s.t, s.owner, s.appId, versionId)).get('pages/Typed.tsx')).toBe(TYPED_BAD);
    expect((await filesOf(s.t, s.owner, s.appId, result.versionId!)).get('pages/Typed.tsx')).toContain(
      '= 1;',
    );
    expect((await filesOf(s.t, s.owner, s.appId)).get('pages/Typed.tsx')).toBe(TYPED_BAD);
    expect(s.fake.completions()).toHaveLength(1);

    // Apply: the candidate becomes current.
    const applied = await call<{ versionId: string }>(
      s.owner,
      'POST',
      `/api/apps/${s.appId}/versions/${result.versionId}/apply-repair`,
      { expectedCurrentVersionId: result.baseVersionId },
    );
    expect(applied).toMatchObject({ status: 200, body: { versionId: result.versionId } });
    expect((await filesOf(s.t, s.owner, s.appId)).get('pages/Typed.tsx')).toContain('= 1;');
  }, 90_000);

  it('refuses Apply once the app changed since the run started, keeping the edit made meanwhile', async () => {
    const { versionId, issues } = await typeIssue();
    s.fake.reply({
      chunks: [
        serializeAction({
          type: 'edit_file',
          title: 'Fix Typed',
          path: 'pages/Typed.tsx',
          content: TYPED_FIXED,
        }),
      ],
    });
    const { body: result } = await repair(s.appId, versionId, issues, { iterations: 1 });
    expect(result.versionId).not.toBeNull();
    // Someone edits the app meanwhile.
    const edited = await write(s.owner, s.appId, { 'pages/Meanwhile.tsx': 'export default () => null;\n' });
    const refused = await call<{ error: { message: string } }>(
      s.owner,
      'POST',
      `/api/apps/${s.appId}/versions/${result.versionId}/apply-repair`,
      { expectedCurrentVersionId: result.baseVersionId },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(VALIDATION_MESSAGES.appChangedSinceRepair);
    const versions = await versionsOf(s.t, s.owner, s.appId);
    expect(versions.currentVersionId).toBe(edited);
    expect((await filesOf(s.t, s.owner, s.appId)).has('pages/Meanwhile.tsx')).toBe(true);
    // Another builder cannot apply it (404).
    const stranger = await call(
      s.stranger,
      'POST',
      `/api/apps/${s.appId}/versions/${result.versionId}/apply-repair`,
      {
        expectedCurrentVersionId: edited,
      },
    );
    expect([403, 404]).toContain(stranger.status);
  }, 90_000);

  it('stops after the asked iterations with the issues unresolved, making no version', async () => {
    const { versionId, issues } = await typeIssue();
    s.fake.setDefaultReply({ chunks: ['I could not find anything to change.'] });
    try {
      const res = await repair(s.appId, versionId, issues, { iterations: 3 });
      expect(res.status).toBe(200);
      expect(res.body.iterationsPerformed).toBe(3);
      expect(res.body.unresolvedIssues).toHaveLength(1);
      expect(res.body.unresolvedIssues[0]?.componentName).toBe('pages/Typed.tsx');
      expect(res.body.versionId).toBeNull();
      expect(res.body.repairProcessDetails[0]).toMatchObject({ repairSuccess: false, finalIssueCount: 1 });
      expect(res.body.repairProcessDetails[0]?.aiRepairs).toHaveLength(3);
      expect(s.fake.completions()).toHaveLength(3);
      expect((await versionsOf(s.t, s.owner, s.appId)).currentVersionId).toBe(versionId);
    } finally {
      s.fake.setDefaultReply({ chunks: ['Hello from the fake provider.'] });
    }
  }, 90_000);

  const withNoFix = async (run: () => Promise<void>) => {
    s.fake.setDefaultReply({ chunks: ['Nothing to change.'] });
    try {
      await run();
    } finally {
      s.fake.setDefaultReply({ chunks: ['Hello from the fake provider.'] });
    }
  };

  it('clamps iterations above 5 to 5', async () => {
    const { versionId, issues } = await typeIssue();
    await withNoFix(async () => {
      expect((await repair(s.appId, versionId, issues, { iterations: 9 })).body.iterationsPerformed).toBe(5);
      expect(s.fake.completions()).toHaveLength(5);
    });
  }, 90_000);

  it('clamps iterations below 1 to 1 and runs 2 by default', async () => {
    const { versionId, issues } = await typeIssue();
    await withNoFix(async () => {
      expect((await repair(s.appId, versionId, issues, { iterations: 0 })).body.iterationsPerformed).toBe(1);
      expect((await repair(s.appId, versionId, issues)).body.iterationsPerformed).toBe(2);
    });
  }, 90_000);

  it('asks the custom model when one is given', async () => {
    const { versionId, issues } = await typeIssue();
    await withNoFix(async () => {
      const custom = await repair(s.appId, versionId, issues, {
        iterations: 1,
        customModel: 'my-repair-model',
      });
      expect(custom.body.repairProcessDetails[0]?.aiRepairs[0]?.modelUsed).toBe('my-repair-model');
      expect(s.fake.completions()[0]?.body?.model).toBe('my-repair-model');
    });
  }, 90_000);

  it('refuses a repair without issues with the spec message', async () => {
    const versions = await versionsOf(s.t, s.owner, s.appId);
    const res = await repair(s.appId, versions.currentVersionId, []);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { message: VALIDATION_MESSAGES.runValidationFirst } });
  });
});

describe('GET /api/apps/{appId}/compare', () => {
  it('answers the changes between two versions, sorted added, modified, deleted', async () => {
    const from = (await versionsOf(s.t, s.owner, s.appId)).currentVersionId;
    await write(s.owner, s.appId, { 'pages/New.tsx': 'export default () => <p>new</p>;' });
    const to = await write(s.owner, s.appId, { 'pages/Home.tsx': 'export default () => <p>home</p>;' });
    const res = await call<CompareResponse>(
      s.owner,
      'GET',
      `/api/apps/${s.appId}/compare?fromVersionId=${from}&toVersionId=${to}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.items.map((i) => [i.status, i.path])).toEqual([
      ['added', 'pages/New.tsx'],
      ['modified', 'pages/Home.tsx'],
    ]);
    expect(res.body.items[1]?.newCode).toBe('export default () => <p>home</p>;');
    expect(res.body.base.versionId).toBe(from);
    expect(res.body.compared.versionId).toBe(to);
  });

  it("compares with another app of the same builder, and answers 404 for another builder's app", async () => {
    const other = await createGenApp(s.t, s.owner, 'Other');
    await write(s.owner, other, { 'components/Card.tsx': 'export default () => <div>card</div>;' });
    const res = await call<CompareResponse>(
      s.owner,
      'GET',
      `/api/apps/${s.appId}/compare?otherAppId=${other}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.compared).toMatchObject({ appId: other, appName: 'Other' });
    expect(res.body.items).toContainEqual(
      expect.objectContaining({ path: 'components/Card.tsx', status: 'added', oldCode: '' }),
    );
    const strangers = await createGenApp(s.t, s.stranger, 'Secret');
    const hidden = await call(s.owner, 'GET', `/api/apps/${s.appId}/compare?otherAppId=${strangers}`);
    expect(hidden.status).toBe(404);
    const reverse = await call(s.stranger, 'GET', `/api/apps/${strangers}/compare?otherAppId=${s.appId}`);
    expect(reverse.status).toBe(404);
  });
});
