import { BUILD_CHECK_PART, BUILD_FIX_ROUNDS, type BuildCheckData, serializeAction } from '@atelier/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  filesOf,
  historyOf,
  lastResults,
  type StreamChunk,
  send,
  setUpChatSuite,
  versionsOf,
} from '../../../test/support/chat.ts';
import { llmUsage } from '../../platform/db/schema/index.ts';

/** Issue 21 §5: the model sees what happened to its actions, and a reply whose code does not build is fixed. */
const env = setUpChatSuite({ buildCheck: true });

const contacts = (body: string) =>
  serializeAction({
    type: 'add_file',
    path: 'pages/Contacts.tsx',
    title: 'Add the contacts page',
    content: `export default function Contacts() {\n  return <h1>${body}</h1>;\n}\n`,
  });
const broken = contacts('{contactCount} contacts');
const fixedPage = contacts('Contacts');

const checksOf = (chunks: StreamChunk[]) =>
  chunks.filter((c) => c.type === `data-${BUILD_CHECK_PART}`).map((c) => c.data as BuildCheckData);

/** The text of the messages of a completion request the fake received. */
function requestMessages(index: number): { role: string; content: string }[] {
  const body = env.fake.completions()[index]!.body!;
  return (body.messages as { role: string; content: unknown }[]).map((m) => ({
    role: m.role,
    content: typeof m.content === 'string' ? m.content : JSON.stringify(m.content),
  }));
}

describe('the build check of a reply', () => {
  it('asks the model to fix the errors in the same reply and commits one version with the fixed files', async () => {
    const before = await versionsOf(env.t, env.owner, env.appId);
    env.fake.reply(
      { chunks: ['Adding the page.\n', broken] },
      { chunks: ['Defined the count.\n', fixedPage] },
    );
    const { chunks } = await send(env.t, env.owner, env.appId, { text: 'Add contacts' });

    expect(checksOf(chunks).map((c) => [c.status, c.errorCount])).toEqual([
      ['checking', 0],
      ['fixing', 1],
      ['fixed', 1],
    ]);
    const fixing = checksOf(chunks)[1]!;
    expect(fixing.issues).toEqual([
      expect.objectContaining({
        file: 'pages/Contacts.tsx',
        line: 2,
        message: expect.stringContaining('contactCount'),
      }),
    ]);
    // The fixing round sees the reply so far with its outcomes, and the errors.
    expect(env.fake.completions()).toHaveLength(2);
    const fixCall = requestMessages(1);
    expect(fixCall.at(-2)).toMatchObject({
      role: 'assistant',
      content: expect.stringContaining('[add_file pages/Contacts.tsx: Add the contacts page — applied]'),
    });
    expect(fixCall.at(-1)!.content).toContain(
      "pages/Contacts.tsx:2: TS2304: Cannot find name 'contactCount'",
    );
    expect(lastResults(chunks).map((r) => [r.index, r.outcome])).toEqual([
      [0, 'applied'],
      [1, 'applied'],
    ]);

    const after = await versionsOf(env.t, env.owner, env.appId);
    expect(after.versions).toHaveLength(before.versions.length + 1);
    const files = await filesOf(env.t, env.owner, env.appId);
    expect(files.get('pages/Contacts.tsx')).toContain('<h1>Contacts</h1>');
    const { messages } = await historyOf(env.t, env.owner, env.appId);
    const reply = messages.at(-1)!;
    expect(reply.content).toContain('Adding the page.');
    expect(reply.content).toContain('Defined the count.');
    expect(reply.parts).toContainEqual(
      expect.objectContaining({
        type: `data-${BUILD_CHECK_PART}`,
        data: expect.objectContaining({ status: 'fixed' }),
      }),
    );
    // Both calls are the reply's usage.
    const rows = await env.t.deps.database.db.select().from(llmUsage).where(eq(llmUsage.messageId, reply.id));
    expect(rows).toHaveLength(2);
    expect(reply.annotations[0]!.usage!.promptTokens).toBe(rows[0]!.promptTokens + rows[1]!.promptTokens);
  });

  it(`says plainly what is still broken after ${BUILD_FIX_ROUNDS} rounds, and the next request tells the model`, async () => {
    env.fake.reply({ chunks: [broken] }, { chunks: [broken] }, { chunks: [broken] });
    const { chunks } = await send(env.t, env.owner, env.appId, { text: 'Add contacts' });
    const statuses = checksOf(chunks).map((c) => c.status);
    expect(statuses).toEqual(['checking', 'fixing', 'fixing', 'failed']);
    const last = checksOf(chunks).at(-1)!;
    expect(last).toMatchObject({ rounds: BUILD_FIX_ROUNDS, errorCount: 1 });
    expect(last.issues[0]!.message).toContain('contactCount');
    expect(env.fake.completions()).toHaveLength(1 + BUILD_FIX_ROUNDS);
    // The version is kept (with the error), once.
    const files = await filesOf(env.t, env.owner, env.appId);
    expect(files.get('pages/Contacts.tsx')).toContain('contactCount');

    // A failed edit is a failure for the model, and the error left is in the history it reads.
    env.fake.reply({
      chunks: [
        serializeAction({
          type: 'partial_edit',
          path: 'pages/Contacts.tsx',
          title: 'Rename',
          edits: [{ search: 'not in the file', replace: 'anything' }],
        }),
      ],
    });
    await send(env.t, env.owner, env.appId, { text: 'Rename it' });
    env.fake.reply({ chunks: ['OK.'] });
    await send(env.t, env.owner, env.appId, { text: 'Why?' });
    const history = requestMessages(env.fake.completions().length - 1).filter((m) => m.role === 'assistant');
    expect(history[0]!.content).toContain('(After this reply the app still did not build:');
    expect(history[0]!.content).toContain("Cannot find name 'contactCount'");
    expect(history[1]!.content).toMatch(/\[partial_edit pages\/Contacts\.tsx: Rename — FAILED: .+\]/);
  });

  it('a reply whose code builds is checked once and not sent back', async () => {
    env.fake.reply({ chunks: [fixedPage] });
    const { chunks } = await send(env.t, env.owner, env.appId, { text: 'Add contacts' });
    expect(checksOf(chunks).map((c) => c.status)).toEqual(['checking', 'passed']);
    expect(env.fake.completions()).toHaveLength(1);
  });
});
