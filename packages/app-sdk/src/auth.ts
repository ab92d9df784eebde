import type { EntityRecord } from './entities.ts';
import type { Transport } from './transport.ts';

/** The signed-in end user (the app's `User`). */
export interface AppUser {
  id: string;
  email: string;
  name: string | null;
  emailVerified?: boolean;
  isAdmin?: boolean;
  createdAt?: string;
  [field: string]: unknown;
}

export interface SignInAnswer {
  user: AppUser;
  tenantId: string;
  accessToken?: string;
  refreshToken?: string;
  expiresIn?: number;
}

export interface AuthClient {
  /** The signed-in user; throws `AtelierError` with status 401 when nobody is signed in. */
  me(): Promise<AppUser>;
  /** True when a user is signed in (asks the server). */
  isAuthenticated(): Promise<boolean>;
  /** Whether this page holds a session (stored tokens); no request. */
  hasStoredSession(): boolean;
  /** The signed-in user's access token (refreshed when due), for a call the SDK does not make; null when signed out. */
  accessToken(): Promise<string | null>;
  login(credentials: { email: string; password: string }): Promise<AppUser>;
  /** `continueUrl`: where the verification link lands, on this app (as `sendMagicLink`'s). */
  signup(details: { email: string; password: string; name?: string; continueUrl?: string }): Promise<AppUser>;
  logout(): Promise<void>;
  /** Changes fields of the signed-in user's own record (name and the app's custom user fields). */
  updateMe(data: Record<string, unknown>): Promise<AppUser & EntityRecord>;
  /** Uses tokens obtained elsewhere (e.g. a custom-token sign-in). */
  setTokens(accessToken: string | null, refreshToken?: string): void;
  /** E-mails a sign-in link and a 6-digit code (`continueUrl`: where the link lands, on this app). */
  sendMagicLink(email: string, continueUrl?: string): Promise<void>;
  /** Signs in with the 6-digit code of that e-mail. */
  verifyCode(email: string, code: string): Promise<AppUser>;
  /** Signs in with a single-use custom token (what an e-mailed sign-in link hands to the app). */
  signInWithCustomToken(token: string): Promise<AppUser>;
  /** E-mails a link to choose a new password (the same answer whether or not the account exists). */
  sendPasswordReset(email: string, continueUrl?: string): Promise<void>;
}

export function authClient(transport: () => Transport): AuthClient {
  const signIn = async (path: string, body: unknown) => {
    const t = transport();
    const answer = await t.request<SignInAnswer>('POST', path, { query: { appId: t.appId }, body });
    if (answer.accessToken) {
      t.tokens.set({
        accessToken: answer.accessToken,
        refreshToken: answer.refreshToken,
        obtainedAt: Date.now(),
      });
    }
    return answer.user;
  };
  return {
    async me() {
      const t = transport();
      const answer = await t.request<{ user: AppUser }>('GET', '/api/auth/session', {
        query: { appId: t.appId },
      });
      return answer.user;
    },
    async isAuthenticated() {
      try {
        await this.me();
        return true;
      } catch (error) {
        if ((error as { status?: number }).status === 401) return false;
        throw error;
      }
    },
    hasStoredSession: () => transport().tokens.get() !== null,
    accessToken: () => transport().accessToken(),
    login: (credentials) => signIn('/api/auth/login', credentials),
    signup: (details) => signIn('/api/auth/signup', details),
    async logout() {
      const t = transport();
      try {
        await t.request<unknown>('POST', '/api/auth/logout');
      } finally {
        t.tokens.set(null);
      }
    },
    updateMe: async (data) => {
      const t = transport();
      return t.request('PATCH', t.appPath('entities', 'User', 'me'), { body: data });
    },
    setTokens(accessToken, refreshToken) {
      transport().tokens.set(accessToken ? { accessToken, refreshToken, obtainedAt: Date.now() } : null);
    },
    async sendMagicLink(email, continueUrl) {
      const t = transport();
      await t.request('POST', '/api/live_api/account/sendMagicLink', {
        query: { appId: t.appId },
        body: { email, continueUrl },
      });
    },
    async verifyCode(email, code) {
      const t = transport();
      const { customToken } = await t.request<{ customToken: string }>(
        'POST',
        '/api/live_api/account/validateOtp',
        { query: { appId: t.appId }, body: { email, otp: code } },
      );
      return this.signInWithCustomToken(customToken);
    },
    signInWithCustomToken: (token) => signIn('/api/auth/custom-token', { token }),
    async sendPasswordReset(email, continueUrl) {
      const t = transport();
      await t.request('POST', '/api/live_api/account/sendResetPasswordEmail', {
        body: { email, mainAppId: t.appId, continueUrl },
      });
    },
  };
}
