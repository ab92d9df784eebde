import type { MemoriesResponse, SignInResponse } from '@atelier/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { answer, api } from '../../lib/api.ts';

/**
 * The tool page's end-user session: an end user of the tool's app (tenant `app:{appId}`) signed in
 * on this site. It is a bearer session token (never the builder's cookie), kept per app in
 * localStorage, so `/tool/{path}` and `/app/{appId}/tool/{toolPath}` share it. Runs carry it (the
 * server keeps the memorized answers) and the memories call answers it (the form is prefilled).
 */
export interface EndUserSession {
  token: string;
  email: string;
}

const KEY_PREFIX = 'atelier.tool-end-user.';
const listeners = new Set<() => void>();
function read(appId: string): EndUserSession | null {
  try {
    const raw = window.localStorage.getItem(KEY_PREFIX + appId);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<EndUserSession>;
    return typeof parsed.token === 'string' && typeof parsed.email === 'string'
      ? { token: parsed.token, email: parsed.email }
      : null;
  } catch {
    return null;
  }
}

// Snapshots are cached by their stored text, so useSyncExternalStore sees a stable value.
const snapshots = new Map<string, { raw: string | null; value: EndUserSession | null }>();
function snapshot(appId: string): EndUserSession | null {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(KEY_PREFIX + appId);
  } catch {
    raw = null;
  }
  const cached = snapshots.get(appId);
  if (cached && cached.raw === raw) return cached.value;
  const value = read(appId);
  snapshots.set(appId, { raw, value });
  return value;
}

function write(appId: string, session: EndUserSession | null): void {
  try {
    if (session) window.localStorage.setItem(KEY_PREFIX + appId, JSON.stringify(session));
    else window.localStorage.removeItem(KEY_PREFIX + appId);
  } catch {
    // Storage refused (private mode): the session lasts for the page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export const bearer = (session: EndUserSession | null): Record<string, string> =>
  session ? { Authorization: `Bearer ${session.token}` } : {};

/** Signs an end user in to (or up in) the app's tenant; the session token is kept for this app. */
async function signIn(
  appId: string,
  mode: 'login' | 'signup',
  input: { email: string; password: string },
): Promise<EndUserSession> {
  const session = await answer<SignInResponse>(
    api.POST(mode === 'login' ? '/auth/login' : '/auth/signup', {
      params: { query: { appId } },
      body: input,
    }),
  );
  if (!session.refreshToken) throw new Error('No session was returned');
  return { token: session.refreshToken, email: session.user.email };
}

/** The signed-in end user of `appId` on this page, with sign-in, sign-up and sign-out. */
export function useEndUserSession(appId: string) {
  const session = useSyncExternalStore(
    subscribe,
    () => snapshot(appId),
    () => null,
  );
  const login = useCallback(
    async (mode: 'login' | 'signup', input: { email: string; password: string }) => {
      write(appId, await signIn(appId, mode, input));
    },
    [appId],
  );
  const logout = useCallback(async () => {
    const current = read(appId);
    write(appId, null);
    if (current) {
      // Ends the session on the server too (already forgotten here whatever it answers). No cookies
      // either way: the answer clears the session cookie, which would sign a builder out.
      await api
        .POST('/auth/logout', { headers: bearer(current), credentials: 'omit' })
        .catch(() => undefined);
    }
  }, [appId]);
  /** The server no longer knows the session (expired, revoked): forget it. */
  const forget = useCallback(() => write(appId, null), [appId]);
  return { session, login, logout, forget };
}

/** The signed-in end user's last answers to the memorized fields (spec 1 §7). */
export function useMemories(appId: string, session: EndUserSession | null) {
  return useQuery({
    queryKey: ['tools', 'memories', appId, session?.token ?? null],
    enabled: session !== null,
    retry: false,
    staleTime: 0,
    queryFn: ({ signal }) =>
      answer<MemoriesResponse>(
        api.GET('/live_api/user/memories/current', {
          params: { query: { appId } },
          signal,
          headers: bearer(session),
        }),
      ),
  });
}
