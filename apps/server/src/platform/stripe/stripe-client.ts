/**
 * A small client of Stripe's REST API over `fetch` (form-encoded requests, JSON answers). The base
 * URL is configurable (`STRIPE_API_BASE`) so tests run against a local fake Stripe server.
 */
export const DEFAULT_STRIPE_API_BASE = 'https://api.stripe.com';

export interface StripeClientOptions {
  apiKey: string;
  apiBase?: string;
  timeoutMs?: number;
}

export class StripeApiError extends Error {
  override name = 'StripeApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly type: string | undefined,
    readonly code: string | undefined,
  ) {
    super(message);
  }

  /** The key was refused (wrong, revoked, or lacking a permission). */
  get isAuthError(): boolean {
    return this.status === 401 || this.status === 403;
  }
}

type Param = string | number | boolean | null | undefined | Param[] | { [key: string]: Param };
export type StripeParams = Record<string, Param>;

export class StripeClient {
  private readonly apiBase: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: StripeClientOptions) {
    this.apiBase = (options.apiBase ?? DEFAULT_STRIPE_API_BASE).replace(/\/$/, '');
    this.timeoutMs = options.timeoutMs ?? 20_000;
  }

  get<T>(path: string, params: StripeParams = {}): Promise<T> {
    return this.request<T>('GET', path, params);
  }

  post<T>(path: string, params: StripeParams = {}, idempotencyKey?: string): Promise<T> {
    return this.request<T>('POST', path, params, idempotencyKey);
  }

  delete<T>(path: string): Promise<T> {
    return this.request<T>('DELETE', path, {});
  }

  private async request<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    params: StripeParams,
    idempotencyKey?: string,
  ): Promise<T> {
    const form = encodeStripeForm(params);
    const url = `${this.apiBase}${path}${method === 'GET' && form ? `?${form}` : ''}`;
    const headers: Record<string, string> = { authorization: `Bearer ${this.options.apiKey}` };
    if (method === 'POST') headers['content-type'] = 'application/x-www-form-urlencoded';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: method === 'POST' ? form : undefined,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (cause) {
      throw new StripeApiError(
        `Stripe did not answer: ${(cause as Error).message}`,
        0,
        'network_error',
        undefined,
      );
    }
    const body = (await response.json().catch(() => undefined)) as
      | { error?: { message?: string; type?: string; code?: string } }
      | undefined;
    if (!response.ok) {
      const error = body?.error;
      throw new StripeApiError(
        error?.message ?? `Stripe answered ${response.status}`,
        response.status,
        error?.type,
        error?.code,
      );
    }
    return body as T;
  }
}

/** Stripe's form encoding: nested keys as `a[b][0][c]=value`. Null/undefined are left out. */
export function encodeStripeForm(params: StripeParams): string {
  const pairs: string[] = [];
  const add = (key: string, value: Param) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) add(`${key}[${index}]`, item);
    } else if (typeof value === 'object') {
      for (const [child, item] of Object.entries(value)) add(`${key}[${child}]`, item);
    } else {
      pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return pairs.join('&');
}
