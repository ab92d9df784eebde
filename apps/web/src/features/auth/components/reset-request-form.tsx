import { AUTH_TEXTS, emailAddressSchema } from '@atelier/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { authApi } from '../api.ts';
import { errorMessage } from '../error-message.ts';
import { Field, FormError } from './field.tsx';

const schema = z.object({ email: emailAddressSchema });

/** "Forgot password?": e-mails a reset link (same answer whether or not the account exists). */
export function ResetRequestForm(props: { defaultEmail?: string; onDone: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<{ email: string }>({
    resolver: zodResolver(schema),
    defaultValues: { email: props.defaultEmail ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await authApi.sendResetPasswordEmail(email, '/login');
      toast.success(AUTH_TEXTS.resetEmailSent);
      props.onDone();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormError message={failure} />
      <Field id="reset-email" label="Email" error={errors.email?.message}>
        <Input id="reset-email" type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Sending…' : 'Send reset link'}
      </Button>
    </form>
  );
}
