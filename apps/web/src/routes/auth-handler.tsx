import { AUTH_TEXTS, safeRedirectPath } from '@atelier/shared';
import { useSearchParams } from 'react-router';
import { ActionResult } from '../features/auth/components/action-status.tsx';
import {
  EmailChangeAction,
  MagicLinkAction,
  ResetPasswordAction,
  VerifyEmailAction,
} from '../features/auth/components/handler-actions.tsx';

/** `/auth/handler?mode=…&oobCode=…&continueUrl=…`: where every e-mailed link lands. */
export function AuthHandlerRoute() {
  const [params] = useSearchParams();
  const oobCode = params.get('oobCode') ?? '';
  // `continueUrl` is a platform path; `linkContinueUrl` goes to the server as is, which binds it to
  // the tenant (an app's end user goes back to that app's own address).
  const props = {
    oobCode,
    continueUrl: safeRedirectPath(params.get('continueUrl')),
    linkContinueUrl: params.get('continueUrl'),
  };
  if (oobCode) {
    switch (params.get('mode')) {
      case 'verifyEmail':
        return <VerifyEmailAction {...props} />;
      case 'resetPassword':
        return <ResetPasswordAction {...props} />;
      case 'signIn':
        return <MagicLinkAction {...props} />;
      case 'verifyAndChangeEmail':
        return <EmailChangeAction {...props} />;
    }
  }
  return (
    <ActionResult
      state={{ status: 'failed', message: AUTH_TEXTS.unknownAction }}
      workingTitle=""
      next={{ to: '/login', label: 'Go to log in' }}
    />
  );
}
