import { SALE_ID_PARAM } from '@atelier/shared';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '../features/auth/components/auth-card.tsx';
import { SignupForm } from '../features/auth/components/signup-form.tsx';
import { SocialButtons } from '../features/auth/components/social-buttons.tsx';
import { useCompleteSignIn } from '../features/auth/hooks/use-complete-sign-in.ts';
import { useLeaveIfSignedIn } from '../features/auth/hooks/use-session.ts';

export function SignupRoute() {
  useLeaveIfSignedIn();
  const [params] = useSearchParams();
  const completeSignIn = useCompleteSignIn();
  const loginLink = `/login${params.size > 0 ? `?${params.toString()}` : ''}`;
  return (
    <AuthCard
      title="Create your account"
      description={
        params.get(SALE_ID_PARAM)
          ? 'Payment received. Create your account to start on your plan.'
          : 'Build AI apps and tools from a chat.'
      }
      footer={
        <>
          Already have an account?{' '}
          <Link to={loginLink} className="font-medium text-foreground underline-offset-4 hover:underline">
            Log in
          </Link>
        </>
      }
    >
      <SocialButtons redirectTo={params.get('redirectTo')} onSignedIn={() => void completeSignIn()} />
      <SignupForm onSignedIn={() => completeSignIn()} />
    </AuthCard>
  );
}
