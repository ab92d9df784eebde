/** Why the SSRF-guarded fetcher refused or stopped a request. */
export type SafeFetchErrorCode =
  | 'invalid_url'
  | 'unsupported_protocol'
  | 'blocked_address'
  | 'dns_failure'
  | 'too_many_redirects'
  | 'response_too_large'
  | 'timeout';

/** Base class of every error the SSRF-guarded fetcher throws itself; `message` is safe to show. */
export class SafeFetchError extends Error {
  override name = 'SafeFetchError';
  constructor(
    readonly code: SafeFetchErrorCode,
    message: string,
    readonly url?: string,
  ) {
    super(message);
  }
}

export class InvalidUrlError extends SafeFetchError {
  override name = 'InvalidUrlError';
  constructor(url: string) {
    super('invalid_url', `Not a valid URL: ${url}`, url);
  }
}

export class UnsupportedProtocolError extends SafeFetchError {
  override name = 'UnsupportedProtocolError';
  constructor(url: string, protocol: string) {
    super('unsupported_protocol', `Only http and https URLs can be fetched (got ${protocol})`, url);
  }
}

/**
 * What a refused or unresolvable address says to whoever asked (issue 20 #14): nothing about the
 * name, the address it resolved to or why, so the guard cannot be used to map internal DNS. The
 * details stay on the error (`detail`, host, address) for the server's log.
 */
export const ADDRESS_NOT_ALLOWED = 'This address is not allowed';

export class BlockedAddressError extends SafeFetchError {
  override name = 'BlockedAddressError';
  /** For the server's log only. */
  readonly detail: string;
  constructor(
    readonly host: string,
    readonly address: string,
    readonly reason: string,
    url?: string,
  ) {
    super('blocked_address', ADDRESS_NOT_ALLOWED, url);
    this.detail = `Refused to connect to ${host}${host === address ? '' : ` (${address})`}: ${reason} addresses are not allowed`;
  }
}

export class DnsLookupError extends SafeFetchError {
  override name = 'DnsLookupError';
  /** For the server's log only. */
  readonly detail: string;
  constructor(host: string, cause: unknown) {
    super('dns_failure', ADDRESS_NOT_ALLOWED);
    this.detail = `Could not resolve ${host}`;
    this.cause = cause;
  }
}

export class TooManyRedirectsError extends SafeFetchError {
  override name = 'TooManyRedirectsError';
  constructor(url: string, maxRedirects: number) {
    super('too_many_redirects', `Too many redirects (more than ${maxRedirects}) starting at ${url}`, url);
  }
}

export class ResponseTooLargeError extends SafeFetchError {
  override name = 'ResponseTooLargeError';
  constructor(url: string, maxBytes: number) {
    super('response_too_large', `The response from ${url} is larger than ${maxBytes} bytes`, url);
  }
}

export class FetchTimeoutError extends SafeFetchError {
  override name = 'FetchTimeoutError';
  constructor(url: string, timeoutMs: number) {
    super('timeout', `The request to ${url} took longer than ${timeoutMs} ms`, url);
  }
}

/** Finds a SafeFetchError in an error's `cause` chain (undici wraps connect errors in "fetch failed"). */
export function findSafeFetchError(error: unknown): SafeFetchError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (current instanceof SafeFetchError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
