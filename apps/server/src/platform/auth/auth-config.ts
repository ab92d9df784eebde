import { z } from 'zod';
import type { OAuthEndpoints } from './oauth-endpoints.ts';

/** Sign-in settings from the environment (README "Configuration"). Secrets here are never logged. */
export interface AuthConfig {
  /** Lower-cased addresses whose builder accounts are admins. */
  adminEmails: string[];
  /** Lower-cased addresses of the admins who may switch the tool template library (spec 1 §6). */
  templateAdminEmails: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionCookieName: string;
  /** Undefined: a generated secret is kept in system_settings (shared by every instance). */
  jwtSecret: string | undefined;
  google: OAuthClientConfig | undefined;
  github: OAuthClientConfig | undefined;
  /** Take the client address from X-Forwarded-For (behind a proxy or load balancer). */
  trustProxy: boolean;
}

export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
  /** Where the provider lives, when not at its usual address (GitHub Enterprise, the tests' fake). */
  endpoints?: OAuthEndpoints;
}

const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

export const authEnvSchema = z.object({
  ADMIN_EMAILS: z.string().optional(),
  TEMPLATE_ADMIN_EMAILS: z.string().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Atelier <no-reply@atelier.local>'),
  SESSION_COOKIE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'SESSION_COOKIE_NAME may hold letters, digits, _ and - only')
    .default('atelier_session'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  GITHUB_OAUTH_URL: z.url().optional(),
  GITHUB_API_URL: z.url().optional(),
  TRUST_PROXY: booleanish.default(false),
});

export function toAuthConfig(e: z.infer<typeof authEnvSchema>): AuthConfig {
  const client = (id: string | undefined, secret: string | undefined) =>
    id && secret ? { clientId: id, clientSecret: secret } : undefined;
  const emails = (list: string | undefined) =>
    (list ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean);
  return {
    adminEmails: emails(e.ADMIN_EMAILS),
    templateAdminEmails: emails(e.TEMPLATE_ADMIN_EMAILS),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sessionCookieName: e.SESSION_COOKIE_NAME,
    jwtSecret: e.JWT_SECRET,
    google: client(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET),
    github: githubClient(
      client(e.GITHUB_CLIENT_ID, e.GITHUB_CLIENT_SECRET),
      e.GITHUB_OAUTH_URL,
      e.GITHUB_API_URL,
    ),
    trustProxy: e.TRUST_PROXY,
  };
}

/** GitHub's client, at GITHUB_OAUTH_URL / GITHUB_API_URL when given (GitHub Enterprise Server, tests). */
function githubClient(
  client: OAuthClientConfig | undefined,
  oauthUrl: string | undefined,
  apiUrl: string | undefined,
): OAuthClientConfig | undefined {
  if (!client || (!oauthUrl && !apiUrl)) return client;
  const oauth = (oauthUrl ?? 'https://github.com').replace(/\/+$/, '');
  const api = (apiUrl ?? 'https://api.github.com').replace(/\/+$/, '');
  return {
    ...client,
    endpoints: {
      authorization: `${oauth}/login/oauth/authorize`,
      token: `${oauth}/login/oauth/access_token`,
      userInfo: `${api}/user`,
      emails: `${api}/user/emails`,
    },
  };
}
