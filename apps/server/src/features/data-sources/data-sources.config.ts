import { z } from 'zod';

/** Env variables of the data sources area (README "Configuration"). */
export const dataSourcesEnvSchema = z.object({
  /** Tests only (honoured only with NODE_ENV=test): let the SSRF guard reach 127.0.0.1 test servers. */
  NET_ALLOW_LOOPBACK: z.enum(['true', 'false']).optional(),
});

export interface DataSourcesConfig {
  netAllowLoopback: boolean;
}

export function toDataSourcesConfig(
  e: z.infer<typeof dataSourcesEnvSchema> & { NODE_ENV: string },
): DataSourcesConfig {
  return { netAllowLoopback: e.NODE_ENV === 'test' && e.NET_ALLOW_LOOPBACK === 'true' };
}
