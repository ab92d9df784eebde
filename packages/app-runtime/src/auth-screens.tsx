/**
 * The end-user screens every compiled app has (browser code): sign in (password, or a code e-mailed
 * with a sign-in link), sign up (when the app's User signup is on), forgot password, the account
 * corner (who is signed in, Sign out), and the guard of pages that require sign-in. They use the
 * app's UI kit and theme (`--color-primary` …), so they carry the app's branding.
 */
import { auth } from '@atelier/app-sdk';
import {
  Alert,
  AlertDescription,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  Input,
  Label,
} from '@atelier/ui';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { AUTH_PATHS, safeNext } from './auth-paths.ts';
import { authConfig, useAuthState, useHostedLogin } from './auth-state.tsx';

export { AUTH_PATHS } from './auth-paths.ts';

export const AUTH_SCREEN_TEXTS = {
  signUpOff: 'Sign-up is not enabled for this app',
  resetSent: 'If an account exists for this address, we sent it a link to choose a new password.',
  codeSent: 'Verification code sent to your email',
} as const;

const message = (error: unknown) =>
  (error as { message?: string })?.message || 'Something went wrong, try again later';

function Screen({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto my-10 w-full max-w-sm px-4">
      <Card>
        <CardHeader>
          <h1 className="text-xl font-semibold leading-none tracking-tight">{title}</h1>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </div>
  );
}

function Field(props: {
  label: string;
  type: string;
  value: string;
  onChange: (v: string) => void;
  autoComplete: string;
  inputMode?: 'numeric';
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{props.label}</Label>
      <Input
        id={id}
        type={props.type}
        required
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </div>
  );
}

function Problem({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <Alert variant="destructive" role="alert">
      <AlertDescription>{text}</AlertDescription>
    </Alert>
  );
}

/** Runs a form's action with pending and error state. */
function useSubmit(action: () => Promise<void>) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(message(failure));
    } finally {
      setPending(false);
    }
  };
  return { pending, error, submit };
}

function useFinish() {
  const { signedIn } = useAuthState();
  const hosted = useHostedLogin();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return async (user: Parameters<typeof signedIn>[0]) => {
    if (hosted) return hosted.complete();
    signedIn(user);
    navigate(safeNext(params.get('next')), { replace: true });
  };
}

const withNext = (path: string, search: string) => `${path}${search}`;

export function SignInScreen() {
  const [mode, setMode] = useState<'password' | 'code'>('password');
  const { search } = useLocation();
  const appName = authConfig().appName;
  return (
    <Screen title="Sign in" description={appName ? `Welcome back to ${appName}` : undefined}>
      {mode === 'password' ? <PasswordSignIn /> : <CodeSignIn />}
      <div className="mt-4 flex flex-col items-center gap-2 text-sm">
        <button
          type="button"
          className="font-medium text-primary hover:underline"
          onClick={() => setMode(mode === 'password' ? 'code' : 'password')}
        >
          {mode === 'password' ? 'Email me a sign-in code instead' : 'Sign in with a password instead'}
        </button>
        <Link
          to={withNext(AUTH_PATHS.forgotPassword, search)}
          className="text-muted-foreground hover:underline"
        >
          Forgot password?
        </Link>
        {authConfig().signupEnabled && (
          <Link to={withNext(AUTH_PATHS.signUp, search)} className="text-muted-foreground hover:underline">
            No account yet? Create one
          </Link>
        )}
      </div>
    </Screen>
  );
}

function PasswordSignIn() {
  const finish = useFinish();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { pending, error, submit } = useSubmit(async () => finish(await auth.login({ email, password })));
  return (
    <form onSubmit={submit} className="space-y-4">
      <Field label="Email" type="email" autoComplete="email" value={email} onChange={setEmail} />
      <Field
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
      <Problem text={error} />
      <Button type="submit" className="w-full" disabled={pending}>
        Sign in
      </Button>
    </form>
  );
}

function CodeSignIn() {
  const finish = useFinish();
  const hosted = useHostedLogin();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [params] = useSearchParams();
  const send = useSubmit(async () => {
    // The e-mailed link returns to the page that asked for sign-in, as the code does (useFinish).
    const back = hosted?.address ?? `${window.location.origin}${safeNext(params.get('next'))}`;
    await auth.sendMagicLink(email, back);
    setSent(true);
  });
  const verify = useSubmit(async () => finish(await auth.verifyCode(email, code)));
  if (!sent) {
    return (
      <form onSubmit={send.submit} className="space-y-4">
        <Field label="Email" type="email" autoComplete="email" value={email} onChange={setEmail} />
        <Problem text={send.error} />
        <Button type="submit" className="w-full" disabled={send.pending}>
          Email me a code
        </Button>
      </form>
    );
  }
  return (
    <form onSubmit={verify.submit} className="space-y-4">
      <p className="text-sm text-muted-foreground" role="status">
        {AUTH_SCREEN_TEXTS.codeSent}: enter the 6-digit code, or open the link in the e-mail.
      </p>
      <Field
        label="Code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={setCode}
      />
      <Problem text={verify.error} />
      <Button type="submit" className="w-full" disabled={verify.pending}>
        Sign in
      </Button>
    </form>
  );
}

export function SignUpScreen() {
  const finish = useFinish();
  const { search } = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const hosted = useHostedLogin();
  // The verification link returns to the page that asked for sign-in (the hosted login), as a code's does.
  const { pending, error, submit } = useSubmit(async () =>
    finish(await auth.signup({ email, password, ...(hosted ? { continueUrl: hosted.address } : {}) })),
  );
  const signIn = (
    <Link to={withNext(AUTH_PATHS.signIn, search)} className="text-sm text-muted-foreground hover:underline">
      Have an account? Sign in
    </Link>
  );
  if (!authConfig().signupEnabled) {
    return (
      <Screen title="Create account">
        <div className="space-y-4">
          <Problem text={AUTH_SCREEN_TEXTS.signUpOff} />
          {signIn}
        </div>
      </Screen>
    );
  }
  return (
    <Screen
      title="Create account"
      description={authConfig().appName ? `Join ${authConfig().appName}` : undefined}
    >
      <form onSubmit={submit} className="space-y-4">
        <Field label="Email" type="email" autoComplete="email" value={email} onChange={setEmail} />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
        />
        <Problem text={error} />
        <Button type="submit" className="w-full" disabled={pending}>
          Create account
        </Button>
      </form>
      <div className="mt-4 text-center">{signIn}</div>
    </Screen>
  );
}

export function ForgotPasswordScreen() {
  const hosted = useHostedLogin();
  const { search } = useLocation();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const { pending, error, submit } = useSubmit(async () => {
    await auth.sendPasswordReset(email, hosted?.address ?? `${window.location.origin}${AUTH_PATHS.signIn}`);
    setSent(true);
  });
  return (
    <Screen title="Forgot password" description="We e-mail you a link to choose a new password.">
      {sent ? (
        <p className="text-sm" role="status">
          {AUTH_SCREEN_TEXTS.resetSent}
        </p>
      ) : (
        <form onSubmit={submit} className="space-y-4">
          <Field label="Email" type="email" autoComplete="email" value={email} onChange={setEmail} />
          <Problem text={error} />
          <Button type="submit" className="w-full" disabled={pending}>
            Send reset link
          </Button>
        </form>
      )}
      <div className="mt-4 text-center">
        <Link
          to={withNext(AUTH_PATHS.signIn, search)}
          className="text-sm text-muted-foreground hover:underline"
        >
          Back to sign in
        </Link>
      </div>
    </Screen>
  );
}

/** A page that requires sign-in: signed-out visitors go to the sign-in screen and come back after. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { status } = useAuthState();
  const location = useLocation();
  if (status === 'loading') return <p className="p-8 text-center text-sm text-muted-foreground">Loading…</p>;
  if (status === 'signed-out') {
    const next = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`${AUTH_PATHS.signIn}?next=${next}`} replace />;
  }
  return <>{children}</>;
}

/** The account corner of every app: who is signed in with Sign out, or Sign in. */
export function AccountCorner() {
  const { status, user, signOut } = useAuthState();
  const location = useLocation();
  const navigate = useNavigate();
  const onAuthScreen = (Object.values(AUTH_PATHS) as string[]).includes(location.pathname);
  if (status === 'loading' || (status === 'signed-out' && onAuthScreen)) return null;
  return (
    <nav
      aria-label="Account"
      className="fixed right-4 bottom-4 z-50 flex max-w-[calc(100vw-2rem)] items-center gap-2 rounded-full border border-border bg-background/95 px-3 py-1.5 text-sm shadow-lg backdrop-blur"
    >
      {status === 'signed-in' ? (
        <>
          <span className="truncate text-muted-foreground">Signed in as {user?.email}</span>
          <Button
            variant="ghost"
            size="sm"
            onClick={async () => {
              await signOut();
              navigate('/');
            }}
          >
            Sign out
          </Button>
        </>
      ) : (
        <Link
          to={`${AUTH_PATHS.signIn}?next=${encodeURIComponent(location.pathname + location.search)}`}
          className="px-1 font-medium text-primary hover:underline"
        >
          Sign in
        </Link>
      )}
    </nav>
  );
}
