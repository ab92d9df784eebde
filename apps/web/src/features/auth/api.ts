import type {
  Account,
  AuthActionMode,
  AuthUser,
  CustomTokenResponse,
  MagicLinkResponse,
  MessageResponse,
  OAuthProviderInfo,
  OutboxMessage,
  SessionResponse,
  SignInResponse,
  TokenResponse,
} from '@atelier/shared';
import { answer, api } from '../../lib/api.ts';
import { ApiError } from '../../lib/api-client.ts';

export const queryKeys = {
  all: ['auth'] as const,
  session: () => [...queryKeys.all, 'session'] as const,
  account: () => [...queryKeys.all, 'account'] as const,
  providers: () => [...queryKeys.all, 'providers'] as const,
  outbox: () => ['dev', 'outbox'] as const,
  adminSetup: () => [...queryKeys.all, 'admin-setup'] as const,
};

export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/** The signed-in session, or null when signed out (asked with ?optional=1: no failed request). */
export async function fetchSession(signal?: AbortSignal): Promise<SessionResponse | null> {
  // Signed out: `{ user: null, tenantId: null }`, which openapi-fetch types as `{}` (its Readable<>
  // drops keys typed null only: openapi-ts/openapi-typescript#2717).
  const session = await answer<SessionResponse | { user?: null }>(
    api.GET('/auth/session', { params: { query: { optional: '1' } }, signal }),
  );
  return session.user ? (session as SessionResponse) : null;
}

export const authApi = {
  signup: (body: { email: string; password: string; name?: string | undefined }) =>
    answer<SignInResponse>(api.POST('/auth/signup', { body })),
  login: (body: { email: string; password: string }) =>
    answer<SignInResponse>(api.POST('/auth/login', { body })),
  logout: () => answer<{ ok: true }>(api.POST('/auth/logout')),
  refresh: () => answer<TokenResponse>(api.POST('/auth/token/refresh', { body: {} })),
  providers: (signal?: AbortSignal) =>
    answer<{ providers: OAuthProviderInfo[] }>(api.GET('/auth/providers', { signal })),
  sendVerification: (continueUrl: string | null) =>
    answer<{ sent: boolean; alreadyVerified: boolean }>(
      api.POST('/auth/verify-email/send', { body: { continueUrl } }),
    ),
  verifyEmail: (token: string, continueUrl: string | null) =>
    answer<{ message: string; email: string; continueUrl: string | null }>(
      api.POST('/auth/verify-email', { body: { token, continueUrl } }),
    ),
  inspectActionCode: (mode: AuthActionMode, token: string) =>
    answer<{ mode: AuthActionMode; email: string; newEmail: string | null }>(
      api.POST('/auth/action-code', { body: { mode, token } }),
    ),
  resetPassword: (token: string, password: string, continueUrl: string | null) =>
    answer<{ message: string; continueUrl: string | null }>(
      api.POST('/auth/password-reset', { body: { token, password, continueUrl } }),
    ),
  sendResetPasswordEmail: (email: string, continueUrl: string | null) =>
    answer<MessageResponse>(
      api.POST('/live_api/account/sendResetPasswordEmail', { body: { email, mainAppId: null, continueUrl } }),
    ),
  sendMagicLink: (email: string, continueUrl: string | null) =>
    answer<MessageResponse>(api.POST('/live_api/account/sendMagicLink', { body: { email, continueUrl } })),
  validateOtp: (email: string, otp: string) =>
    answer<CustomTokenResponse>(api.POST('/live_api/account/validateOtp', { body: { email, otp } })),
  magicLink: (token: string, continueUrl: string | null) =>
    answer<MagicLinkResponse>(api.POST('/auth/magic-link', { body: { token, continueUrl } })),
  customToken: (token: string) => answer<SignInResponse>(api.POST('/auth/custom-token', { body: { token } })),
  /** With a sale id (paid before sign-up), the account claims that sale (spec 1 §4). */
  createAccount: (saleId?: string | null) =>
    answer<{ accountId: string }>(
      api.POST('/live_api/account/create', { params: { query: saleId ? { sale_id: saleId } : {} } }),
    ),
  account: (signal?: AbortSignal) => answer<Account>(api.GET('/live_api/account/current', { signal })),
  updateProfile: (body: { name?: string | null; businessDetails?: string | null }) =>
    answer<{ user: AuthUser }>(api.PATCH('/auth/profile', { body })),
  changePassword: (body: { currentPassword?: string | undefined; newPassword: string }) =>
    answer<MessageResponse>(api.POST('/auth/password', { body })),
  revokeAllSessions: () => answer<MessageResponse>(api.POST('/auth/sessions/revoke-all')),
  deleteAccount: (confirmEmail: string) =>
    answer<MessageResponse>(api.DELETE('/auth/account', { body: { confirmEmail } })),
  requestEmailChange: (newEmail: string) =>
    answer<MessageResponse>(api.POST('/auth/email-change', { body: { newEmail } })),
  adminSetupPending: () => answer<{ pending: boolean }>(api.GET('/auth/admin-setup')),
  claimAdmin: (code: string) => answer<{ user: AuthUser }>(api.POST('/auth/admin-setup', { body: { code } })),
  completeEmailChange: (newEmail: string, oobCode: string) =>
    answer<{ message: string; email: string }>(
      api.POST('/live_api/account/completeEmailChange', { body: { newEmail, oobCode } }),
    ),
  outbox: (signal?: AbortSignal) => answer<{ messages: OutboxMessage[] }>(api.GET('/dev/outbox', { signal })),
};
