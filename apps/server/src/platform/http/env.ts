import type { Logger } from '../logger.ts';

/** Hono context variables set by the platform middleware. */
export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
  };
}
