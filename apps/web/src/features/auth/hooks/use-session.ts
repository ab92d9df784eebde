import { SALE_ID_PARAM, type SessionResponse } from '@atelier/shared';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { afterSignInPath, loginPathFor } from '../after-sign-in.ts';
import { fetchSession, queryKeys } from '../api.ts';

/** The signed-in session (null when signed out). */
export function useSession(): UseQueryResult<SessionResponse | null> {
  return useQuery({
    queryKey: queryKeys.session(),
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: 60_000,
  });
}

/**
 * For pages that need a signed-in builder: sends signed-out visitors to /login?redirectTo=here and,
 * unless `allowUnverified` (the verify-email screen itself), builders whose e-mail is unverified to
 * the verify-email screen, which comes back here once verified (spec 1 §2 "After sign-in", §4 Auth:
 * the API refuses their builder calls meanwhile). While unverified the session answers no data, so
 * the page shows its loading state instead of content it could not load.
 */
export function useRequireSession(options: { allowUnverified?: boolean } = {}) {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const signedOut = session.isSuccess && session.data === null;
  const unverified = !options.allowUnverified && session.data?.user.emailVerified === false;
  useEffect(() => {
    const here = location.pathname + location.search;
    if (signedOut) navigate(loginPathFor(here), { replace: true });
    else if (unverified) {
      const verify = afterSignInPath({
        emailVerified: false,
        redirectTo: here,
        currentPath: location.pathname,
      });
      if (verify) navigate(verify, { replace: true });
    }
  }, [signedOut, unverified, navigate, location.pathname, location.search]);
  return unverified ? { ...session, data: undefined } : session;
}

/**
 * For the log-in and sign-up pages: a builder who opens them already signed in goes on where "After
 * sign-in" says (redirectTo, else /home; the verify screen while unverified) instead of seeing the
 * form. Decided once, when the session is first known: a sign-in made on the page is taken on by
 * its own flow (account creation, a sale to claim).
 */
export function useLeaveIfSignedIn() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const decided = useRef(false);
  useEffect(() => {
    if (decided.current || !session.isSuccess) return;
    decided.current = true;
    if (!session.data || params.has(SALE_ID_PARAM)) return;
    const target = afterSignInPath({
      emailVerified: session.data.user.emailVerified,
      redirectTo: params.get('redirectTo'),
      currentPath: location.pathname,
    });
    if (target) navigate(target, { replace: true });
  }, [session.isSuccess, session.data, params, location.pathname, navigate]);
}
