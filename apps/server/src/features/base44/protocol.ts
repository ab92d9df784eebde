import type { Context } from 'hono';

/**
 * How a request of `@base44/sdk` is told from one of Atelier's own app SDK on the paths both use
 * (`/api/apps/{appId}/entities/…`): the Base44 SDK sends `X-App-Id` on every call (createClient
 * sets it as a default header); Atelier's SDK and the web app never do.
 */
export const BASE44_APP_ID_HEADER = 'x-app-id';

export const fromBase44Sdk = (c: Context): boolean => c.req.header(BASE44_APP_ID_HEADER) !== undefined;
