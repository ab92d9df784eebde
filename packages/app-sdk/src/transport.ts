import { AtelierError, errorFromResponse } from './errors.ts';

/** Where login and signup keep the end user's tokens. */
export interface TokenStorage {
  get(): StoredTokens | null;
  set(tokens: StoredTokens | null): void;
}

export interface StoredTokens {
  accessToken: string;
  refreshToken?: string;
  /** When the access token was obtained (ms since epoch); it is refreshed after 50 minutes. */
  obtainedAt: number;
}

/** The sign-in token is refreshed every 50 minutes (spec 1 §9: 3,000,000 ms). */
export const TOKEN_REFRESH_INTERVAL_MS = 3_000_000;

export function memoryTokenStorage(): TokenStorage {
  let tokens: StoredTokens | null = null;
  return {
    get: () => tokens,
    set(next) {
      tokens = next;
    },
  };
}

export interface TransportOptions {
  appId: string;
  /** Origin (and optional path prefix) of the Atelier API: `https://atelier.example.com`. */
  baseUrl: string;
  /** Supplies the access token instead of the stored one (e.g. a host page that signs in itself). */
  getToken?: () => string | null | undefined | Promise<string | null | undefined>;
  tokenStorage?: TokenStorage;
  fetch?: typeof fetch;
  /**
   * The builder's preview link token, when the app runs in the builder's preview: the server then
   * serves the entities of the version being previewed instead of the published one.
   */
  previewToken?: string | undefined;
  /** When `previewToken` expires: it is renewed shortly before (`renewPreviewToken`). */
  previewExpiresAt?: string | undefined;
}

/** The header that carries `previewToken`. */
export const PREVIEW_TOKEN_HEADER = 'x-atelier-preview-token';

/** The builder preview's credential is renewed this long before it expires. */
export const PREVIEW_RENEW_BEFORE_MS = 3 * 60 * 1000;

export type Query = Record<string, string | number | undefined>;

export interface RequestOptions {
  query?: Query;
  /** JSON body. */
  body?: unknown;
  /** Multipart body (uploads); sent as is. */
  form?: FormData;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export class Transport {
  readonly appId: string;
  readonly baseUrl: string;
  readonly tokens: TokenStorage;
  readonly fetchImpl: typeof fetch;
  private refreshing: Promise<boolean> | null = null;
  private previewToken: string | undefined;
  private previewExpiresAt: number | null;
  private renewing: Promise<boolean> | null = null;

  constructor(private readonly options: TransportOptions) {
    this.appId = options.appId;
    this.previewToken = options.previewToken;
    const expires = options.previewExpiresAt ? Date.parse(options.previewExpiresAt) : Number.NaN;
    this.previewExpiresAt = Number.isFinite(expires) ? expires : null;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.tokens = options.tokenStorage ?? memoryTokenStorage();
    this.fetchImpl = options.fetch ?? ((...args) => globalThis.fetch(...args));
  }

  /** `/api/apps/{appId}` + path, with each segment encoded. */
  appPath(...segments: string[]): string {
    return ['/api/apps', this.appId, ...segments]
      .map((part, i) => (i === 0 ? part : encodeURIComponent(part)))
      .join('/');
  }

  url(path: string, query?: Query): string {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) search.set(key, String(value));
    }
    const text = search.toString();
    return `${this.baseUrl}${path}${text ? `?${text}` : ''}`;
  }

  async accessToken(): Promise<string | null> {
    if (this.options.getToken) return (await this.options.getToken()) ?? null;
    const stored = this.tokens.get();
    if (stored?.refreshToken && Date.now() - stored.obtainedAt >= TOKEN_REFRESH_INTERVAL_MS)
      await this.refresh();
    return this.tokens.get()?.accessToken ?? null;
  }

  /** Exchanges the refresh token for a new access token; false (and signed out) when the session is gone. */
  refresh(): Promise<boolean> {
    this.refreshing ??= (async () => {
      const stored = this.tokens.get();
      if (!stored?.refreshToken) return false;
      try {
        const response = await this.fetchImpl(this.url('/api/auth/token/refresh'), {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ refreshToken: stored.refreshToken }),
        });
        if (!response.ok) {
          if (response.status === 401) this.tokens.set(null);
          return false;
        }
        const { accessToken } = (await response.json()) as { accessToken: string };
        this.tokens.set({ ...stored, accessToken, obtainedAt: Date.now() });
        return true;
      } catch {
        return false;
      }
    })().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /** When the preview credential should be renewed (ms since epoch), or null outside the preview. */
  previewRenewAt(): number | null {
    return this.previewToken && this.previewExpiresAt !== null
      ? this.previewExpiresAt - PREVIEW_RENEW_BEFORE_MS
      : null;
  }

  /**
   * Trades the builder preview's credential for a fresh one before it expires (the builder left
   * open keeps a working preview). False when refused (the preview must be reloaded) or offline.
   */
  renewPreviewToken(): Promise<boolean> {
    this.renewing ??= (async () => {
      const current = this.previewToken;
      if (!current) return false;
      try {
        const response = await this.fetchImpl(this.url('/api/auth/preview-credential'), {
          method: 'POST',
          headers: { accept: 'application/json', [PREVIEW_TOKEN_HEADER]: current },
          credentials: 'omit',
        });
        if (!response.ok) return false;
        const answer = (await response.json()) as { previewToken: string; expiresAt: string };
        this.previewToken = answer.previewToken;
        this.previewExpiresAt = Date.parse(answer.expiresAt);
        return true;
      } catch {
        return false;
      }
    })().finally(() => {
      this.renewing = null;
    });
    return this.renewing;
  }

  async headers(extra?: Record<string, string>): Promise<Record<string, string>> {
    const token = await this.accessToken();
    const renewAt = this.previewRenewAt();
    // A page whose timers slept (a laptop lid, a background tab): renew before the call.
    if (renewAt !== null && Date.now() >= renewAt && Date.now() < (this.previewExpiresAt ?? 0)) {
      await this.renewPreviewToken();
    }
    return {
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(this.previewToken ? { [PREVIEW_TOKEN_HEADER]: this.previewToken } : {}),
      ...extra,
    };
  }

  /** Sends a request; answers the parsed JSON (or text) body, or throws an `AtelierError`. */
  async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const response = await this.send(method, path, options);
    if (response.status === 401 && !this.options.getToken && this.tokens.get()?.refreshToken) {
      if (await this.refresh()) return this.parse<T>(await this.send(method, path, options));
    }
    return this.parse<T>(response);
  }

  private async send(method: string, path: string, options: RequestOptions): Promise<Response> {
    const headers = await this.headers(options.headers);
    let body: RequestInit['body'];
    if (options.form) body = options.form;
    else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    try {
      return await this.fetchImpl(this.url(path, options.query), {
        method,
        headers,
        body,
        signal: options.signal,
        credentials: 'omit',
      });
    } catch (error) {
      if ((error as Error)?.name === 'AbortError') throw error;
      throw new AtelierError(
        'network_error',
        `Could not reach the server: ${(error as Error)?.message ?? error}`,
        0,
      );
    }
  }

  private async parse<T>(response: Response): Promise<T> {
    if (!response.ok) throw await errorFromResponse(response);
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    if (!text) return undefined as T;
    const type = response.headers.get('content-type') ?? '';
    if (type.includes('json')) return JSON.parse(text) as T;
    return text as T;
  }
}
