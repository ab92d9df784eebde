/* ---------- fetch (performed by the host, through the SSRF guard) ---------- */
import { ASYNC, hostFetch } from './bridge.ts';
import { Request, type RequestInit, Response } from './http.ts';

export async function fetch(input: unknown, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const body = request._bytes();
  const raw = await hostFetch
    .apply(
      undefined,
      [
        {
          url: request.url,
          method: request.method,
          headers: Array.from(request.headers.entries()),
          body: body === null ? null : body.slice().buffer,
          redirect: request.redirect,
        },
      ],
      ASYNC,
    )
    .catch((error: unknown) => {
      const message = error && (error as Error).message ? (error as Error).message : String(error);
      throw new TypeError(`fetch failed: ${message}`);
    });
  return Response._fromHost(raw);
}
