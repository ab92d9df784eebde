import { AUTH_TEXTS, type AuthUser, profileUpdateRequestSchema } from '@atelier/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../../components/ui/button.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { Textarea } from '../../../../components/ui/textarea.tsx';
import { toast } from '../../../../components/ui/toaster.tsx';
import { authApi, queryKeys } from '../../api.ts';
import { errorMessage } from '../../error-message.ts';
import { Field, FormError } from '../field.tsx';
import { SettingsSection } from './section.tsx';

type Values = { name?: string | null; businessDetails?: string | null };

export function ProfileSection({ user }: { user: AuthUser }) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(profileUpdateRequestSchema),
    defaultValues: { name: user.name ?? '', businessDetails: user.businessDetails ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await authApi.updateProfile(values);
      await queryClient.invalidateQueries({ queryKey: queryKeys.all });
      toast.success(AUTH_TEXTS.profileSaved);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });
  return (
    <SettingsSection
      title="Profile"
      description="Your name, and what your business does (it helps the assistant)."
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <FormError message={failure} />
        <Field id="settings-name" label="Name" error={errors.name?.message}>
          <Input id="settings-name" autoComplete="name" {...form.register('name')} />
        </Field>
        <Field
          id="settings-business"
          label="Business details"
          hint="What you sell or do, for whom, and how you talk to customers."
          error={errors.businessDetails?.message}
        >
          <Textarea id="settings-business" rows={4} {...form.register('businessDetails')} />
        </Field>
        <div>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
