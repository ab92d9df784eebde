import { describe, expect, it } from 'vitest';
import { afterSignInPath, loginPathFor } from './after-sign-in.ts';

describe('afterSignInPath', () => {
  it('sends an unverified user to the verify-email screen, keeping where they wanted to go', () => {
    expect(
      afterSignInPath({
        emailVerified: false,
        redirectTo: '/build/app/7',
        currentPath: '/login',
        appName: 'Atelier',
      }),
    ).toBe('/auth/verifyEmail?continueUrl=%2Fbuild%2Fapp%2F7&appName=Atelier');
  });

  it('sends an unverified user from /signup to verification, then /home', () => {
    expect(afterSignInPath({ emailVerified: false, redirectTo: null, currentPath: '/signup' })).toBe(
      '/auth/verifyEmail?continueUrl=%2Fhome&appName=Atelier',
    );
  });

  it('honours redirectTo for a verified user', () => {
    expect(afterSignInPath({ emailVerified: true, redirectTo: '/settings', currentPath: '/login' })).toBe(
      '/settings',
    );
  });

  it('ignores a redirectTo that leaves the site', () => {
    expect(
      afterSignInPath({ emailVerified: true, redirectTo: 'https://evil.example', currentPath: '/login' }),
    ).toBe('/home');
  });

  it('goes to /home from /login or /signup without redirectTo', () => {
    expect(afterSignInPath({ emailVerified: true, redirectTo: null, currentPath: '/login' })).toBe('/home');
    expect(afterSignInPath({ emailVerified: true, redirectTo: null, currentPath: '/signup' })).toBe('/home');
  });

  it('stays on any other page', () => {
    expect(
      afterSignInPath({ emailVerified: true, redirectTo: null, currentPath: '/build/app/3' }),
    ).toBeNull();
  });

  it('builds the login path of a protected page', () => {
    expect(loginPathFor('/settings')).toBe('/login?redirectTo=%2Fsettings');
  });
});
