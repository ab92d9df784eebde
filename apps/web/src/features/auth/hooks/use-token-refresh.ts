import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { authApi, isUnauthorized, queryKeys } from '../api.ts';
import { startTokenRefresh } from '../token-refresh.ts';
import { useSession } from './use-session.ts';

/**
 * Keeps the session fresh every 50 minutes while signed in. Mounted once for the whole app
 * (`SessionRefresh` in app.tsx), so the builder, code and database pages, which have no site
 * header, refresh too.
 */
export function useTokenRefresh(): void {
  const session = useSession();
  const queryClient = useQueryClient();
  const signedIn = Boolean(session.data);
  useEffect(() => {
    if (!signedIn) return;
    return startTokenRefresh(
      async () => {
        await authApi.refresh();
      },
      () => queryClient.setQueryData(queryKeys.session(), null),
      isUnauthorized,
    );
  }, [signedIn, queryClient]);
}

/** `useTokenRefresh` as a component, for the app root. */
export function SessionRefresh(): null {
  useTokenRefresh();
  return null;
}
