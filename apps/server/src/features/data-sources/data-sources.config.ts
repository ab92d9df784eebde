import { z } from 'zod';

/** Env variables of the data sources area (README "Configuration"). */
export const dataSourcesEnvSchema = z.object({
  /** Tests only (honoured only with NODE_ENV=test): let the SSRF guard reach 127.0.0.1 test servers. */
  NET_ALLOW_LOOPBACK: z.enum(['true', 'false']).optional(),
  /** Notion integration token: when set, the Data Sources dialog offers Notion pages. */
  NOTION_TOKEN: z.string().min(1).optional(),
  /** Notion API base URL (tests point it at a fake server). */
  NOTION_API_BASE: z.url().optional(),
  /** Google Drive OAuth access token: when set, the Data Sources dialog offers Google Docs and Sheets. */
  GOOGLE_DRIVE_TOKEN: z.string().min(1).optional(),
  /** Google Drive API base URL (tests point it at a fake server). */
  GOOGLE_DRIVE_API_BASE: z.url().optional(),
});

export interface DataSourcesConfig {
  netAllowLoopback: boolean;
  notion: { token: string | undefined; apiBase: string | undefined };
  googleDrive: { token: string | undefined; apiBase: string | undefined };
}

export function toDataSourcesConfig(
  e: z.infer<typeof dataSourcesEnvSchema> & { NODE_ENV: string },
): DataSourcesConfig {
  return {
    netAllowLoopback: e.NODE_ENV === 'test' && e.NET_ALLOW_LOOPBACK === 'true',
    notion: { token: e.NOTION_TOKEN, apiBase: e.NOTION_API_BASE },
    googleDrive: { token: e.GOOGLE_DRIVE_TOKEN, apiBase: e.GOOGLE_DRIVE_API_BASE },
  };
}
