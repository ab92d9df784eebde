import { AUTH_TEXTS, type AuthUser } from '@atelier/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { toast } from '../../../../components/ui/toaster.tsx';
import { authApi, queryKeys } from '../../api.ts';
import { errorMessage } from '../../error-message.ts';
import { Field } from '../field.tsx';
import { SettingsSection } from './section.tsx';

/**
 * Shown while a fresh install has no admin: the one-time setup code printed to the server console
 * makes this builder the admin (nobody becomes admin just by signing up first on a public server).
 */
export function AdminSetupSection({ user }: { user: AuthUser }) {
  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: queryKeys.adminSetup(),
    queryFn: authApi.adminSetupPending,
    enabled: !user.isAdmin && user.appId === null,
    staleTime: 60_000,
  });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (user.isAdmin || !state.data?.pending) return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await authApi.claimAdmin(code);
      toast.success(AUTH_TEXTS.adminSetupDone);
      await queryClient.invalidateQueries({ queryKey: queryKeys.all });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <SettingsSection
      title="Admin setup"
      description="This Atelier has no admin yet. Enter the one-time setup code printed in the server's console when it started."
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field id="settings-admin-code" label="Setup code" error={error ?? undefined}>
          <Input
            id="settings-admin-code"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </Field>
        <div>
          <Button type="submit" disabled={busy || code.trim() === ''}>
            {busy ? 'Checking…' : 'Become admin'}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
