/**
 * The hosted login page of `@base44/sdk` (browser code): `base44.auth.redirectToLogin(nextUrl)` sends
 * the browser to `/login?from_url={nextUrl}` on the app's origin. There the app shows its own
 * end-user screens (auth-screens.tsx: sign in with a password or an e-mailed code, sign up when the
 * app's User signup is on, forgot password), in its branding; once the end user is signed in, the
 * server hands a session for the Base44 SDK (`POST /api/apps/{appId}/auth/hosted-login`, bound to
 * this app) and the browser goes back to `from_url?access_token=…`, which the SDK reads and keeps.
 * `from_url` must be an address of this app (this origin, under the page's base path; the server
 * checks it again): any other is refused before anything is asked.
 */
import { auth } from '@atelier/app-sdk';
import { Alert, AlertDescription, Button, Card, CardContent, CardHeader } from '@atelier/ui';
import { type ComponentType, StrictMode, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import {
  AUTH_PATHS,
  hostedLoginAddress,
  hostedLoginReturn,
  isAppReturnAddress,
  providerStartUrl,
  requestedProvider,
} from './auth-paths.ts';
import { ForgotPasswordScreen, SignInScreen, SignUpScreen } from './auth-screens.tsx';
import { AuthProvider, HostedLoginContext, useAuthState } from './auth-state.tsx';

export const HOSTED_LOGIN_TEXTS = {
  refusedTitle: 'Sign-in link refused',
  refused: 'This sign-in link returns to an address outside the app.',
  returning: 'Signing you in…',
  /** `loginWithProvider(provider)` of a provider this server does not have. */
  providerMissing: (name: string) =>
    `Sign-in with ${name} is not set up for this app. Sign in with your email instead.`,
  continueWith: (name: string) => `Continue with ${name}`,
  /** The builder's preview is a frame, which providers refuse to be shown in. */
  providerInPreview: (name: string) =>
    `Sign-in with ${name} works in the published app. In the preview, sign in with your email.`,
} as const;

type Provider = { id: string; name: string };

/**
 * The sign-in providers the server has (`GET /api/auth/providers`; Google, GitHub when configured),
 * or null while they load. Empty when the list cannot be read: the e-mail screens still work.
 */
function useProviders(): Provider[] | null {
  const [providers, setProviders] = useState<Provider[] | null>(null);
  useEffect(() => {
    const { apiBase = '' } = pageConfig();
    let live = true;
    fetch(`${apiBase.replace(/\/$/, '')}/api/auth/providers`)
      .then((response) => (response.ok ? response.json() : { providers: [] }))
      .then((body: { providers?: Provider[] }) => live && setProviders(body.providers ?? []))
      .catch(() => live && setProviders([]));
    return () => {
      live = false;
    };
  }, []);
  return providers;
}

interface PageConfig {
  appId?: string;
  apiBase?: string;
  basePath?: string;
  previewToken?: string;
}

const pageConfig = (): PageConfig => (window as unknown as { __ATELIER__?: PageConfig }).__ATELIER__ ?? {};

/** `from_url` when this page is the hosted login (an end-user screen's path with `from_url`), else null. */
export function hostedLoginRequest(): string | null {
  const { pathname, search } = window.location;
  return hostedLoginReturn(pathname, search, pageConfig().basePath ?? '/');
}

let returning: Promise<void> | null = null;

/**
 * Trades the app SDK's sign-in for a Base44 session and goes back to `fromUrl` with it (once). An
 * own-entry app never shows the screens' session: it ends, so the Base44 SDK's sign-out is complete;
 * a generated app keeps it (its own screens and account corner use it).
 */
function returnWithToken(fromUrl: string, keepSession: boolean): Promise<void> {
  returning ??= (async () => {
    const { appId = '', apiBase = '' } = pageConfig();
    const token = await auth.accessToken();
    const response = await fetch(
      `${apiBase.replace(/\/$/, '')}/api/apps/${encodeURIComponent(appId)}/auth/hosted-login`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ from_url: fromUrl }),
      },
    );
    const body = (await response.json().catch(() => null)) as {
      redirect_url?: string;
      error?: { message?: string };
    } | null;
    if (!response.ok || !body?.redirect_url) {
      throw new Error(body?.error?.message || 'Something went wrong, try again later');
    }
    if (!keepSession) await auth.logout().catch(() => undefined);
    window.location.replace(body.redirect_url);
  })().catch((error: unknown) => {
    returning = null;
    throw error;
  });
  return returning;
}

function Message({ title, text, role }: { title: string; text: string; role: 'alert' | 'status' }) {
  return (
    <div className="mx-auto my-10 w-full max-w-sm px-4">
      <Card>
        <CardHeader>
          <h1 className="text-xl font-semibold leading-none tracking-tight">{title}</h1>
        </CardHeader>
        <CardContent>
          {role === 'alert' ? (
            <Alert variant="destructive" role="alert">
              <AlertDescription>{text}</AlertDescription>
            </Alert>
          ) : (
            <p className="text-sm text-muted-foreground" role="status">
              {text}
            </p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

const SCREENS: { path: string; Screen: ComponentType }[] = [
  { path: AUTH_PATHS.signIn, Screen: SignInScreen },
  { path: AUTH_PATHS.signUp, Screen: SignUpScreen },
  { path: AUTH_PATHS.forgotPassword, Screen: ForgotPasswordScreen },
];

function HostedLoginScreens({ complete, fromUrl }: { complete: () => Promise<void>; fromUrl: string }) {
  const { status } = useAuthState();
  const [provider] = useState(() => requestedProvider(window.location.search));
  const [problem, setProblem] = useState<string | null>(null);
  const providers = useProviders();
  const startUrl = (id: string) => {
    const { apiBase = '', appId = '' } = pageConfig();
    return providerStartUrl(apiBase, appId, id, fromUrl);
  };
  // Not in the builder's preview, a frame: providers' pages refuse to be shown in one.
  const inPreview = Boolean(pageConfig().previewToken);
  const known = provider && providers?.some((item) => item.id === provider.id) ? provider : null;
  const asked = inPreview ? null : known;
  const askedUrl = asked ? startUrl(asked.id) : null;
  // Already signed in here (a stored session, or an e-mailed sign-in link just used): straight back.
  useEffect(() => {
    if (status !== 'signed-in') return;
    complete().catch((error: unknown) => setProblem((error as Error).message));
  }, [status, complete]);
  // `loginWithProvider(provider)` of a provider the server has: straight on to it.
  useEffect(() => {
    if (status === 'signed-out' && askedUrl) window.location.replace(askedUrl);
  }, [status, askedUrl]);
  if (status === 'loading' || (status === 'signed-in' && !problem) || asked || (provider && !providers)) {
    return <Message title="Sign in" text={HOSTED_LOGIN_TEXTS.returning} role="status" />;
  }
  if (problem) return <Message title="Sign in" text={problem} role="alert" />;
  return (
    <>
      {provider && (
        <div className="mx-auto mt-10 -mb-6 w-full max-w-sm px-4">
          <Alert role="alert">
            <AlertDescription>
              {known
                ? HOSTED_LOGIN_TEXTS.providerInPreview(provider.name)
                : HOSTED_LOGIN_TEXTS.providerMissing(provider.name)}
            </AlertDescription>
          </Alert>
        </div>
      )}
      {!inPreview && providers && providers.length > 0 && (
        <div className="mx-auto mt-10 -mb-6 flex w-full max-w-sm flex-col gap-2 px-4">
          {providers.map((item) => (
            <Button key={item.id} variant="outline" onClick={() => window.location.assign(startUrl(item.id))}>
              {HOSTED_LOGIN_TEXTS.continueWith(item.name)}
            </Button>
          ))}
        </div>
      )}
      <Routes>
        {SCREENS.map(({ path, Screen }) => (
          <Route key={path} path={path} element={<Screen />} />
        ))}
        <Route path="*" element={<Navigate to={AUTH_PATHS.signIn} replace />} />
      </Routes>
    </>
  );
}

function HostedLogin({ fromUrl, keepSession }: { fromUrl: string; keepSession: boolean }) {
  const basePath = pageConfig().basePath ?? '/';
  const allowed = isAppReturnAddress(fromUrl, window.location.origin, basePath);
  const context = useMemo(
    () => ({
      // E-mailed links (code, verification, password reset) continue to this page (in the builder's
      // preview too), so they end back where the end user started.
      address: hostedLoginAddress(window.location, basePath, fromUrl),
      complete: () => returnWithToken(fromUrl, keepSession),
    }),
    [fromUrl, basePath, keepSession],
  );
  if (!allowed) {
    return <Message title={HOSTED_LOGIN_TEXTS.refusedTitle} text={HOSTED_LOGIN_TEXTS.refused} role="alert" />;
  }
  return (
    <HostedLoginContext.Provider value={context}>
      <AuthProvider previewIdentity={false}>
        <HostedLoginScreens complete={context.complete} fromUrl={fromUrl} />
      </AuthProvider>
    </HostedLoginContext.Provider>
  );
}

/** Renders the hosted login into `element` instead of the app. */
export function mountHostedLogin(fromUrl: string, element: HTMLElement, keepSession: boolean): void {
  const basename = (pageConfig().basePath ?? '/').replace(/\/$/, '') || '/';
  createRoot(element).render(
    <StrictMode>
      <BrowserRouter basename={basename}>
        <HostedLogin fromUrl={fromUrl} keepSession={keepSession} />
      </BrowserRouter>
    </StrictMode>,
  );
}
