import { createHook } from 'node:async_hooks';

/** What is still live of what was made since `trackLeaks()`: intervals (where made) and handles by kind. */
export interface LeftOver {
  intervals: string[];
  handles: Record<string, number>;
}

/** The kinds of this process's live, referenced handles and requests (sockets, child processes…), counted. */
function liveResources(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const kind of process.getActiveResourcesInfo()) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return counts;
}

/**
 * Follows what the code under test leaves running: intervals made from now on and not cleared
 * (unreferenced timers are not among the process's active resources, so they are followed through
 * async hooks), and handles of which there are more than now. `stop()` ends the following.
 */
export function trackLeaks() {
  const before = liveResources();
  const intervals = new Map<number, string>();
  const hook = createHook({
    init(asyncId, type, _trigger, resource) {
      if (type !== 'Timeout' || !(resource as { _repeat?: number | null })._repeat) return;
      const stack = new Error('interval made').stack ?? '';
      // The test runner's own (vi.waitFor polls with one).
      if (!stack.includes('/node_modules/vitest/')) intervals.set(asyncId, stack);
    },
    destroy(asyncId) {
      intervals.delete(asyncId);
    },
  }).enable();
  return {
    /** How many intervals made since are still running. */
    get intervals() {
      return intervals.size;
    },
    leftOver(): LeftOver {
      const handles: Record<string, number> = {};
      for (const [kind, count] of liveResources()) {
        // Timers are followed above (a referenced one of the runner's would count here).
        if (kind === 'Timeout') continue;
        const more = count - (before.get(kind) ?? 0);
        if (more > 0) handles[kind] = more;
      }
      return { intervals: [...intervals.values()], handles };
    },
    stop() {
      hook.disable();
    },
  };
}
