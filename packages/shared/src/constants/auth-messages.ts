/**
 * The texts of spec 1 §5 and §8 for sign-up, login, password reset, account creation, e-mail change
 * and magic link, verbatim. The server answers with them, the web app shows them, the tests assert
 * on them: change them only when the spec changes.
 */
export const AUTH_MESSAGES = {
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
  accountCreate: {
    failed: 'Something went wrong in creating account, try again later or contact us',
  },
  emailChange: {
    emailInUse: 'This email is already in use',
    success: 'Email updated',
  },
  magicLink: {
    sendFailed: 'Failed to send magic link. Please try again.',
    invalidOrExpired: 'Invalid or expired magic link',
    invalidEmail: 'Invalid email address',
    signInFailed: 'Failed to sign in with magic link',
    success: 'Successfully signed in!',
    codeSent: 'Verification code sent to your email',
  },
} as const;

/**
 * Our own texts for the parts of the flows the spec leaves unworded (verification, settings,
 * sessions). Kept apart from AUTH_MESSAGES so nobody mistakes them for spec texts.
 */
export const AUTH_TEXTS = {
  signInRequired: 'Sign in to continue',
  wrongTenant: 'This session cannot act here',
  adminOnly: 'Only admins can do this',
  /** A builder whose e-mail is unverified (spec 1 §2 "After sign-in", §4 Auth): only accounts and session calls answer. */
  emailNotVerified: 'Verify your email to continue',
  crossSiteRefused: 'Cross-site request refused',
  appSignupDisabled: 'Sign-up is not enabled for this app',
  tooManyRequests: 'Too many requests, try again later',
  otpAttemptsExceeded: 'Too many wrong codes. Request a new code.',
  mailNotConfigured: 'E-mail sending is not configured on this server',
  emailVerified: 'Your email has been verified',
  verifyLinkInvalid: 'This verification link is invalid or has expired',
  verificationSent: 'Verification email sent',
  emailChangeSent: 'We sent a confirmation link to your new email',
  emailChangeLinkInvalid: 'This email change link is invalid or has expired',
  resetEmailSent: 'If an account exists for this email, we sent a link to reset the password',
  currentPasswordWrong: 'The current password is incorrect',
  passwordChanged: 'Password changed',
  profileSaved: 'Settings saved',
  signedOutEverywhere: 'Signed out of all sessions',
  adminSetupInvalid: 'This setup code is not valid',
  adminSetupDone: 'You are now the admin of this Atelier',
  deleteConfirmMismatch: 'Type your email to confirm',
  accountDeleted: 'Your account has been deleted',
  invalidCustomToken: 'This sign-in token is invalid or has expired',
  socialSignInFailed: 'Social sign-in failed, try again',
  unknownAction: 'This link is not valid',
} as const;
