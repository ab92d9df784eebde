/**
 * The builder's debounced saving (spec 2 §7 "App saving", spec 3 §4 "Saving"): edits are queued
 * as a partial object, merged with the edits still waiting, and sent once nothing changed for
 * `delayMs` (2000 ms). `flush()` sends at once (route change, page leave). A failed save puts its
 * changes back under any newer ones and reports the error, so nothing typed is dropped.
 */
export type SavePatch = Record<string, unknown>;

const NESTED = new Set(['style', 'settings']);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `newer` over `older`; the nested style and settings objects merge per key. */
export function mergePatches(older: SavePatch, newer: SavePatch): SavePatch {
  const merged: SavePatch = { ...older };
  for (const [key, value] of Object.entries(newer)) {
    const previous = merged[key];
    merged[key] =
      NESTED.has(key) && isObject(previous) && isObject(value) ? { ...previous, ...value } : value;
  }
  return merged;
}

export interface SaveQueueOptions {
  delayMs: number;
  send: (patch: SavePatch) => Promise<void>;
  onError: (error: unknown, patch: SavePatch) => void;
  /** Told whenever there starts or stops being something unsaved. */
  onPendingChange?: (pending: boolean) => void;
}

export interface SaveQueue {
  enqueue(patch: SavePatch): void;
  flush(): Promise<void>;
  hasPending(): boolean;
  dispose(): void;
}

export function createSaveQueue(options: SaveQueueOptions): SaveQueue {
  let waiting: SavePatch | null = null;
  let inFlight: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastPending = false;

  const pendingNow = () => waiting !== null || inFlight !== null;
  const report = () => {
    const pending = pendingNow();
    if (pending !== lastPending) {
      lastPending = pending;
      options.onPendingChange?.(pending);
    }
  };
  const clearTimer = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };

  async function sendWaiting(): Promise<void> {
    clearTimer();
    if (inFlight) await inFlight;
    if (!waiting) return;
    const patch = waiting;
    waiting = null;
    inFlight = (async () => {
      try {
        await options.send(patch);
      } catch (error) {
        // Re-queue under the newer edits; the next edit or flush tries again.
        waiting = waiting ? mergePatches(patch, waiting) : patch;
        options.onError(error, patch);
      }
    })();
    report();
    await inFlight;
    inFlight = null;
    report();
  }

  return {
    enqueue(patch) {
      waiting = waiting ? mergePatches(waiting, patch) : { ...patch };
      clearTimer();
      timer = setTimeout(() => void sendWaiting(), options.delayMs);
      report();
    },
    flush: sendWaiting,
    hasPending: pendingNow,
    dispose: clearTimer,
  };
}
