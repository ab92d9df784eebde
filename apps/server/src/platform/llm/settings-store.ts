import { modelInfoSchema } from '@atelier/shared';
import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import { systemSettings } from '../db/schema/index.ts';
import type { PublicModel } from './catalogue.ts';

/** system_settings keys of the AI layer. */
export const SETTINGS_KEY = 'llm.settings';
export const PUBLIC_MODELS_KEY = 'llm.public-models';

/** What an admin saved on the settings screen (every field optional: absent means "use the default"). */
const storedSettingsSchema = z.object({
  defaultModel: z.string().nullish(),
  openaiBaseUrl: z.string().nullish(),
  anthropicBaseUrl: z.string().nullish(),
  /** API keys entered by an admin, sealed with the secret box (never stored or logged in clear). */
  openaiApiKey: z.string().nullish(),
  anthropicApiKey: z.string().nullish(),
  catalogue: z.array(modelInfoSchema).nullish(),
});
export type StoredSettings = z.infer<typeof storedSettingsSchema>;

const publicModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  contextLength: z.number().nullable(),
  inputPrice: z.number(),
  outputPrice: z.number(),
  cacheReadPrice: z.number().nullable(),
  cacheWritePrice: z.number().nullable(),
});
const storedPublicModelsSchema = z.object({
  url: z.string(),
  fetchedAt: z.string(),
  models: z.array(publicModelSchema),
});
export type StoredPublicModels = z.infer<typeof storedPublicModelsSchema>;

export interface LlmState {
  settings: StoredSettings;
  publicModels: StoredPublicModels | undefined;
  publicList: readonly PublicModel[];
}

/**
 * Reads and writes the AI layer's settings in `system_settings`. Reads are cached for `ttlMs` so
 * that a model call does not wait for the database; a write clears this instance's cache at once
 * and other instances pick it up within `ttlMs` (the database stays the only source of truth).
 */
export function createSettingsStore(database: Database, ttlMs: number) {
  let cached: { state: LlmState; at: number } | undefined;
  let loading: Promise<LlmState> | undefined;

  async function read(): Promise<LlmState> {
    const rows = await database.db
      .select({ key: systemSettings.key, value: systemSettings.value })
      .from(systemSettings)
      .where(inArray(systemSettings.key, [SETTINGS_KEY, PUBLIC_MODELS_KEY]));
    const byKey = new Map(rows.map((row) => [row.key, row.value]));
    const settings = storedSettingsSchema.safeParse(byKey.get(SETTINGS_KEY) ?? {});
    const publicModels = storedPublicModelsSchema.safeParse(byKey.get(PUBLIC_MODELS_KEY));
    return {
      settings: settings.success ? settings.data : {},
      publicModels: publicModels.success ? publicModels.data : undefined,
      publicList: publicModels.success ? publicModels.data.models : [],
    };
  }

  async function write(key: string, value: unknown): Promise<void> {
    await database.db
      .insert(systemSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: systemSettings.key, set: { value, updatedAt: sql`now()` } });
    cached = undefined;
  }

  return {
    async load(): Promise<LlmState> {
      if (cached && performance.now() - cached.at < ttlMs) return cached.state;
      loading ??= read().then(
        (state) => {
          cached = { state, at: performance.now() };
          loading = undefined;
          return state;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    async saveSettings(settings: StoredSettings): Promise<void> {
      await write(SETTINGS_KEY, storedSettingsSchema.parse(settings));
    },
    async savePublicModels(value: StoredPublicModels): Promise<void> {
      await write(PUBLIC_MODELS_KEY, value);
    },
    invalidate() {
      cached = undefined;
    },
  };
}

export type SettingsStore = ReturnType<typeof createSettingsStore>;
