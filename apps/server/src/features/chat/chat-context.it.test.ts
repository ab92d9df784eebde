import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/support/accounts.ts';
import { finishMetadata, historyOf, send, setUpChatSuite } from '../../../test/support/chat.ts';
import { chatSummaries, llmUsage } from '../../platform/db/schema/index.ts';
import { tokenCounter } from '../../platform/llm/tokens.ts';
import { chatRuntime } from './chat.module.ts';
import { HISTORY_FOR_MODEL } from './model-messages.ts';

/** Issue 21 §6: the prompt within the model's window. */
const env = setUpChatSuite();

const systemOf = (index: number) => {
  const messages = env.fake.completions()[index]!.body!.messages as { role: string; content: string }[];
  return messages.find((m) => m.role === 'system')!.content;
};

describe("the prompt within the model's window", () => {
  it('retries once with a smaller prompt when the provider says it is too long', async () => {
    env.fake.reply(
      { status: 400, errorMessage: "This model's maximum context length is 128000 tokens." },
      { chunks: ['Fine now.'] },
    );
    const { chunks } = await send(env.t, env.owner, env.appId, { text: 'Add contacts' });
    expect(finishMetadata(chunks)).not.toHaveProperty('status');
    expect(env.fake.completions()).toHaveLength(2);
    // Half of what was sent the first time: fewer files.
    expect(systemOf(1).length).toBeLessThan(systemOf(0).length * 0.75);
    const { messages } = await historyOf(env.t, env.owner, env.appId);
    expect(messages.at(-1)).toMatchObject({ content: 'Fine now.' });
    expect(messages.at(-1)!.annotations[0]!.contextMetadata!.belowThresholdFiles.length).toBeGreaterThan(0);
  });

  it('a second context-length error fails the reply (one retry only)', async () => {
    const tooLong = { status: 400, errorMessage: "This model's maximum context length is 128000 tokens." };
    env.fake.reply(tooLong, tooLong);
    const { chunks } = await send(env.t, env.owner, env.appId, { text: 'Add contacts' });
    expect(finishMetadata(chunks)).toMatchObject({ status: 'failed', error: { reason: 'context_too_long' } });
    expect(env.fake.completions()).toHaveLength(2);
  });

  it('summarises the messages older than those sent in full, keeps the summary and extends it', async () => {
    const repo = chatRuntime(env.t.deps).repo;
    for (let i = 1; i <= HISTORY_FOR_MODEL + 4; i++) {
      await repo.insertMessage({
        id: `old-${env.appId}-${i}`,
        appId: env.appId,
        role: i % 2 ? 'user' : 'assistant',
        content: i % 2 ? `Request number ${i}` : `Answer number ${i}`,
        parts: [],
        annotations: {},
      });
    }
    env.fake.reply({ chunks: ['One.'] });
    await send(env.t, env.owner, env.appId, { text: 'Next' });
    const system = systemOf(0);
    expect(system).toContain('The earlier conversation, summarised');
    expect(system).toContain('- Builder: Request number 1\n- Assistant: Answer number 2');
    expect(system).not.toContain(`Request number ${HISTORY_FOR_MODEL + 3}\n`);
    const [stored] = await env.t.deps.database.db
      .select()
      .from(chatSummaries)
      .where(eq(chatSummaries.appId, env.appId));
    expect(stored!.summary.split('\n')).toHaveLength(4);

    // Two messages later the summary has grown by the two that left the window.
    env.fake.reply({ chunks: ['Two.'] });
    await send(env.t, env.owner, env.appId, { text: 'And next' });
    const [grown] = await env.t.deps.database.db
      .select()
      .from(chatSummaries)
      .where(eq(chatSummaries.appId, env.appId));
    expect(grown!.summary.split('\n')).toHaveLength(6);
    expect(grown!.throughSeq).toBeGreaterThan(stored!.throughSeq);
    expect(systemOf(1)).toContain('- Builder: Request number 5');
  });
});

describe('honest accounting (issue 21 §11)', () => {
  it('counts the tokens with the tokenizer, marked estimated, when the provider sends no usage', async () => {
    env.fake.reply({ chunks: ['Here is ', 'a reply without usage.'], usage: null });
    await send(env.t, env.owner, env.appId, { text: 'Add contacts' });
    const { messages } = await historyOf(env.t, env.owner, env.appId);
    const usage = messages.at(-1)!.annotations[0]!.usage!;
    expect(usage).toMatchObject({ estimated: true });
    const { count } = await tokenCounter({ id: 'gpt-4o-mini', provider: 'openai' });
    expect(usage.completionTokens).toBe(count('Here is a reply without usage.'));
    expect(usage.promptTokens).toBeGreaterThan(1000);
    expect(usage.totalCost).toBeGreaterThan(0);
    const [row] = await env.t.deps.database.db
      .select()
      .from(llmUsage)
      .where(eq(llmUsage.messageId, messages.at(-1)!.id));
    expect(row).toMatchObject({ tokensEstimated: true, priceKnown: true });
  });

  it('a model that nothing prices is "price unknown", not $0, in the chat and the admin usage table', async () => {
    const put = await env.t.app.request(
      '/api/admin/llm/settings',
      json('PUT', { defaultModel: 'my-local-model' }, env.owner.headers),
    );
    expect(put.status).toBe(200);
    try {
      env.fake.reply({ chunks: ['Priced?'] });
      await send(env.t, env.owner, env.appId, { text: 'Add contacts' });
      const { messages } = await historyOf(env.t, env.owner, env.appId);
      expect(messages.at(-1)!.annotations[0]!.usage).toMatchObject({ priceUnknown: true, totalCost: 0 });
      expect(messages.at(-1)!.annotations[0]!.usage).not.toHaveProperty('estimated');
      const table = await env.t.app.request(`/api/admin/llm/usage?appId=${env.appId}`, {
        headers: env.owner.headers,
      });
      const body = (await table.json()) as {
        messages: { messageId: string; usage: Record<string, unknown> }[];
      };
      const row = body.messages.find((m) => m.messageId === messages.at(-1)!.id)!;
      expect(row.usage).toMatchObject({ priceUnknown: true });
      expect(row.usage).not.toHaveProperty('estimated');
    } finally {
      await env.t.app.request(
        '/api/admin/llm/settings',
        json('PUT', { defaultModel: null }, env.owner.headers),
      );
    }
  });
});
