/**
 * `@base44/sdk/dist/utils/axios-client` (Base44's template reads the app's public settings with
 * it, against a path of its own origin): the same client, its relative base URL on the Atelier
 * server that serves the page.
 */
import { createAxiosClient as createBase44AxiosClient } from '@base44/sdk/dist/utils/axios-client.js';
import { isPreviewCredential, onAtelier, previewHeaders } from './atelier-page.ts';

export * from '@base44/sdk/dist/utils/axios-client.js';

export function createAxiosClient(options: Parameters<typeof createBase44AxiosClient>[0]) {
  return createBase44AxiosClient({
    ...options,
    // The preview's credential, which the template's app-params read as its token, is no session.
    token: isPreviewCredential(options.token) ? undefined : options.token,
    baseURL: onAtelier(options.baseURL),
    headers: { ...options.headers, ...previewHeaders() },
  });
}
