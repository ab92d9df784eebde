import { AUTH_MESSAGES } from '@atelier/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../components/ui/toaster.tsx';
import { createAccountAfterSignIn } from '../account-create.ts';
import { afterSignInPath } from '../after-sign-in.ts';
import { authApi, fetchSession, isUnauthorized, queryKeys } from '../api.ts';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * What follows every sign-in (spec 1 §2, §4): create the account (with the sale_id wait and
 * retries), fetch it, then go where "After sign-in" says. Answers false when it could not finish.
 */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();

  return useCallback(
    async (options: { redirectTo?: string | null } = {}): Promise<boolean> => {
      const saleId = params.get('sale_id');
      const outcome = await createAccountAfterSignIn(
        { create: () => authApi.createAccount(saleId), sleep, isUnauthorized },
        saleId,
      );
      if (outcome.status === 'unauthorized') {
        await authApi.logout().catch(() => undefined);
        queryClient.setQueryData(queryKeys.session(), null);
        navigate(`/error/unauthorized${saleId ? `?${new URLSearchParams({ paymentId: saleId })}` : ''}`, {
          replace: true,
        });
        return false;
      }
      if (outcome.status === 'failed') {
        toast.error(AUTH_MESSAGES.accountCreate.failed);
        return false;
      }
      const [session] = await Promise.all([
        fetchSession(),
        queryClient.fetchQuery({
          queryKey: queryKeys.account(),
          queryFn: ({ signal }) => authApi.account(signal),
        }),
      ]);
      queryClient.setQueryData(queryKeys.session(), session);
      const target = afterSignInPath({
        emailVerified: session?.user.emailVerified ?? false,
        redirectTo: options.redirectTo !== undefined ? options.redirectTo : params.get('redirectTo'),
        currentPath: location.pathname,
      });
      if (target) navigate(target, { replace: true });
      return true;
    },
    [params, navigate, location.pathname, queryClient],
  );
}
