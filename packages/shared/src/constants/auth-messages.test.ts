import { describe, expect, it } from 'vitest';
import { AUTH_LIMITS } from './auth.ts';
import { AUTH_MESSAGES } from './auth-messages.ts';

/** spec 1 §5, §8 and §9, copied by hand: a change to a message here must be a change of the spec. */
describe('auth messages and limits', () => {
  it('hold the spec texts verbatim', () => {
    expect(AUTH_MESSAGES).toEqual({
      signup: {
        weakPassword: 'This password is too weak',
        emailInUse: 'This email is already in use, try logging in',
        invalidEmail: 'This email is invalid',
      },
      login: {
        invalidCredentials: 'Invalid email or password',
        userDisabled: 'User is disabled, contact us for more info',
        tooManyAttempts: 'Too many login attempts, try again later',
      },
      reset: {
        invalidLink: 'Link invalid, try to reset your password again',
        weakPassword: 'This password is too weak',
        userNotFoundOrDisabled: 'User not found or disabled',
        failed: 'Error resetting password!',
        success: 'Password reset successfully',
      },
      accountCreate: { failed: 'Something went wrong in creating account, try again later or contact us' },
      emailChange: { emailInUse: 'This email is already in use', success: 'Email updated' },
      magicLink: {
        sendFailed: 'Failed to send magic link. Please try again.',
        invalidOrExpired: 'Invalid or expired magic link',
        invalidEmail: 'Invalid email address',
        signInFailed: 'Failed to sign in with magic link',
        success: 'Successfully signed in!',
        codeSent: 'Verification code sent to your email',
      },
    });
  });

  it('hold the spec numbers', () => {
    expect(AUTH_LIMITS.tokenRefreshIntervalMs).toBe(3_000_000);
    expect(AUTH_LIMITS.saleCreateInitialDelayMs).toBe(3_000);
    expect(AUTH_LIMITS.saleCreateRetries).toBe(7);
    expect(AUTH_LIMITS.saleCreateRetryIntervalMs).toBe(4_000);
  });
});
