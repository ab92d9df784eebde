import { type SignupForm as SignupValues, signupFormSchema } from '@atelier/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { authApi } from '../api.ts';
import { errorMessage } from '../error-message.ts';
import { Field, FormError } from './field.tsx';

/** Name (optional), e-mail and password; the server's spec messages land on their field. */
export function SignupForm(props: { onSignedIn: () => Promise<unknown> }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SignupValues>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: { name: '', email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await authApi.signup({ ...values, name: values.name || undefined });
      await props.onSignedIn();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'weak_password') {
        form.setError('password', { message: error.message });
      } else if (error instanceof ApiError && error.code === 'invalid_email') {
        form.setError('email', { message: error.message });
      } else {
        setFailure(errorMessage(error));
      }
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormError message={failure} />
      <Field id="signup-name" label="Name" hint="Optional" error={errors.name?.message}>
        <Input id="signup-name" autoComplete="name" {...form.register('name')} />
      </Field>
      <Field id="signup-email" label="Email" error={errors.email?.message}>
        <Input id="signup-email" type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      <Field
        id="signup-password"
        label="Password"
        hint="At least 8 characters. Avoid common words and patterns."
        error={errors.password?.message}
      >
        <Input
          id="signup-password"
          type="password"
          autoComplete="new-password"
          {...form.register('password')}
        />
      </Field>
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Creating your account…' : 'Sign up'}
      </Button>
    </form>
  );
}
