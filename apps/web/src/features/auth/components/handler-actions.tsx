import { AUTH_MESSAGES, AUTH_TEXTS, PLATFORM_TENANT, passwordResetFormSchema } from '@atelier/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { authApi, queryKeys } from '../api.ts';
import { errorMessage } from '../error-message.ts';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in.ts';
import { ActionResult, useActionOnce } from './action-status.tsx';
import { AuthCard } from './auth-card.tsx';
import { Field, FormError } from './field.tsx';

interface ActionProps {
  oobCode: string;
  /** The link's continuation when it is a platform path. */
  continueUrl: string | null;
  /** The link's continuation as written: the server binds it (an app's end user goes back to the app). */
  linkContinueUrl?: string | null;
}

export function VerifyEmailAction({ oobCode, continueUrl, linkContinueUrl = null }: ActionProps) {
  const queryClient = useQueryClient();
  const [appAddress, setAppAddress] = useState<string | null>(null);
  const state = useActionOnce(
    async () => {
      const result = await authApi.verifyEmail(oobCode, linkContinueUrl);
      setAppAddress(result.continueUrl);
      await queryClient.invalidateQueries({ queryKey: queryKeys.session() });
      return result.message;
    },
    (error) => errorMessage(error, AUTH_TEXTS.verifyLinkInvalid),
  );
  return (
    <ActionResult
      state={state}
      workingTitle="Verifying your email"
      next={{ to: appAddress ?? continueUrl ?? '/home', label: 'Continue' }}
    />
  );
}

export function MagicLinkAction({ oobCode, continueUrl, linkContinueUrl = null }: ActionProps) {
  const completeSignIn = useCompleteSignIn();
  const state = useActionOnce(
    async () => {
      // As written: the server binds it (a builder to a platform path, an end user to the exact page
      // of the app that asked); the platform-path form would drop an app's page.
      const answer = await authApi.magicLink(oobCode, linkContinueUrl);
      const { customToken, tenantId } = answer;
      if (tenantId !== PLATFORM_TENANT) {
        // An app's end user: the app signs in with the single-use custom token (in the hash: kept out
        // of server logs). Only to the address the server answers — the app's own, never the link's.
        if (!answer.continueUrl) throw new Error('no continuation');
        window.location.assign(`${answer.continueUrl}#customToken=${encodeURIComponent(customToken)}`);
        return AUTH_MESSAGES.magicLink.success;
      }
      await authApi.customToken(customToken);
      toast.success(AUTH_MESSAGES.magicLink.success);
      await completeSignIn({ redirectTo: answer.continueUrl ?? '/home' });
      return AUTH_MESSAGES.magicLink.success;
    },
    (error) =>
      error instanceof ApiError && error.code === 'invalid_action_code'
        ? AUTH_MESSAGES.magicLink.invalidOrExpired
        : AUTH_MESSAGES.magicLink.signInFailed,
  );
  return (
    <ActionResult
      state={state}
      workingTitle="Signing you in"
      next={{ to: continueUrl ?? '/home', label: 'Continue' }}
    />
  );
}

export function EmailChangeAction({ oobCode, continueUrl }: ActionProps) {
  const queryClient = useQueryClient();
  const state = useActionOnce(
    async () => {
      const { newEmail } = await authApi.inspectActionCode('verifyAndChangeEmail', oobCode);
      const result = await authApi.completeEmailChange(newEmail ?? '', oobCode);
      await queryClient.invalidateQueries({ queryKey: queryKeys.all });
      toast.success(AUTH_MESSAGES.emailChange.success);
      return result.message;
    },
    (error) => errorMessage(error, AUTH_TEXTS.emailChangeLinkInvalid),
  );
  return (
    <ActionResult
      state={state}
      workingTitle="Updating your email"
      next={{ to: continueUrl ?? '/settings', label: 'Go to settings' }}
    />
  );
}

/** Reset: check the link, then ask for the new password; a bad link says so and goes to /login. */
export function ResetPasswordAction({ oobCode, linkContinueUrl = null }: ActionProps) {
  const navigate = useNavigate();
  const check = useQuery({
    queryKey: ['auth', 'action-code', 'resetPassword', oobCode],
    queryFn: () => authApi.inspectActionCode('resetPassword', oobCode),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (check.isError) {
      toast.error(errorMessage(check.error, AUTH_MESSAGES.reset.invalidLink));
      navigate('/login', { replace: true });
    }
  }, [check.isError, check.error, navigate]);
  if (!check.data) {
    return (
      <AuthCard title="Reset your password">
        <p className="text-muted-foreground text-sm">One moment…</p>
      </AuthCard>
    );
  }
  return <NewPasswordForm oobCode={oobCode} email={check.data.email} continueUrl={linkContinueUrl} />;
}

function NewPasswordForm(props: { oobCode: string; email: string; continueUrl: string | null }) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<{ password: string }>({
    resolver: zodResolver(passwordResetFormSchema),
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      const { message, continueUrl } = await authApi.resetPassword(
        props.oobCode,
        password,
        props.continueUrl,
      );
      toast.success(message);
      // An app's end user signs in again on the app (the address the server bound), a builder here.
      if (continueUrl) window.location.assign(continueUrl);
      else navigate('/login', { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'weak_password') {
        form.setError('password', { message: error.message });
      } else if (error instanceof ApiError && error.code === 'invalid_action_code') {
        toast.error(AUTH_MESSAGES.reset.invalidLink);
        navigate('/login', { replace: true });
      } else {
        setFailure(errorMessage(error, AUTH_MESSAGES.reset.failed));
      }
    }
  });
  return (
    <AuthCard
      title="Reset your password"
      description={
        <>
          Choose a new password for <span className="font-medium text-foreground">{props.email}</span>.
        </>
      }
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <FormError message={failure} />
        <Field id="reset-new-password" label="New password" error={errors.password?.message}>
          <Input
            id="reset-new-password"
            type="password"
            autoComplete="new-password"
            {...form.register('password')}
          />
        </Field>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Reset password'}
        </Button>
      </form>
    </AuthCard>
  );
}
