import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { authApi, isUnauthorized, queryKeys } from '../api.ts';
import { startTokenRefresh } from '../token-refresh.ts';
import { useSession } from './use-session.ts';

/** Keeps the session fresh every 50 minutes while signed in; mounted once in the app shell. */
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
