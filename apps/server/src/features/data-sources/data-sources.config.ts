import { z } from 'zod';

/** Env variables of the data sources area (README "Configuration"). */
export const dataSourcesEnvSchema = z.object({
  /** Tests only (honoured only with NODE_ENV=test): let the SSRF guard reach 127.0.0.1 test servers. */
  NET_ALLOW_LOOPBACK: z.enum(['true', 'false']).optional(),
  /** Notion integration token: when set, the Data Sources dialog offers Notion pages. */
  NOTION_TOKEN: z.string().min(1).optional(),
  /** Notion API base URL (tests point it at a fake server); its OAuth endpoints live under it too. */
  NOTION_API_BASE: z.url().optional(),
  /** Notion public integration (OAuth): builders connect their own workspace. */
  NOTION_OAUTH_CLIENT_ID: z.string().min(1).optional(),
  NOTION_OAUTH_CLIENT_SECRET: z.string().min(1).optional(),
  /** Google Drive OAuth access token: when set, the Data Sources dialog offers Google Docs and Sheets. */
  GOOGLE_DRIVE_TOKEN: z.string().min(1).optional(),
  /** Google Drive API base URL (tests point it at a fake server). */
  GOOGLE_DRIVE_API_BASE: z.url().optional(),
  /** Google OAuth client (web application): builders connect their own drive. */
  GOOGLE_OAUTH_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_OAUTH_CLIENT_SECRET: z.string().min(1).optional(),
  /** Google's authorization and token endpoints (tests point them at a fake provider). */
  GOOGLE_OAUTH_AUTHORIZE_URL: z.url().optional(),
  GOOGLE_OAUTH_TOKEN_URL: z.url().optional(),
});

/** An OAuth client the operator registered with the provider; the endpoints default to the provider's. */
export interface ConnectorOAuthClient {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
}

export interface DataSourcesConfig {
  netAllowLoopback: boolean;
  notion: { token: string | undefined; apiBase: string | undefined; oauth: ConnectorOAuthClient | undefined };
  googleDrive: {
    token: string | undefined;
    apiBase: string | undefined;
    oauth: ConnectorOAuthClient | undefined;
  };
}

export const NOTION_API_BASE_DEFAULT = 'https://api.notion.com';
export const GOOGLE_OAUTH_AUTHORIZE_URL_DEFAULT = 'https://accounts.google.com/o/oauth2/v2/auth';
export const GOOGLE_OAUTH_TOKEN_URL_DEFAULT = 'https://oauth2.googleapis.com/token';

const trimmed = (url: string) => url.replace(/\/+$/, '');

export function toDataSourcesConfig(
  e: z.infer<typeof dataSourcesEnvSchema> & { NODE_ENV: string },
): DataSourcesConfig {
  const notionBase = trimmed(e.NOTION_API_BASE ?? NOTION_API_BASE_DEFAULT);
  return {
    netAllowLoopback: e.NODE_ENV === 'test' && e.NET_ALLOW_LOOPBACK === 'true',
    notion: {
      token: e.NOTION_TOKEN,
      apiBase: e.NOTION_API_BASE,
      oauth:
        e.NOTION_OAUTH_CLIENT_ID && e.NOTION_OAUTH_CLIENT_SECRET
          ? {
              clientId: e.NOTION_OAUTH_CLIENT_ID,
              clientSecret: e.NOTION_OAUTH_CLIENT_SECRET,
              authorizeUrl: `${notionBase}/v1/oauth/authorize`,
              tokenUrl: `${notionBase}/v1/oauth/token`,
            }
          : undefined,
    },
    googleDrive: {
      token: e.GOOGLE_DRIVE_TOKEN,
      apiBase: e.GOOGLE_DRIVE_API_BASE,
      oauth:
        e.GOOGLE_OAUTH_CLIENT_ID && e.GOOGLE_OAUTH_CLIENT_SECRET
          ? {
              clientId: e.GOOGLE_OAUTH_CLIENT_ID,
              clientSecret: e.GOOGLE_OAUTH_CLIENT_SECRET,
              authorizeUrl: e.GOOGLE_OAUTH_AUTHORIZE_URL ?? GOOGLE_OAUTH_AUTHORIZE_URL_DEFAULT,
              tokenUrl: e.GOOGLE_OAUTH_TOKEN_URL ?? GOOGLE_OAUTH_TOKEN_URL_DEFAULT,
            }
          : undefined,
    },
  };
}
