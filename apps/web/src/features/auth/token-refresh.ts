import { AUTH_LIMITS } from '@atelier/shared';

export interface TokenRefreshTimers {
  setInterval: (fn: () => void, ms: number) => ReturnType<typeof setInterval>;
  clearInterval: (id: ReturnType<typeof setInterval>) => void;
}

/** Wrapped: the browser's timers throw "Illegal invocation" when called as methods of another object. */
const browserTimers: TokenRefreshTimers = {
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (id) => clearInterval(id),
};

/**
 * Refreshes the sign-in token every 50 minutes (spec 1 §9: 3,000,000 ms) while signed in; calls
 * `onSignedOut` when the server no longer knows the session. Answers a stop function.
 */
export function startTokenRefresh(
  refresh: () => Promise<void>,
  onSignedOut: () => void,
  isUnauthorized: (error: unknown) => boolean,
  timers: TokenRefreshTimers = browserTimers,
): () => void {
  const id = timers.setInterval(() => {
    refresh().catch((error: unknown) => {
      if (isUnauthorized(error)) onSignedOut();
    });
  }, AUTH_LIMITS.tokenRefreshIntervalMs);
  return () => timers.clearInterval(id);
}
