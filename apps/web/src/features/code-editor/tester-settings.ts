import {
  clampRepairIterations,
  DEFAULT_CUSTOM_REPAIR_MODEL,
  REPAIR_ITERATIONS,
  VALIDATION_TESTER_STORAGE,
} from '@atelier/shared';

/** The admin validation tester's settings, kept in local storage (spec 3 §5, §9). */
export interface TesterSettings {
  iterations: number;
  /** The custom repair model (default: a Gemini flash preview). */
  customModel: string;
  /** The default run's model; empty: the server's default model. */
  defaultModel: string;
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

const DEFAULT_MODEL_KEY = 'atelier.repair.defaultModel';

export function readTesterSettings(store: KeyValueStore | undefined): TesterSettings {
  const get = (key: string) => {
    try {
      return store?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const iterations = get(VALIDATION_TESTER_STORAGE.iterations);
  return {
    iterations: iterations === null ? REPAIR_ITERATIONS.default : clampRepairIterations(iterations),
    customModel: get(VALIDATION_TESTER_STORAGE.customModel) || DEFAULT_CUSTOM_REPAIR_MODEL,
    defaultModel: get(DEFAULT_MODEL_KEY) ?? '',
  };
}

/** Stores the settings, the iterations clamped to 1–5; answers what was stored. */
export function writeTesterSettings(
  store: KeyValueStore | undefined,
  settings: TesterSettings,
): TesterSettings {
  const stored = { ...settings, iterations: clampRepairIterations(settings.iterations) };
  try {
    store?.setItem(VALIDATION_TESTER_STORAGE.iterations, String(stored.iterations));
    store?.setItem(VALIDATION_TESTER_STORAGE.customModel, stored.customModel);
    store?.setItem(DEFAULT_MODEL_KEY, stored.defaultModel);
  } catch {
    // Storage full or blocked: the settings still apply to this session.
  }
  return stored;
}
