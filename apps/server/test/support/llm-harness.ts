import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { createOfflineModel } from '../../src/features/offline-assistant/offline-model.ts';
import { createSecretBox } from '../../src/platform/crypto/secret-box.ts';
import type { Database } from '../../src/platform/db/database.ts';
import { llmUsage, systemSettings } from '../../src/platform/db/schema/index.ts';
import { createLlm, type Llm, type LlmOptions } from '../../src/platform/llm/index.ts';
import { type FakeProvider, startFakeOpenAI } from './fake-openai.ts';
import { testConfig } from './test-config.ts';
import { createTestDatabase, silentLogger } from './test-db.ts';

export interface LlmHarness {
  llm: Llm;
  database: Database;
  fake: FakeProvider;
  /** Rebuilds the layer on the same database with other settings. */
  rebuild(env?: Record<string, string>, options?: Partial<LlmOptions>): Llm;
  usageRows(): Promise<(typeof llmUsage.$inferSelect)[]>;
  usageRowsOfMessage(messageId: string): Promise<(typeof llmUsage.$inferSelect)[]>;
  /** Between tests: empties llm_usage and the system settings, resets the fake provider. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The AI layer on a fresh test database with a fake OpenAI-compatible provider as its only
 * provider (OPENAI_API_KEY=test-key, OPENAI_BASE_URL=the fake), fast retries and no settings cache.
 */
export async function createLlmHarness(env: Record<string, string> = {}): Promise<LlmHarness> {
  const fake = await startFakeOpenAI();
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-llm-'));
  const secretBox = createSecretBox({ config: { dataDir, secretsKey: undefined } });
  const build = (extraEnv: Record<string, string> = {}, options: Partial<LlmOptions> = {}) =>
    createLlm({
      config: testConfig(dataDir, {
        OPENAI_API_KEY: 'test-key',
        OPENAI_BASE_URL: fake.baseUrl,
        LLM_TIMEOUT_MS: '5000',
        ...env,
        ...extraEnv,
      }),
      database,
      logger: silentLogger,
      secretBox,
      offlineModel: createOfflineModel,
      retry: { maxRetries: 2, baseDelayMs: 5, maxDelayMs: 50 },
      settingsTtlMs: 0,
      ...options,
    });
  const llm = build();
  return {
    llm,
    database,
    fake,
    rebuild: build,
    usageRows: () => database.db.select().from(llmUsage).orderBy(llmUsage.createdAt),
    usageRowsOfMessage: (messageId) =>
      database.db
        .select()
        .from(llmUsage)
        .where(eq(llmUsage.messageId, messageId))
        .orderBy(llmUsage.createdAt),
    async reset() {
      fake.reset();
      await database.db.delete(llmUsage);
      await database.db.delete(systemSettings);
    },
    async close() {
      await fake.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Reads a text stream to its end, collecting the deltas and the error that ended it, if any. */
export async function drain(stream: AsyncIterable<string>): Promise<{ deltas: string[]; error: unknown }> {
  const deltas: string[] = [];
  try {
    for await (const delta of stream) deltas.push(delta);
    return { deltas, error: undefined };
  } catch (error) {
    return { deltas, error };
  }
}
