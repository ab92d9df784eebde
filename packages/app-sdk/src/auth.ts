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
  login(credentials: { email: string; password: string }): Promise<AppUser>;
  signup(details: { email: string; password: string; name?: string }): Promise<AppUser>;
  logout(): Promise<void>;
  /** Changes fields of the signed-in user's own record (name and the app's custom user fields). */
  updateMe(data: Record<string, unknown>): Promise<AppUser & EntityRecord>;
  /** Uses tokens obtained elsewhere (e.g. a custom-token sign-in). */
  setTokens(accessToken: string | null, refreshToken?: string): void;
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
  };
}
