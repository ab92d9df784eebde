import { AUTH_MESSAGES, magicLinkEmailFormSchema, otpFormSchema } from '@atelier/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { authApi } from '../api.ts';
import { errorMessage } from '../error-message.ts';
import { Field, FormError } from './field.tsx';

/**
 * Passwordless sign-in: e-mail a link + 6-digit code, then type the code here. After 5 wrong codes
 * the code is dead and a new one must be sent.
 */
export function MagicCodeForm(props: { continueUrl: string | null; onSignedIn: () => Promise<unknown> }) {
  const [email, setEmail] = useState<string | null>(null);
  if (!email) return <EmailStep continueUrl={props.continueUrl} onSent={setEmail} />;
  return <CodeStep email={email} onSignedIn={props.onSignedIn} onRestart={() => setEmail(null)} />;
}

function EmailStep(props: { continueUrl: string | null; onSent: (email: string) => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<{ email: string }>({
    resolver: zodResolver(magicLinkEmailFormSchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await authApi.sendMagicLink(email, props.continueUrl);
      toast.success(AUTH_MESSAGES.magicLink.codeSent);
      props.onSent(email);
    } catch (error) {
      setFailure(errorMessage(error, AUTH_MESSAGES.magicLink.sendFailed));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormError message={failure} />
      <Field id="magic-email" label="Email" error={errors.email?.message}>
        <Input id="magic-email" type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Sending…' : 'Email me a sign-in code'}
      </Button>
    </form>
  );
}

function CodeStep(props: { email: string; onSignedIn: () => Promise<unknown>; onRestart: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [dead, setDead] = useState(false);
  const form = useForm<{ otp: string }>({ resolver: zodResolver(otpFormSchema), defaultValues: { otp: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ otp }) => {
    setFailure(null);
    try {
      const { customToken } = await authApi.validateOtp(props.email, otp);
      await authApi.customToken(customToken);
      toast.success(AUTH_MESSAGES.magicLink.success);
      await props.onSignedIn();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'ATTEMPTS_EXCEEDED') setDead(true);
      setFailure(errorMessage(error, AUTH_MESSAGES.magicLink.signInFailed));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-muted-foreground text-sm">
        We sent a 6-digit code to <span className="font-medium text-foreground">{props.email}</span>.
      </p>
      <FormError message={failure} />
      <Field id="magic-otp" label="6-digit code" error={errors.otp?.message}>
        <Input
          id="magic-otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          disabled={dead}
          {...form.register('otp')}
        />
      </Field>
      <Button type="submit" disabled={isSubmitting || dead} className="w-full">
        {isSubmitting ? 'Signing in…' : 'Sign in with code'}
      </Button>
      <Button type="button" variant="link" size="sm" onClick={props.onRestart}>
        Send a new code
      </Button>
    </form>
  );
}
