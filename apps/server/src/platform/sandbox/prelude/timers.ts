/* ---------- timers (the host sleeps; each invocation's timers end with it) ---------- */
import { ASYNC, hostSleep } from './bridge.ts';

/** Bumped at the start and end of each invocation: a timer of an earlier invocation never fires. */
let generation = 0;
let nextTimer = 1;
const timers = new Map<number, true>();

/** Forgets every timer and starts a new generation (around each invocation). */
export function resetTimers(): void {
  generation++;
  timers.clear();
}

function schedule(fn: unknown, ms: unknown, args: unknown[], repeat: boolean): number {
  if (typeof fn !== 'function') throw new TypeError('Callback must be a function');
  const id = nextTimer++;
  const delay = Math.max(0, Number(ms) || 0);
  const born = generation;
  const tick = () => {
    hostSleep.apply(undefined, [delay], ASYNC).then(() => {
      if (!timers.has(id) || born !== generation) return;
      if (!repeat) timers.delete(id);
      try {
        fn(...args);
      } finally {
        if (repeat && timers.has(id)) tick();
      }
    });
  };
  timers.set(id, true);
  tick();
  return id;
}

export const setTimeout = (fn: unknown, ms?: unknown, ...args: unknown[]) => schedule(fn, ms, args, false);
export const setInterval = (fn: unknown, ms?: unknown, ...args: unknown[]) =>
  schedule(fn, Math.max(Number(ms) || 0, 1), args, true);
export const clearTimeout = (id: unknown) => {
  timers.delete(id as number);
};
export const queueMicrotask = (fn: () => void) => {
  Promise.resolve().then(fn);
};
