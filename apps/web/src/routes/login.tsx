import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { AuthCard } from '../features/auth/components/auth-card.tsx';
import { LoginForm } from '../features/auth/components/login-form.tsx';
import { MagicCodeForm } from '../features/auth/components/magic-code-form.tsx';
import { ResetRequestForm } from '../features/auth/components/reset-request-form.tsx';
import { SocialButtons } from '../features/auth/components/social-buttons.tsx';
import { useCompleteSignIn } from '../features/auth/hooks/use-complete-sign-in.ts';
import { useLeaveIfSignedIn } from '../features/auth/hooks/use-session.ts';

type Mode = 'password' | 'reset' | 'code';

const TITLES: Record<Mode, string> = {
  password: 'Log in to Atelier',
  reset: 'Reset your password',
  code: 'Sign in with a code',
};

export function LoginRoute() {
  useLeaveIfSignedIn();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>('password');
  const completeSignIn = useCompleteSignIn();
  const redirectTo = params.get('redirectTo');
  const signupLink = `/signup${params.size > 0 ? `?${params.toString()}` : ''}`;
  return (
    <AuthCard
      title={TITLES[mode]}
      description={mode === 'reset' ? 'We will email you a link to choose a new password.' : undefined}
      footer={
        <>
          No account yet?{' '}
          <Link to={signupLink} className="font-medium text-foreground underline-offset-4 hover:underline">
            Sign up
          </Link>
        </>
      }
    >
      {mode === 'password' ? (
        <>
          <SocialButtons redirectTo={redirectTo} onSignedIn={() => void completeSignIn()} />
          <LoginForm onSignedIn={() => completeSignIn()} />
          <div className="flex flex-wrap justify-between gap-2">
            <Button variant="link" size="sm" className="px-0" onClick={() => setMode('reset')}>
              Forgot password?
            </Button>
            <Button variant="link" size="sm" className="px-0" onClick={() => setMode('code')}>
              Email me a sign-in code
            </Button>
          </div>
        </>
      ) : mode === 'reset' ? (
        <>
          <ResetRequestForm onDone={() => setMode('password')} />
          <Button variant="link" size="sm" onClick={() => setMode('password')}>
            Back to log in
          </Button>
        </>
      ) : (
        <>
          <MagicCodeForm continueUrl={redirectTo} onSignedIn={() => completeSignIn()} />
          <Button variant="link" size="sm" onClick={() => setMode('password')}>
            Log in with a password instead
          </Button>
        </>
      )}
    </AuthCard>
  );
}
