import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/support/accounts.ts';
import { finishMetadata, historyOf, send, setUpChatSuite } from '../../../test/support/chat.ts';
import { chatSummaries, llmUsage } from '../../platform/db/schema/index.ts';
import { tokenCounter } from '../../platform/llm/tokens.ts';
import { chatRuntime } from './chat.module.ts';
import { HISTORY_FOR_MODEL } from './model-messages.ts';
import { SUMMARY_MODEL_TOKENS, SUMMARY_REFRESH_MESSAGES, SUMMARY_SYSTEM_PROMPT } from './summary.ts';

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

  const insertOld = async (count: number) => {
    const repo = chatRuntime(env.t.deps).repo;
    for (let i = 1; i <= count; i++) {
      await repo.insertMessage({
        id: `old-${env.appId}-${i}`,
        appId: env.appId,
        role: i % 2 ? 'user' : 'assistant',
        content: i % 2 ? `Request number ${i}` : `Answer number ${i}`,
        parts: [],
        annotations: {},
      });
    }
  };
  const storedSummary = async () =>
    (await env.t.deps.database.db.select().from(chatSummaries).where(eq(chatSummaries.appId, env.appId)))[0];
  const bodyOf = (index: number) =>
    env.fake.completions()[index]!.body!.messages as { role: string; content: string }[];

  it('sends a line per message older than those sent in full until enough have left for the model', async () => {
    await insertOld(HISTORY_FOR_MODEL + 4);
    env.fake.reply({ chunks: ['One.'] });
    await send(env.t, env.owner, env.appId, { text: 'Next' });
    // No summarisation call for 4 messages: the reply's request carries their lines.
    expect(env.fake.completions()).toHaveLength(1);
    const system = systemOf(0);
    expect(system).toContain('The earlier conversation, summarised');
    expect(system).toContain('- Builder: Request number 1\n- Assistant: Answer number 2');
    expect(system).not.toContain(`Request number ${HISTORY_FOR_MODEL + 3}\n`);
  });

  it('has the model summarise the older messages once, keeps its summary per chat and extends it', async () => {
    await insertOld(HISTORY_FOR_MODEL + SUMMARY_REFRESH_MESSAGES);
    const written = '- The builder wants a CRM: contacts first, then deals.\n- Deals are grouped by stage.';
    env.fake.reply({ chunks: [written] }, { chunks: ['Done.'] });
    await send(env.t, env.owner, env.appId, { text: 'Add a chart of deals' });
    expect(env.fake.completions()).toHaveLength(2);
    // The summarisation call: bounded, reading the messages that left the window.
    const call = env.fake.completions()[0]!.body!;
    expect(bodyOf(0).find((m) => m.role === 'system')!.content).toBe(SUMMARY_SYSTEM_PROMPT);
    expect(call.stream).not.toBe(true);
    expect(call.max_tokens ?? call.max_completion_tokens).toBe(SUMMARY_MODEL_TOKENS);
    const asked = bodyOf(0).find((m) => m.role === 'user')!.content;
    expect(asked).toContain('Builder: Request number 1');
    expect(asked).toContain(`Assistant: Answer number ${SUMMARY_REFRESH_MESSAGES}`);
    expect(asked).not.toContain(`Request number ${SUMMARY_REFRESH_MESSAGES + 1}`);
    // Its answer is what the reply's request carries, and what is kept for the chat.
    expect(systemOf(1)).toContain(
      `The earlier conversation, summarised (its newest messages follow in full):\n${written}`,
    );
    expect(systemOf(1)).not.toContain('- Builder: Request number 1');
    expect(await storedSummary()).toMatchObject({ summary: written });
    // Accounted like any call, on the reply's usage row.
    const { messages } = await historyOf(env.t, env.owner, env.appId);
    const usage = await env.t.deps.database.db
      .select()
      .from(llmUsage)
      .where(eq(llmUsage.messageId, messages.at(-1)!.id));
    expect(usage.map((row) => row.purpose).sort()).toEqual(['chat', 'chat_summary']);

    // Two messages later: no new call, the kept summary and the two lines that left the window.
    env.fake.reply({ chunks: ['Two.'] });
    await send(env.t, env.owner, env.appId, { text: 'And next' });
    expect(env.fake.completions()).toHaveLength(3);
    expect(systemOf(2)).toContain(
      `${written}\n- Builder: Request number ${SUMMARY_REFRESH_MESSAGES + 1}\n- Assistant: Answer number ${SUMMARY_REFRESH_MESSAGES + 2}`,
    );
  });

  it('falls back to the line-per-message summary when the summarisation call fails', async () => {
    await insertOld(HISTORY_FOR_MODEL + SUMMARY_REFRESH_MESSAGES);
    env.fake.reply({ status: 400, errorMessage: 'Bad request' }, { chunks: ['Still here.'] });
    const { chunks } = await send(env.t, env.owner, env.appId, { text: 'Next' });
    expect(finishMetadata(chunks)).not.toHaveProperty('status');
    expect(systemOf(1)).toContain('- Builder: Request number 1\n- Assistant: Answer number 2');
    expect((await storedSummary())!.summary.split('\n')).toHaveLength(SUMMARY_REFRESH_MESSAGES);
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
        summary: { priceUnknown?: boolean; byModel: { model: string; priceUnknown?: boolean }[] };
        messages: { messageId: string; usage: Record<string, unknown> }[];
      };
      // The totals say so too (the AI models screen shows "price unknown", not $0).
      expect(body.summary.priceUnknown).toBe(true);
      expect(body.summary.byModel).toEqual([
        expect.objectContaining({ model: 'my-local-model', priceUnknown: true }),
      ]);
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
