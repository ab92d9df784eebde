import { AUTH_TEXTS, safeRedirectPath } from '@atelier/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { toast } from '../components/ui/toaster.tsx';
import { HOME_PATH } from '../features/auth/after-sign-in.ts';
import { authApi, queryKeys } from '../features/auth/api.ts';
import { AuthCard } from '../features/auth/components/auth-card.tsx';
import { errorMessage } from '../features/auth/error-message.ts';
import { useRequireSession } from '../features/auth/hooks/use-session.ts';

/** `/auth/verifyEmail?continueUrl=&appName=`: waits for the e-mail to be verified, then continues. */
export function AuthVerifyEmailRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useRequireSession({ allowUnverified: true });
  const continueUrl = safeRedirectPath(params.get('continueUrl')) ?? HOME_PATH;
  const appName = params.get('appName') || 'Atelier';
  const verified = session.data?.user.emailVerified === true;

  useEffect(() => {
    if (verified) navigate(continueUrl, { replace: true });
  }, [verified, continueUrl, navigate]);

  // Verification usually happens in another tab (the e-mailed link): look again every few seconds.
  useEffect(() => {
    const id = window.setInterval(() => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.session() });
    }, 4000);
    return () => window.clearInterval(id);
  }, [queryClient]);

  const resend = useMutation({
    mutationFn: () => authApi.sendVerification(continueUrl),
    onSuccess: () => toast.success(AUTH_TEXTS.verificationSent),
    onError: (error) => toast.error(errorMessage(error)),
  });

  const signOut = async () => {
    await authApi.logout().catch(() => undefined);
    queryClient.setQueryData(queryKeys.session(), null);
    navigate('/login', { replace: true });
  };

  return (
    <AuthCard
      title="Verify your email"
      description={
        <>
          We sent a verification link to{' '}
          <span className="font-medium text-foreground">{session.data?.user.email ?? 'your email'}</span>.
          Open it to finish setting up your {appName} account.
        </>
      }
    >
      <Button onClick={() => void queryClient.invalidateQueries({ queryKey: queryKeys.session() })}>
        I have verified my email
      </Button>
      <Button variant="outline" disabled={resend.isPending} onClick={() => resend.mutate()}>
        {resend.isPending ? 'Sending…' : 'Resend email'}
      </Button>
      <Button variant="link" size="sm" onClick={() => void signOut()}>
        Use another account
      </Button>
    </AuthCard>
  );
}
