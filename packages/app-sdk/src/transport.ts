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
}

/** The header that carries `previewToken`. */
export const PREVIEW_TOKEN_HEADER = 'x-atelier-preview-token';

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

  constructor(private readonly options: TransportOptions) {
    this.appId = options.appId;
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

  async headers(extra?: Record<string, string>): Promise<Record<string, string>> {
    const token = await this.accessToken();
    return {
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(this.options.previewToken ? { [PREVIEW_TOKEN_HEADER]: this.options.previewToken } : {}),
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
