import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { authApi, queryKeys } from '../features/auth/api.ts';
import { AuthCard } from '../features/auth/components/auth-card.tsx';

/** `/logout`: ends the session and goes to /login. */
export function LogoutRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void authApi
      .logout()
      .catch(() => undefined)
      .then(async () => {
        // A session request that left before the sign-out (the app root asks on load) may answer
        // later with the old session, which would send /login on to /home: drop it unanswered.
        await queryClient.cancelQueries({ queryKey: queryKeys.all });
        queryClient.removeQueries({ queryKey: queryKeys.account() });
        queryClient.setQueryData(queryKeys.session(), null);
        navigate('/login', { replace: true });
      });
  }, [navigate, queryClient]);
  return (
    <AuthCard title="Signing you out">
      <p className="text-muted-foreground text-sm" aria-live="polite">
        One moment…
      </p>
    </AuthCard>
  );
}
