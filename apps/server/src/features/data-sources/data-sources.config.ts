import { z } from 'zod';

/** Env variables of the data sources area (README "Configuration"). */
export const dataSourcesEnvSchema = z.object({
  /** Tests only (honoured only with NODE_ENV=test): let the SSRF guard reach 127.0.0.1 test servers. */
  NET_ALLOW_LOOPBACK: z.enum(['true', 'false']).optional(),
  NOTION_TOKEN: z.string().optional(),
  NOTION_API_URL: z.url().optional(),
  GOOGLE_DRIVE_TOKEN: z.string().optional(),
  GOOGLE_DRIVE_API_URL: z.url().optional(),
});

export interface DataSourcesConfig {
  netAllowLoopback: boolean;
  notion: { token: string | undefined; apiUrl: string };
  googleDrive: { token: string | undefined; apiUrl: string };
}

export function toDataSourcesConfig(
  e: z.infer<typeof dataSourcesEnvSchema> & { NODE_ENV: string },
): DataSourcesConfig {
  return {
    netAllowLoopback: e.NODE_ENV === 'test' && e.NET_ALLOW_LOOPBACK === 'true',
    notion: {
      token: e.NOTION_TOKEN,
      apiUrl: (e.NOTION_API_URL ?? 'https://api.notion.com').replace(/\/$/, ''),
    },
    googleDrive: {
      token: e.GOOGLE_DRIVE_TOKEN,
      apiUrl: (e.GOOGLE_DRIVE_API_URL ?? 'https://www.googleapis.com').replace(/\/$/, ''),
    },
  };
}
