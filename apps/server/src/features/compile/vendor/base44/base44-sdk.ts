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
  forgetStoredPreviewCredential();
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
  // Sign-in is the app's hosted login page on its own origin (under the page's base path);
  // `loginWithProvider` opens it with the provider, which goes on to it when the server has it and
  // otherwise says it is not set up and offers the e-mail sign-in.
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
  if (page.previewToken) pollConversations(client);
  return client;
}

/**
 * The preview's credential the runtime left where Base44's app-params read the access token
 * (app-runtime `seedPreviewAccessToken`), read by the app's code by now: out of storage, so the
 * SDK (which reads `base44_access_token` on every call) never sends it as a session.
 */
function forgetStoredPreviewCredential(): void {
  try {
    const storage = (
      globalThis as unknown as {
        localStorage?: { getItem(key: string): string | null; removeItem(key: string): void };
      }
    ).localStorage;
    const stored = storage?.getItem('base44_access_token') ?? undefined;
    if (isPreviewCredential(stored)) storage?.removeItem('base44_access_token');
  } catch {
    // No storage: nothing was left there.
  }
}

/** How often the builder's preview reads a subscribed agent conversation again. */
export const PREVIEW_CONVERSATION_POLL_MS = 750;

/**
 * `agents.subscribeToConversation` in the builder's preview: the preview's credential is a header,
 * which the SDK's socket (a WebSocket) cannot carry, so the socket is not the builder's and its room
 * stays silent. The conversation is read again while subscribed instead, and `onUpdate` gets it
 * each time its messages changed (as the socket's `update_model` events would).
 */
function pollConversations(client: ReturnType<typeof createBase44Client>) {
  const { agents } = client;
  agents.subscribeToConversation = (conversationId, onUpdate) => {
    let stopped = false;
    let seen: string | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const conversation = await agents.getConversation(conversationId);
        const messages = JSON.stringify(conversation?.messages ?? []);
        if (conversation && seen !== undefined && messages !== seen && !stopped) onUpdate?.(conversation);
        seen = messages;
      } catch {
        // Read again at the next turn (the preview may be offline for a moment).
      }
      if (!stopped) timer = setTimeout(read, PREVIEW_CONVERSATION_POLL_MS);
    };
    void read();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  };
}
