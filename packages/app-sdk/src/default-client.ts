import { clientOn } from './client.ts';
import { AtelierError } from './errors.ts';
import { PREVIEW_RENEW_BEFORE_MS, type StoredTokens, type TokenStorage, Transport } from './transport.ts';

/** What the page of a compiled app sets before the app runs. */
export interface AtelierGlobalConfig {
  appId: string;
  /** Origin (and optional path prefix) of the Atelier API. */
  apiBase: string;
  /** Set by the builder's preview document: the preview link token (see `TransportOptions.previewToken`). */
  previewToken?: string;
  /** When `previewToken` expires (ISO 8601); the SDK renews it shortly before. */
  previewExpiresAt?: string;
}

declare global {
  interface Window {
    __ATELIER__?: AtelierGlobalConfig;
  }
}

/** localStorage when the page may use it (a sandboxed preview may not), else memory. */
function browserTokenStorage(appId: string): TokenStorage {
  const key = `atelier:${appId}:tokens`;
  let memory: StoredTokens | null = null;
  return {
    get() {
      try {
        const text = window.localStorage.getItem(key);
        return text ? (JSON.parse(text) as StoredTokens) : memory;
      } catch {
        return memory;
      }
    },
    set(tokens) {
      memory = tokens;
      try {
        if (tokens) window.localStorage.setItem(key, JSON.stringify(tokens));
        else window.localStorage.removeItem(key);
      } catch {
        // storage unavailable: the memory copy serves this page
      }
    },
  };
}

let transport: Transport | undefined;

/**
 * In the builder's preview: renews the preview credential before it expires, again and again (a
 * failed attempt is tried again every 30 s until the credential has expired).
 */
function schedulePreviewRenewal(target: Transport, delayMs?: number) {
  const renewAt = target.previewRenewAt();
  if (renewAt === null) return;
  setTimeout(
    async () => {
      if (await target.renewPreviewToken()) schedulePreviewRenewal(target);
      else if (Date.now() + 30_000 < renewAt + PREVIEW_RENEW_BEFORE_MS)
        schedulePreviewRenewal(target, 30_000);
    },
    delayMs ?? Math.max(0, renewAt - Date.now()),
  );
}

function defaultTransport(): Transport {
  if (transport) return transport;
  const config = typeof window === 'undefined' ? undefined : window.__ATELIER__;
  if (!config?.appId || !config.apiBase) {
    throw new AtelierError(
      'not_configured',
      'The app SDK is not configured: the page must set window.__ATELIER__ = { appId, apiBase }, or use createClient().',
      0,
    );
  }
  transport = new Transport({
    appId: config.appId,
    baseUrl: config.apiBase,
    tokenStorage: browserTokenStorage(config.appId),
    previewToken: config.previewToken,
    previewExpiresAt: config.previewExpiresAt,
  });
  schedulePreviewRenewal(transport);
  return transport;
}

/** The client generated apps use, configured from `window.__ATELIER__` on first call. */
export const defaultClient = clientOn(defaultTransport, '');
