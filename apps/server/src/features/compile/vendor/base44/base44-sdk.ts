/**
 * `@base44/sdk` as an exported Base44 app's page imports it (vendor module `base44-sdk`): the real
 * SDK, whose `createClient` talks to the Atelier server and app that serve the page, whatever
 * `serverUrl` (older exports hard-code https://base44.app) and `appId` the app's code gives.
 */
import { type CreateClientConfig, createClient as createBase44Client } from '@base44/sdk';
import { atelierPage, previewHeaders } from './atelier-page.ts';

export * from '@base44/sdk';

export function createClient(config: CreateClientConfig): ReturnType<typeof createBase44Client> {
  const page = atelierPage();
  if (!page?.appId || !page.apiBase) return createBase44Client(config);
  return createBase44Client({
    ...config,
    appId: page.appId,
    serverUrl: page.apiBase.replace(/\/$/, ''),
    appBaseUrl: undefined,
    headers: { ...config.headers, ...previewHeaders() },
  });
}
