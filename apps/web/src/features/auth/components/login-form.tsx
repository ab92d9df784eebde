import { loginFormSchema } from '@atelier/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { authApi } from '../api.ts';
import { errorMessage } from '../error-message.ts';
import { Field, FormError } from './field.tsx';

type Values = { email: string; password: string };

/** E-mail + password sign-in. */
export function LoginForm(props: { onSignedIn: () => Promise<unknown>; defaultEmail?: string }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: props.defaultEmail ?? '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await authApi.login(values);
      await props.onSignedIn();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormError message={failure} />
      <Field id="login-email" label="Email" error={errors.email?.message}>
        <Input id="login-email" type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      <Field id="login-password" label="Password" error={errors.password?.message}>
        <Input
          id="login-password"
          type="password"
          autoComplete="current-password"
          {...form.register('password')}
        />
      </Field>
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Logging in…' : 'Log in'}
      </Button>
    </form>
  );
}
