import { AUTH_TEXTS, type AuthUser, deleteAccountFormSchema } from '@atelier/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../../components/ui/dialog.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { toast } from '../../../../components/ui/toaster.tsx';
import { authApi, queryKeys } from '../../api.ts';
import { errorMessage } from '../../error-message.ts';
import { Field, FormError } from '../field.tsx';
import { SettingsSection } from './section.tsx';

/** Sign out of all sessions; delete the account (confirmed by typing the e-mail). */
export function DangerSection({ user }: { user: AuthUser }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedOut = (message: string, to: string) => {
    queryClient.removeQueries({ queryKey: queryKeys.account() });
    queryClient.setQueryData(queryKeys.session(), null);
    toast.success(message);
    navigate(to, { replace: true });
  };
  const revokeAll = async () => {
    try {
      const { message } = await authApi.revokeAllSessions();
      signedOut(message, '/login');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <>
      <SettingsSection
        title="Sessions"
        description="Sign out on every device and browser, this one included."
      >
        <div>
          <Button variant="outline" onClick={() => void revokeAll()}>
            Sign out of all sessions
          </Button>
        </div>
      </SettingsSection>
      <SettingsSection title="Delete account" description="Deletes your account, your apps and their data.">
        <div>
          <DeleteAccountDialog email={user.email} onDeleted={(message) => signedOut(message, '/')} />
        </div>
      </SettingsSection>
    </>
  );
}

function DeleteAccountDialog(props: { email: string; onDeleted: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<{ confirmEmail: string }>({
    resolver: zodResolver(deleteAccountFormSchema),
    defaultValues: { confirmEmail: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ confirmEmail }) => {
    setFailure(null);
    if (confirmEmail.trim().toLowerCase() !== props.email) {
      form.setError('confirmEmail', { message: AUTH_TEXTS.deleteConfirmMismatch });
      return;
    }
    try {
      const { message } = await authApi.deleteAccount(confirmEmail);
      setOpen(false);
      props.onDeleted(message);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="destructive">Delete account</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            This deletes your account, your apps and their data. It cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormError message={failure} />
          <Field
            id="delete-confirm-email"
            label={`Type ${props.email} to confirm`}
            error={errors.confirmEmail?.message}
          >
            <Input id="delete-confirm-email" autoComplete="off" {...form.register('confirmEmail')} />
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={isSubmitting}>
              {isSubmitting ? 'Deleting…' : 'Delete account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
