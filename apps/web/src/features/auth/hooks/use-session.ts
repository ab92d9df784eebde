import type { SessionResponse } from '@atelier/shared';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loginPathFor } from '../after-sign-in.ts';
import { fetchSession, queryKeys } from '../api.ts';

/** The signed-in session (null when signed out). */
export function useSession(): UseQueryResult<SessionResponse | null> {
  return useQuery({
    queryKey: queryKeys.session(),
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: 60_000,
  });
}

/** For pages that need a signed-in builder: sends signed-out visitors to /login?redirectTo=here. */
export function useRequireSession() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const signedOut = session.isSuccess && session.data === null;
  useEffect(() => {
    if (signedOut) navigate(loginPathFor(location.pathname + location.search), { replace: true });
  }, [signedOut, navigate, location.pathname, location.search]);
  return session;
}
