import { safeRedirectPath } from '@atelier/shared';

export const HOME_PATH = '/home';
export const VERIFY_EMAIL_PATH = '/auth/verifyEmail';
const SIGN_IN_PAGES = new Set(['/login', '/signup']);

export interface AfterSignInInput {
  emailVerified: boolean;
  /** The `redirectTo` query parameter, if any. */
  redirectTo: string | null;
  /** Where the user is when sign-in completes (pathname). */
  currentPath: string;
  appName?: string | null;
}

/**
 * spec 1 §2 "After sign-in": an unverified e-mail goes to the verify-email screen (which continues
 * to redirectTo once verified); else redirectTo is honoured; else from /login or /signup go to
 * /home. Null: stay where you are.
 */
export function afterSignInPath({
  emailVerified,
  redirectTo,
  currentPath,
  appName,
}: AfterSignInInput): string | null {
  const target = safeRedirectPath(redirectTo);
  if (!emailVerified) {
    const params = new URLSearchParams();
    params.set('continueUrl', target ?? (SIGN_IN_PAGES.has(currentPath) ? HOME_PATH : currentPath));
    params.set('appName', appName ?? 'Atelier');
    return `${VERIFY_EMAIL_PATH}?${params.toString()}`;
  }
  if (target) return target;
  if (SIGN_IN_PAGES.has(currentPath)) return HOME_PATH;
  return null;
}

/** `/login?redirectTo=…` for a page that needs a signed-in user. */
export function loginPathFor(path: string): string {
  return `/login?${new URLSearchParams({ redirectTo: path }).toString()}`;
}
