import type { Actor } from '../auth/actor.ts';
import type { AuthRuntime } from '../auth/runtime.ts';
import type { Logger } from '../logger.ts';

/** Hono context variables set by the platform middleware. */
export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
    /** Sign-in services (set on every request by `authContext`). */
    auth: AuthRuntime;
    /** The signed-in actor: set by `requireActor`/`requireBuilder`/`requireAdmin` (and `optionalActor`). */
    actor: Actor;
    /**
     * The app whose own host (`{slug}.{APPS_DOMAIN}` or a verified domain) the request came to, for
     * the only API route an app host hands on: its backend functions (features/preview/published.routes.ts).
     */
    appHost: string;
  };
}
