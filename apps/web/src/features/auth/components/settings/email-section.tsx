import { AUTH_TEXTS, type AuthUser, emailChangeFormSchema } from '@atelier/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../../components/ui/button.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { toast } from '../../../../components/ui/toaster.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { authApi } from '../../api.ts';
import { errorMessage } from '../../error-message.ts';
import { Field, FormError } from '../field.tsx';
import { SettingsSection } from './section.tsx';

export function EmailSection({ user }: { user: AuthUser }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<{ newEmail: string }>({
    resolver: zodResolver(emailChangeFormSchema),
    defaultValues: { newEmail: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ newEmail }) => {
    setFailure(null);
    try {
      await authApi.requestEmailChange(newEmail);
      toast.success(AUTH_TEXTS.emailChangeSent);
      setSentTo(newEmail);
      form.reset();
    } catch (error) {
      if (
        error instanceof ApiError &&
        (error.code === 'email-already-exists' || error.code === 'invalid_email')
      ) {
        form.setError('newEmail', { message: error.message });
      } else {
        setFailure(errorMessage(error));
      }
    }
  });
  return (
    <SettingsSection title="Email" description={`Your email is ${user.email}.`}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <FormError message={failure} />
        {sentTo ? (
          <p role="status" className="text-sm">
            {AUTH_TEXTS.emailChangeSent}: {sentTo}. Open the link in that email to finish.
          </p>
        ) : null}
        <Field id="settings-new-email" label="New email" error={errors.newEmail?.message}>
          <Input id="settings-new-email" type="email" autoComplete="email" {...form.register('newEmail')} />
        </Field>
        <div>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Sending…' : 'Change email'}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
