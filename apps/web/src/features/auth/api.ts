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
import { ApiError, apiFetch } from '../../lib/api-client.ts';

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
  const answer = await apiFetch<SessionResponse | { user: null; tenantId: null }>(
    '/api/auth/session?optional=1',
    {
      signal,
    },
  );
  return answer.user ? (answer as SessionResponse) : null;
}

const post = <T>(path: string, body?: unknown) => apiFetch<T>(path, { method: 'POST', body });

export const authApi = {
  signup: (body: { email: string; password: string; name?: string | undefined }) =>
    post<SignInResponse>('/api/auth/signup', body),
  login: (body: { email: string; password: string }) => post<SignInResponse>('/api/auth/login', body),
  logout: () => post<{ ok: true }>('/api/auth/logout'),
  refresh: () => post<TokenResponse>('/api/auth/token/refresh', {}),
  providers: (signal?: AbortSignal) =>
    apiFetch<{ providers: OAuthProviderInfo[] }>('/api/auth/providers', { signal }),
  sendVerification: (continueUrl: string | null) =>
    post<{ sent: boolean; alreadyVerified: boolean }>('/api/auth/verify-email/send', { continueUrl }),
  verifyEmail: (token: string, continueUrl: string | null) =>
    post<{ message: string; email: string; continueUrl: string | null }>('/api/auth/verify-email', {
      token,
      continueUrl,
    }),
  inspectActionCode: (mode: AuthActionMode, token: string) =>
    post<{ mode: AuthActionMode; email: string; newEmail: string | null }>('/api/auth/action-code', {
      mode,
      token,
    }),
  resetPassword: (token: string, password: string, continueUrl: string | null) =>
    post<{ message: string; continueUrl: string | null }>('/api/auth/password-reset', {
      token,
      password,
      continueUrl,
    }),
  sendResetPasswordEmail: (email: string, continueUrl: string | null) =>
    post<MessageResponse>('/api/live_api/account/sendResetPasswordEmail', {
      email,
      mainAppId: null,
      continueUrl,
    }),
  sendMagicLink: (email: string, continueUrl: string | null) =>
    post<MessageResponse>('/api/live_api/account/sendMagicLink', { email, continueUrl }),
  validateOtp: (email: string, otp: string) =>
    post<CustomTokenResponse>('/api/live_api/account/validateOtp', { email, otp }),
  magicLink: (token: string, continueUrl: string | null) =>
    post<MagicLinkResponse>('/api/auth/magic-link', { token, continueUrl }),
  customToken: (token: string) => post<SignInResponse>('/api/auth/custom-token', { token }),
  /** With a sale id (paid before sign-up), the account claims that sale (spec 1 §4). */
  createAccount: (saleId?: string | null) =>
    post<{ accountId: string }>(
      `/api/live_api/account/create${saleId ? `?${new URLSearchParams({ sale_id: saleId })}` : ''}`,
    ),
  account: (signal?: AbortSignal) => apiFetch<Account>('/api/live_api/account/current', { signal }),
  updateProfile: (body: { name?: string | null; businessDetails?: string | null }) =>
    apiFetch<{ user: AuthUser }>('/api/auth/profile', { method: 'PATCH', body }),
  changePassword: (body: { currentPassword?: string | undefined; newPassword: string }) =>
    post<MessageResponse>('/api/auth/password', body),
  revokeAllSessions: () => post<MessageResponse>('/api/auth/sessions/revoke-all'),
  deleteAccount: (confirmEmail: string) =>
    apiFetch<MessageResponse>('/api/auth/account', { method: 'DELETE', body: { confirmEmail } }),
  requestEmailChange: (newEmail: string) => post<MessageResponse>('/api/auth/email-change', { newEmail }),
  adminSetupPending: () => apiFetch<{ pending: boolean }>('/api/auth/admin-setup'),
  claimAdmin: (code: string) => post<{ user: AuthUser }>('/api/auth/admin-setup', { code }),
  completeEmailChange: (newEmail: string, oobCode: string) =>
    post<{ message: string; email: string }>('/api/live_api/account/completeEmailChange', {
      newEmail,
      oobCode,
    }),
  outbox: (signal?: AbortSignal) => apiFetch<{ messages: OutboxMessage[] }>('/api/dev/outbox', { signal }),
};
