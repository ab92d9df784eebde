import { AUTH_TEXTS, type AuthUser, passwordChangeFormSchema } from '@atelier/shared';
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

type Values = { currentPassword?: string; newPassword: string };

export function PasswordSection({ user }: { user: AuthUser }) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(passwordChangeFormSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await authApi.changePassword({
        currentPassword: user.hasPassword ? values.currentPassword : undefined,
        newPassword: values.newPassword,
      });
      toast.success(AUTH_TEXTS.passwordChanged);
      form.reset();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'weak_password') {
        form.setError('newPassword', { message: error.message });
      } else if (error instanceof ApiError && error.message === AUTH_TEXTS.currentPasswordWrong) {
        form.setError('currentPassword', { message: error.message });
      } else {
        setFailure(errorMessage(error));
      }
    }
  });
  return (
    <SettingsSection
      title="Password"
      description={
        user.hasPassword ? 'Changing it signs you out everywhere else.' : 'Set a password to log in with it.'
      }
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <FormError message={failure} />
        {user.hasPassword ? (
          <Field
            id="settings-current-password"
            label="Current password"
            error={errors.currentPassword?.message}
          >
            <Input
              id="settings-current-password"
              type="password"
              autoComplete="current-password"
              {...form.register('currentPassword')}
            />
          </Field>
        ) : null}
        <Field id="settings-new-password" label="New password" error={errors.newPassword?.message}>
          <Input
            id="settings-new-password"
            type="password"
            autoComplete="new-password"
            {...form.register('newPassword')}
          />
        </Field>
        <div>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Change password'}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
