import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { errorMessage } from '../../auth/error-message.ts';
import type { EndUserSession } from '../end-user-session.ts';

/**
 * The end user's account on a tool page: who is signed in with Sign out, or Sign in (and Create
 * account while the app has user signup on). Signed-in users get their memorized answers back.
 */
export function ToolEndUser({
  appName,
  session,
  signupEnabled,
  onSignIn,
  onSignOut,
}: {
  appName: string;
  session: EndUserSession | null;
  signupEnabled: boolean;
  onSignIn: (mode: 'login' | 'signup', input: { email: string; password: string }) => Promise<void>;
  onSignOut: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<'login' | 'signup'>('login');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const emailId = useId();
  const passwordId = useId();

  if (session) {
    return (
      <div className="flex items-center justify-end gap-2 text-sm">
        <span className="text-muted-foreground">Signed in as {session.email}</span>
        <Button variant="ghost" size="sm" onClick={onSignOut}>
          Sign out
        </Button>
      </div>
    );
  }
  if (!signupEnabled) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await onSignIn(mode, { email, password });
      setOpen(false);
      setPassword('');
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  };
  const title = mode === 'login' ? 'Sign in' : 'Create account';

  return (
    <div className="flex justify-end">
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        Sign in
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          setError(null);
        }}
      >
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>
              Your account with {appName}: your last answers are filled in next time.
            </DialogDescription>
          </DialogHeader>
          <form onSubmit={submit} className="flex flex-col gap-3">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={emailId}>Email</Label>
              <Input
                id={emailId}
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={passwordId}>Password</Label>
              <Input
                id={passwordId}
                type="password"
                autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </div>
            {error && (
              <p role="alert" className="text-destructive text-sm">
                {error}
              </p>
            )}
            <Button type="submit" disabled={pending}>
              {title}
            </Button>
            <Button
              type="button"
              variant="link"
              onClick={() => {
                setMode(mode === 'login' ? 'signup' : 'login');
                setError(null);
              }}
            >
              {mode === 'login' ? 'No account yet? Create account' : 'Have an account? Sign in'}
            </Button>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
