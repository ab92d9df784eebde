import type { Logger } from '../logger.ts';
import type { PublicModel } from './catalogue.ts';
import type { SettingsStore } from './settings-store.ts';

/** Refresh the public model list at most this often (across instances: the fetch time is stored). */
export const PUBLIC_LIST_MAX_AGE_MS = 24 * 60 * 60 * 1000;
export const PUBLIC_LIST_TIMEOUT_MS = 5000;

interface RouterModel {
  id?: unknown;
  name?: unknown;
  context_length?: unknown;
  top_provider?: { max_completion_tokens?: unknown };
  pricing?: Record<string, unknown>;
}

/** Dollars per token (OpenRouter's strings) → dollars per 1M tokens; null when unknown or variable. */
function perMillion(value: unknown): number | null {
  const perToken = typeof value === 'string' || typeof value === 'number' ? Number(value) : Number.NaN;
  if (!Number.isFinite(perToken) || perToken < 0) return null;
  return Math.round(perToken * 1e12) / 1e6;
}

const positiveInteger = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null;

/** Reads OpenRouter's `/models` answer (`{ data: [{ id, name, context_length, pricing }] }`). */
export function parsePublicModelList(body: unknown): PublicModel[] {
  const data = (body as { data?: unknown })?.data;
  if (!Array.isArray(data)) return [];
  const models: PublicModel[] = [];
  for (const entry of data as RouterModel[]) {
    if (typeof entry?.id !== 'string' || !entry.pricing) continue;
    const inputPrice = perMillion(entry.pricing.prompt);
    const outputPrice = perMillion(entry.pricing.completion);
    if (inputPrice === null || outputPrice === null) continue;
    models.push({
      id: entry.id,
      name: typeof entry.name === 'string' ? entry.name : entry.id,
      contextLength:
        typeof entry.context_length === 'number' && entry.context_length > 0 ? entry.context_length : null,
      maxOutputTokens: positiveInteger(entry.top_provider?.max_completion_tokens),
      inputPrice,
      outputPrice,
      cacheReadPrice: perMillion(entry.pricing.input_cache_read),
      cacheWritePrice: perMillion(entry.pricing.input_cache_write),
    });
  }
  return models;
}

export interface PublicListRefresher {
  /** Fetches the list when it is older than a day (or always with `force`); never throws. */
  refresh(options?: { force?: boolean }): Promise<{ refreshed: boolean; modelCount: number }>;
  /** Refreshes once soon after start-up, then daily, in the background (timers do not hold the process). */
  start(): void;
  stop(): void;
}

export function createPublicListRefresher(options: {
  url: string | undefined;
  store: SettingsStore;
  logger: Logger;
  fetch: typeof fetch;
}): PublicListRefresher {
  const { url, store, logger } = options;
  let timers: NodeJS.Timeout[] = [];
  let running: Promise<{ refreshed: boolean; modelCount: number }> | undefined;

  async function fetchAndStore(force: boolean) {
    if (!url) return { refreshed: false, modelCount: 0 };
    const state = await store.load();
    const stored = state.publicModels;
    const age = stored ? Date.now() - Date.parse(stored.fetchedAt) : Number.POSITIVE_INFINITY;
    if (!force && stored?.url === url && age < PUBLIC_LIST_MAX_AGE_MS) {
      return { refreshed: false, modelCount: stored.models.length };
    }
    const response = await options.fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(PUBLIC_LIST_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const models = parsePublicModelList(await response.json());
    if (models.length === 0) throw new Error('the list holds no priced model');
    await store.savePublicModels({ url, fetchedAt: new Date().toISOString(), models });
    logger.info({ url, models: models.length }, 'public model list refreshed');
    return { refreshed: true, modelCount: models.length };
  }

  const refresh: PublicListRefresher['refresh'] = ({ force = false } = {}) => {
    running ??= fetchAndStore(force)
      .catch((error: unknown) => {
        // Offline or blocked: the built-in prices stay in use.
        logger.debug({ url, err: error }, 'public model list not refreshed');
        return { refreshed: false, modelCount: 0 };
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  return {
    refresh,
    start() {
      if (!url || timers.length > 0) return;
      timers = [
        setTimeout(() => void refresh(), 1000),
        setInterval(() => void refresh(), PUBLIC_LIST_MAX_AGE_MS),
      ];
      for (const timer of timers) timer.unref();
    },
    stop() {
      for (const timer of timers) clearTimeout(timer);
      timers = [];
    },
  };
}
