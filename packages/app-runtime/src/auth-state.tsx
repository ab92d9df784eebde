/**
 * The end user's session in a compiled app (browser code): who is signed in, through the app SDK
 * against the app's own tenant. Tokens live in the app origin's localStorage (the SDK), so a
 * session survives reloads. An e-mailed sign-in link lands on the app with `#customToken=…`
 * (the platform's /auth/handler puts it there): it is exchanged once and removed from the address.
 */
import { type AppUser, auth } from '@atelier/app-sdk';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { customTokenOfHash } from './auth-paths.ts';

export interface AuthWindowConfig {
  /** End users may create accounts (the app's User signup setting, and the app is published). */
  signupEnabled?: boolean;
  /** The app's "Require login to access": every page sends signed-out visitors to sign in. */
  requireLogin?: boolean;
  /** The app's name, shown on the sign-in screens. */
  appName?: string;
}

export const authConfig = (): AuthWindowConfig =>
  (window as unknown as { __ATELIER__?: { auth?: AuthWindowConfig } }).__ATELIER__?.auth ?? {};

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

/**
 * On the hosted login page of `@base44/sdk` (`/login?from_url=`, hosted-login.tsx): a sign-in on
 * the end-user screens ends with `complete()` (back to the app with a token) instead of in-app
 * navigation, and e-mailed links continue to `address` (this page, with its `from_url`).
 */
export interface HostedLogin {
  address: string;
  complete(): Promise<void>;
}

export const HostedLoginContext = createContext<HostedLogin | null>(null);

export const useHostedLogin = () => useContext(HostedLoginContext);

export interface AuthState {
  status: AuthStatus;
  user: AppUser | null;
  /** After a sign-in or sign-up through the SDK. */
  signedIn(user: AppUser): void;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

export function useAuthState(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuthState outside <AuthProvider>');
  return state;
}

async function initialUser(previewIdentity: boolean): Promise<AppUser | null> {
  const token = customTokenOfHash(window.location.hash);
  if (token) {
    // Used once: taken out of the address (and the history entry) before anything else runs.
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    try {
      return await auth.signInWithCustomToken(token);
    } catch {
      // An expired or used link: signed out, the sign-in screen says what to do.
    }
  }
  // In the builder's preview the credential acts as the owner or the test end user ("View as").
  const inPreview =
    previewIdentity &&
    Boolean((window as unknown as { __ATELIER__?: { previewToken?: string } }).__ATELIER__?.previewToken);
  if (!auth.hasStoredSession() && !inPreview) return null;
  try {
    return await auth.me();
  } catch (error) {
    if ((error as { status?: number }).status === 401) {
      await auth.logout().catch(() => undefined);
      return null;
    }
    throw error;
  }
}

/**
 * `previewIdentity` (default true): in the builder's preview, whom the preview credential acts as
 * counts as signed in. The hosted login turns it off: only a real sign-in of the app's end user
 * can be handed to the Base44 SDK.
 */
export function AuthProvider({
  children,
  previewIdentity = true,
}: {
  children: ReactNode;
  previewIdentity?: boolean;
}) {
  const [user, setUser] = useState<AppUser | null>(null);
  const [status, setStatus] = useState<AuthStatus>('loading');
  useEffect(() => {
    let live = true;
    initialUser(previewIdentity)
      .catch(() => null)
      .then((found) => {
        if (!live) return;
        setUser(found);
        setStatus(found ? 'signed-in' : 'signed-out');
      });
    return () => {
      live = false;
    };
  }, [previewIdentity]);
  const signedIn = useCallback((next: AppUser) => {
    setUser(next);
    setStatus('signed-in');
  }, []);
  const signOut = useCallback(async () => {
    await auth.logout().catch(() => undefined);
    setUser(null);
    setStatus('signed-out');
  }, []);
  const value = useMemo(() => ({ status, user, signedIn, signOut }), [status, user, signedIn, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
