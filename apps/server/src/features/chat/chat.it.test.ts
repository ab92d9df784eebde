import {
  CHAT_MESSAGES,
  LLM_ERROR_MESSAGE,
  parseActionReply,
  SEARCH_REPLACE_MESSAGES,
  serializeAction,
} from '@atelier/shared';
import { describe, expect, it } from 'vitest';
import {
  createGenApp,
  filesOf,
  finishMetadata,
  historyOf,
  lastResults,
  resultsOf,
  send,
  setUpChatSuite,
  versionsOf,
} from '../../../test/support/chat.ts';
import { tokenCounter } from '../../platform/llm/tokens.ts';
import { templateSourceOf } from '../apps/template/index.ts';
import { chatRuntime } from './chat.module.ts';

const env = setUpChatSuite();

const contactsPage = serializeAction({
  type: 'add_file',
  path: 'pages/Contacts.tsx',
  title: 'Add the contacts page',
  content: 'export default function Contacts() {\n  return <h1>Contacts</h1>;\n}\n',
});
const navEdit = serializeAction({
  type: 'partial_edit',
  path: 'Layout.tsx',
  title: 'Link the contacts page',
  edits: [
    {
      search: "const NAV_ITEMS = [{ to: '/', label: 'Home' }];",
      replace:
        "const NAV_ITEMS = [\n  { to: '/', label: 'Home' },\n  { to: '/contacts', label: 'Contacts' },\n];",
    },
  ],
});
const contactEntity = serializeAction({
  type: 'add_entity',
  entity: 'Contact',
  title: 'Contact entity',
  schema: {
    name: 'Contact',
    type: 'object',
    properties: { name: { type: 'string' }, email: { type: 'string', format: 'email' } },
    rls: { read: 'creator', write: 'creator' },
  },
});
const removeItem = serializeAction({ type: 'delete_file', path: 'entities/Item.json', title: 'Remove Item' });
const addConfetti = serializeAction({
  type: 'add_package',
  package: 'canvas-confetti',
  version: '^1.9.0',
  title: 'Add canvas-confetti',
});

/** Cuts a text into chunks of `size` characters (the provider's deltas). */
const chunked = (text: string, size = 17) =>
  Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));

describe('chat replies with actions (env.fake provider)', () => {
  it('a reply with several actions yields exactly one new version with the right files', async () => {
    const before = await versionsOf(env.t, env.owner, env.appId);
    const reply = `Here is your CRM.\n\n${contactEntity}\n${contactsPage}\n${navEdit}\n${removeItem}\n${addConfetti}\n\nDone!`;
    env.fake.reply({ chunks: chunked(reply), usage: { prompt_tokens: 1000, completion_tokens: 200 } });

    const { res, chunks } = await send(env.t, env.owner, env.appId, {
      text: 'Add contacts',
      userMessageId: 'u-1',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(chunks[0]).toMatchObject({ type: 'start' });
    expect(
      chunks
        .filter((c) => c.type === 'text-delta')
        .map((c) => c.delta)
        .join(''),
    ).toBe(reply);
    expect(lastResults(chunks).map((r) => [r.type, r.outcome])).toEqual([
      ['add_entity', 'applied'],
      ['add_file', 'applied'],
      ['partial_edit', 'applied'],
      ['delete_file', 'applied'],
      ['add_package', 'applied'],
    ]);

    const after = await versionsOf(env.t, env.owner, env.appId);
    expect(after.versions).toHaveLength(before.versions.length + 1);
    const version = after.versions[0]!;
    expect(version.messageId).toBe('u-1');
    expect(after.currentVersionId).toBe(version.id);
    const files = await filesOf(env.t, env.owner, env.appId, version.id);
    expect(files.get('pages/Contacts.tsx')).toContain('<h1>Contacts</h1>');
    expect(files.get('Layout.tsx')).toContain("{ to: '/contacts', label: 'Contacts' }");
    expect(JSON.parse(files.get('entities/Contact.json')!)).toMatchObject({
      name: 'Contact',
      rls: { read: 'creator' },
    });
    expect(files.has('entities/Item.json')).toBe(false);
    // The model's add_package names the package in package.json (the next build installs it).
    expect(JSON.parse(files.get('package.json')!)).toMatchObject({
      dependencies: { 'canvas-confetti': '^1.9.0' },
    });

    const { messages } = await historyOf(env.t, env.owner, env.appId);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    const [user, assistant] = messages;
    expect(user!.annotations[0]).toMatchObject({ versionId: version.id, replyMessageId: assistant!.id });
    expect(assistant!.content).toBe(reply);
    expect(assistant!.annotations[0]).toMatchObject({
      versionId: version.id,
      userMessageId: 'u-1',
      usage: {
        promptTokens: 1000,
        completionTokens: 200,
        totalTokens: 1200,
        modelInfo: { model: 'gpt-4o-mini' },
      },
    });
    expect(assistant!.annotations[0]!.usage!.totalCost).toBeGreaterThan(0);
    expect(finishMetadata(chunks)).toMatchObject({ versionId: version.id });
    // Each applied action is a tool invocation in the spec's shape (issue 23 #18).
    expect(assistant!.parts.filter((part) => part.type === 'tool-invocation')).toHaveLength(5);
    expect(assistant!.toolInvocations.map((call) => [call.toolName, call.state])).toEqual([
      ['add_entity', 'result'],
      ['add_file', 'result'],
      ['partial_edit', 'result'],
      ['delete_file', 'result'],
      ['add_package', 'result'],
    ]);
    expect(assistant!.toolInvocations[0]).toMatchObject({
      toolCallId: 'action-0',
      args: { title: 'Contact entity', entity: 'Contact' },
      result: { type: 'add_entity', outcome: 'applied' },
    });
  });

  it("adds the template's shadcn/ui file a reply imports and the app lacks", async () => {
    const drop = serializeAction({
      type: 'delete_file',
      path: 'components/ui/alert-dialog.jsx',
      title: 'Remove the alert dialog',
    });
    env.fake.reply({ chunks: [`Removed.\n\n${drop}`] });
    await send(env.t, env.owner, env.appId, { text: 'Remove the alert dialog', userMessageId: 'u-tpl-1' });
    const page = serializeAction({
      type: 'add_file',
      path: 'pages/Danger.jsx',
      title: 'Danger zone',
      content:
        "import { AlertDialog, AlertDialogTrigger } from '@/components/ui/alert-dialog';\nexport default function Danger() {\n  return <AlertDialog><AlertDialogTrigger>Delete</AlertDialogTrigger></AlertDialog>;\n}\n",
    });
    env.fake.reply({ chunks: [`Here it is.\n\n${page}`] });
    await send(env.t, env.owner, env.appId, { text: 'Add a danger zone', userMessageId: 'u-tpl-2' });
    const versions = await versionsOf(env.t, env.owner, env.appId);
    const [latest, previous] = versions.versions;
    expect(previous!.messageId).toBe('u-tpl-1');
    expect(
      (await filesOf(env.t, env.owner, env.appId, previous!.id)).has('components/ui/alert-dialog.jsx'),
    ).toBe(false);
    const files = await filesOf(env.t, env.owner, env.appId, latest!.id);
    expect(latest!.messageId).toBe('u-tpl-2');
    expect(files.get('pages/Danger.jsx')).toContain('AlertDialogTrigger');
    expect(files.get('components/ui/alert-dialog.jsx')).toBe(
      templateSourceOf('components/ui/alert-dialog.jsx'),
    );
  });

  it('gives the same version however the provider cuts the text', async () => {
    const reply = `${contactsPage}\n${navEdit}`;
    env.fake.reply({ chunks: [...reply] });
    await send(env.t, env.owner, env.appId, { text: 'Add contacts' });
    const one = await filesOf(env.t, env.owner, env.appId);
    const other = await createGenApp(env.t, env.owner);
    env.fake.reply({ chunks: [reply] });
    await send(env.t, env.owner, other, { text: 'Add contacts' });
    expect(await filesOf(env.t, env.owner, other)).toEqual(one);
  });

  it('a truncated stream applies only the complete actions and offers the continue button', async () => {
    const reply = `Working on it.\n${contactsPage}\n${navEdit.slice(0, navEdit.length - 40)}`;
    env.fake.reply({ chunks: chunked(reply), finishReason: 'length' });
    const { chunks } = await send(env.t, env.owner, env.appId, { text: 'Add contacts' });

    expect(lastResults(chunks).map((r) => [r.type, r.outcome, r.message])).toEqual([
      ['add_file', 'applied', undefined],
      ['partial_edit', 'not_applied', CHAT_MESSAGES.notAppliedTruncated],
    ]);
    const files = await filesOf(env.t, env.owner, env.appId);
    expect(files.has('pages/Contacts.tsx')).toBe(true);
    expect(files.get('Layout.tsx')).not.toContain('/contacts');
    const { messages } = await historyOf(env.t, env.owner, env.appId);
    // The client reads the stored text as truncated: it shows 'Too long output…' and "Let's keep going".
    expect(parseActionReply(messages[1]!.content).truncated).toBe(true);

    env.fake.reply({ chunks: [navEdit] });
    await send(env.t, env.owner, env.appId, { text: CHAT_MESSAGES.continuePrompt });
    expect((await filesOf(env.t, env.owner, env.appId)).get('Layout.tsx')).toContain('/contacts');
    const sent = env.fake.completions().at(-1)!.body as { messages: { role: string; content: unknown }[] };
    expect(JSON.stringify(sent.messages.at(-1))).toContain(CHAT_MESSAGES.continuePrompt);
    // The model reads what happened to its actions: the cut one was not applied (issue 21 §5).
    const earlier = JSON.stringify(sent.messages.at(-2));
    expect(earlier).toContain('[add_file pages/Contacts.tsx: Add the contacts page — applied]');
    expect(earlier).toContain(
      `[partial_edit Layout.tsx: Link the contacts page — NOT APPLIED: ${CHAT_MESSAGES.notAppliedTruncated}]`,
    );
  });

  it('reports partial-edit blocks that do not match and applies nothing of that edit', async () => {
    const badEdit = serializeAction({
      type: 'partial_edit',
      path: 'Layout.tsx',
      title: 'Edit nav',
      edits: [
        { search: 'const APP_NAME', replace: 'const APP_TITLE' },
        { search: 'const NOT_THERE = 1;', replace: 'x' },
      ],
    });
    const before = await versionsOf(env.t, env.owner, env.appId);
    env.fake.reply({ chunks: [`Editing.\n${badEdit}`] });
    const { chunks } = await send(env.t, env.owner, env.appId, { text: 'Rename' });
    const [result] = lastResults(chunks);
    expect(result).toMatchObject({
      type: 'partial_edit',
      outcome: 'failed',
      message: SEARCH_REPLACE_MESSAGES.notFound(2, 'Layout.tsx'),
      details: [SEARCH_REPLACE_MESSAGES.notFound(2, 'Layout.tsx')],
    });
    expect((await versionsOf(env.t, env.owner, env.appId)).versions).toHaveLength(before.versions.length);
    expect((await filesOf(env.t, env.owner, env.appId)).get('Layout.tsx')).toContain('const APP_NAME');
    const { messages } = await historyOf(env.t, env.owner, env.appId);
    expect(resultsOf(messages[1]!)[0]!.outcome).toBe('failed');
  });

  it('matches a partial edit whose whitespace differs from the file', async () => {
    const edit = serializeAction({
      type: 'partial_edit',
      path: 'Layout.tsx',
      title: 'Wider main',
      edits: [
        {
          search: '<main className="mx-auto max-w-5xl   px-4 py-8 sm:px-6 sm:py-10">{children}</main>',
          replace: '<main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">{children}</main>',
        },
      ],
    });
    env.fake.reply({ chunks: [edit] });
    const { chunks } = await send(env.t, env.owner, env.appId, { text: 'Wider' });
    expect(lastResults(chunks)[0]!.outcome).toBe('applied');
    expect((await filesOf(env.t, env.owner, env.appId)).get('Layout.tsx')).toContain(
      '      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">{children}</main>',
    );
  });

  it('a failed reply shows the error text, keeps nothing half-applied and can be retried', async () => {
    const before = await versionsOf(env.t, env.owner, env.appId);
    // The provider fails while the page's action is being written: nothing had completed.
    env.fake.reply({
      chunks: ['Adding the page.\n', contactsPage.slice(0, 60), contactsPage.slice(60)],
      failAfter: { chunks: 2, mode: 'error-event' },
    });
    const { chunks } = await send(env.t, env.owner, env.appId, {
      text: 'Add contacts',
      userMessageId: 'u-fail',
    });
    expect(chunks.find((c) => c.type === 'error')).toMatchObject({ errorText: LLM_ERROR_MESSAGE });
    expect(lastResults(chunks).filter((r) => r.outcome === 'applied')).toEqual([]);
    expect((await versionsOf(env.t, env.owner, env.appId)).versions).toHaveLength(before.versions.length);
    let { messages } = await historyOf(env.t, env.owner, env.appId);
    expect(messages[1]!.annotations[0]).toMatchObject({ status: 'failed', versionId: null });

    env.fake.reply({ chunks: [contactsPage] });
    const retry = await send(env.t, env.owner, env.appId, { text: '', retry: true, messageId: 'u-fail' });
    expect(retry.res.status).toBe(200);
    ({ messages } = await historyOf(env.t, env.owner, env.appId));
    expect(messages.map((m) => [m.role, m.content.slice(0, 12)])).toEqual([
      ['user', 'Add contacts'],
      ['assistant', contactsPage.slice(0, 12)],
    ]);
    expect(messages.some((m) => m.id === 'u-fail')).toBe(false);
    expect((await filesOf(env.t, env.owner, env.appId)).has('pages/Contacts.tsx')).toBe(true);
  });

  it('a reply that fails after an action completed keeps it in one version, as Stop does; the cut one is dropped', async () => {
    const before = await versionsOf(env.t, env.owner, env.appId);
    const cut = navEdit.slice(0, navEdit.length - 40);
    env.fake.reply({
      chunks: [contactsPage, cut, 'the rest'],
      failAfter: { chunks: 2, mode: 'error-event' },
    });
    const { chunks } = await send(env.t, env.owner, env.appId, {
      text: 'Add contacts',
      userMessageId: 'u-half',
    });
    expect(chunks.find((c) => c.type === 'error')).toMatchObject({ errorText: LLM_ERROR_MESSAGE });
    expect(lastResults(chunks).map((r) => [r.type, r.outcome, r.message])).toEqual([
      ['add_file', 'applied', undefined],
      ['partial_edit', 'not_applied', CHAT_MESSAGES.notAppliedFailedReply],
    ]);
    const after = await versionsOf(env.t, env.owner, env.appId);
    expect(after.versions).toHaveLength(before.versions.length + 1);
    const files = await filesOf(env.t, env.owner, env.appId);
    expect(files.has('pages/Contacts.tsx')).toBe(true);
    expect(files.get('Layout.tsx')).not.toContain('/contacts');
    const reply = (await historyOf(env.t, env.owner, env.appId)).messages.at(-1)!;
    expect(reply.annotations[0]).toMatchObject({ status: 'failed', versionId: after.currentVersionId });
    // The stored text ends with the completed action: nothing of the cut one is shown as truncated.
    expect(reply.content).not.toContain('Link the contacts page');
    expect(parseActionReply(reply.content).truncated).toBe(false);
  });

  it('refuses to retry a message that is not the last one', async () => {
    env.fake.reply({ chunks: ['One'] }, { chunks: ['Two'] });
    await send(env.t, env.owner, env.appId, { text: 'first', userMessageId: 'r-1' });
    await send(env.t, env.owner, env.appId, { text: 'second', userMessageId: 'r-2' });
    const { res } = await send(env.t, env.owner, env.appId, { text: '', retry: true, messageId: 'r-1' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { message: CHAT_MESSAGES.retryLastOnly } });
  });

  it('stores the reply and its version when the client disconnects mid-stream', async () => {
    env.fake.reply({ chunks: chunked(`${contactsPage}\n${navEdit}`, 40), chunkDelayMs: 15 });
    const res = await env.t.app.request(`/api/apps/${env.appId}/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...env.owner.headers },
      body: JSON.stringify({ text: 'Add contacts', userMessageId: 'u-gone' }),
    });
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    await chatRuntime(env.t.deps).settled();
    const { messages } = await historyOf(env.t, env.owner, env.appId);
    expect(messages).toHaveLength(2);
    expect(messages[1]!.content).toContain('</atelier-action>');
    const files = await filesOf(env.t, env.owner, env.appId);
    expect(files.get('Layout.tsx')).toContain('/contacts');
    expect(env.fake.completions().at(-1)!.aborted).toBe(false);
  });

  it('in discuss mode answers without applying actions, shown as not applied', async () => {
    const before = await versionsOf(env.t, env.owner, env.appId);
    env.fake.reply({ chunks: [`You could add a page:\n${contactsPage}`] });
    const { chunks } = await send(env.t, env.owner, env.appId, {
      text: 'How would you add contacts?',
      discuss: true,
    });
    expect(lastResults(chunks)).toMatchObject([
      { outcome: 'not_applied', message: CHAT_MESSAGES.notAppliedDiscuss },
    ]);
    expect((await versionsOf(env.t, env.owner, env.appId)).versions).toHaveLength(before.versions.length);
    const system = (env.fake.completions().at(-1)!.body as { messages: { role: string; content: string }[] })
      .messages[0]!;
    expect(system.content).toContain('discuss mode');
    const { messages } = await historyOf(env.t, env.owner, env.appId);
    expect(messages.map((m) => m.annotations[0]!.discussModeMetadata)).toEqual([
      { isDiscussMode: true },
      { isDiscussMode: true },
    ]);
  });

  it('opens the secrets dialog for request_secrets and adds records to the app database', async () => {
    const secrets = serializeAction({
      type: 'request_secrets',
      title: 'Stripe',
      secrets: [{ secretName: 'STRIPE_KEY', description: 'Your Stripe secret key', required: true }],
    });
    const records = serializeAction({
      type: 'insert_entity_records',
      entity: 'Item',
      title: 'Sample items',
      records: [{ name: 'One' }, { name: 'Two', status: 'done' }],
    });
    const badRecords = serializeAction({
      type: 'insert_entity_records',
      entity: 'Item',
      title: 'Bad items',
      records: [{ status: 'done' }],
    });
    const importing = serializeAction({
      type: 'import_entities',
      entity: 'Item',
      source: 'items.csv',
      title: 'Import items',
      mappings: [{ csvHeader: 'Name', schemaField: 'name', dataType: 'string' }],
    });
    env.fake.reply({ chunks: [`${secrets}\n${records}\n${badRecords}\n${importing}`] });
    const { chunks } = await send(env.t, env.owner, env.appId, { text: 'Connect Stripe' });
    const results = lastResults(chunks);
    expect(results[0]).toMatchObject({
      type: 'request_secrets',
      outcome: 'applied',
      secrets: [{ secretName: 'STRIPE_KEY', description: 'Your Stripe secret key', required: true }],
    });
    expect(results[1]).toMatchObject({ outcome: 'applied', message: CHAT_MESSAGES.insertedRecords(2) });
    // A record the entity refuses (name is required): none of that action's records is added.
    expect(results[2]).toMatchObject({ outcome: 'failed' });
    expect(results[3]).toMatchObject({ outcome: 'not_applied', message: CHAT_MESSAGES.notAppliedImport });
    const res = await env.t.app.request(`/api/apps/${env.appId}/entities/Item`, {
      headers: env.owner.headers,
    });
    const rows = (await res.json()) as { name: string }[];
    expect(rows.map((r) => r.name).sort()).toEqual(['One', 'Two']);
  });

  it('sends the app files and data-source passages, and records the context of the reply', async () => {
    const layoutBefore = (await filesOf(env.t, env.owner, env.appId)).get('Layout.tsx')!;
    env.fake.reply({ chunks: [navEdit] });
    await send(env.t, env.owner, env.appId, { text: 'Link a contacts page in the navigation' });
    const body = env.fake.completions().at(-1)!.body as {
      messages: { role: string; content: string }[];
      max_tokens?: number;
    };
    expect(body.messages[0]!.content).toContain('<app-file path="Layout.tsx">');
    // The reply may be as long as the model allows (the catalogue's GPT-4o mini: 16,384), not the
    // server's default (16 tokens on some OpenAI-compatible servers).
    expect(body.max_tokens).toBe(16_384);
    const { messages } = await historyOf(env.t, env.owner, env.appId);
    const annotation = messages[1]!.annotations[0]!;
    expect(annotation.contextFiles!.map((f) => f.filePath)).toContain('Layout.tsx');
    const layout = annotation.contextMetadata!.retrievedFiles.find((f) => f.filePath === 'Layout.tsx')!;
    expect(layout).toMatchObject({ retrievalMethods: ['full_context'] });
    // Counted with the model's tokenizer (GPT-4o mini: o200k_base), issue 21 §6.
    const { count } = await tokenCounter({ id: 'gpt-4o-mini', provider: 'openai' });
    expect(layout.tokenEstimation).toBe(count(layoutBefore));
    expect(annotation.contextMetadata).toMatchObject({
      relevantFiles: ['Layout.tsx'],
      evals: { full_context: { recall: 1 } },
      query: 'Link a contacts page in the navigation',
    });
  });
});
