/**
 * `@base44/sdk` as an exported Base44 app's page imports it (vendor module `base44-sdk`): the real
 * SDK, whose `createClient` talks to the Atelier server and app that serve the page, whatever
 * `serverUrl` (older exports hard-code https://base44.app) and `appId` the app's code gives, and
 * whose sign-in redirects go to the app's hosted login page.
 */
import { type CreateClientConfig, createClient as createBase44Client } from '@base44/sdk';
import {
  atelierPage,
  hostedLoginUrl,
  isPreviewCredential,
  pageLocation,
  previewHeaders,
} from './atelier-page.ts';

export * from '@base44/sdk';

export function createClient(config: CreateClientConfig): ReturnType<typeof createBase44Client> {
  const page = atelierPage();
  if (!page?.appId || !page.apiBase) return createBase44Client(config);
  const client = createBase44Client({
    ...config,
    // The preview's credential (its address's `token`, which an export's reworked app-params may read
    // as its access token) is no session as a Bearer token (401): the preview sends its own header
    // below. A token of the app's end user is kept.
    token: isPreviewCredential(config.token) ? undefined : config.token,
    appId: page.appId,
    serverUrl: page.apiBase.replace(/\/$/, ''),
    appBaseUrl: undefined,
    // Not the app's own headers: they carry Base44 credentials (`api_key`) meant for base44.app,
    // and a custom header fails the browser's CORS preflight.
    headers: previewHeaders(),
  });
  // Sign-in is the app's hosted login page on its own origin (under the page's base path). Atelier's
  // apps have no social providers of their own: `loginWithProvider` shows the same page, which says
  // that the provider is not set up and offers the e-mail sign-in.
  const toLogin = (fromUrl: string, provider?: string) => {
    pageLocation().href = hostedLoginUrl(fromUrl, provider);
  };
  client.auth.redirectToLogin = (nextUrl?: string) => toLogin(nextUrl ?? pageLocation().href);
  client.auth.loginWithProvider = (provider: string, fromUrl = '/') => toLogin(fromUrl, provider);
  // SDK 0.1.x called it `login(fromUrl)`; older exports (`User.login()`) still do. Their code also
  // writes `User.updateMyUserData(…)` (Base44's own name for `updateMe`, 15 of 110 exports measured)
  // with `User = base44.auth` in its own api/entities.js.
  Object.assign(client.auth, {
    login: (fromUrl?: string) => toLogin(fromUrl ?? pageLocation().href),
    updateMyUserData: (data: Record<string, unknown>) => client.auth.updateMe(data),
  });
  return client;
}
