import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { bearerAccepted, createFakeOAuth } from './fake-oauth.ts';

export interface FakeDriveFile {
  id: string;
  name: string;
  mimeType: string;
  /** What files.export answers (text/plain for Docs, text/csv for Sheets). */
  content: string;
}

/**
 * A local stand-in for the Drive v3 REST API: `files.list` (pageToken pagination), `files.get`
 * (metadata) and `files.export` (Docs only as text/plain, Sheets only as text/csv). It checks the bearer
 * token and records every request.
 */
export async function startFakeGoogleDrive(options: {
  /** The access token it accepts (besides the tokens of its OAuth provider). */
  token?: string;
  files: FakeDriveFile[];
  pageSize?: number;
  /** Google's OAuth (PKCE, refresh tokens not rotated) at `/oauth/authorize` and `/oauth/token` (fake-oauth.ts). */
  oauth?: { clientId: string; clientSecret: string; expiresIn?: number };
}) {
  const oauth = options.oauth
    ? createFakeOAuth({
        ...options.oauth,
        authorizePath: '/oauth/authorize',
        tokenPath: '/oauth/token',
        pkce: true,
        rotateRefreshTokens: false,
        expiresIn: options.oauth.expiresIn ?? 3600,
      })
    : undefined;
  const requests: string[] = [];
  let files = options.files;
  const pageSize = options.pageSize ?? 100;
  const exportable: Record<string, string> = {
    'application/vnd.google-apps.document': 'text/plain',
    'application/vnd.google-apps.spreadsheet': 'text/csv',
  };
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push(url.pathname + url.search);
    let raw = '';
    for await (const chunk of req) raw += chunk;
    if (oauth?.handle(req, res, url, raw)) return;
    const send = (status: number, body: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (!bearerAccepted(req.headers.authorization, options.token, oauth)) {
      return send(401, { error: { code: 401, message: 'Invalid Credentials' } });
    }
    if (url.pathname === '/drive/v3/about') {
      return send(200, { user: { displayName: 'Ada Lovelace', emailAddress: 'ada@drive.example' } });
    }
    if (url.pathname === '/drive/v3/files') {
      const start = Number(url.searchParams.get('pageToken') ?? 0);
      const q = url.searchParams.get('q') ?? '';
      const listed = files.filter((file) => q.includes(`mimeType='${file.mimeType}'`));
      const slice = listed.slice(start, start + pageSize).map((file) => ({
        id: file.id,
        name: file.name,
        mimeType: file.mimeType,
        webViewLink: `https://docs.google.com/d/${file.id}/edit`,
      }));
      const next = start + pageSize < listed.length ? String(start + pageSize) : undefined;
      return send(200, { files: slice, ...(next ? { nextPageToken: next } : {}) });
    }
    const match = /^\/drive\/v3\/files\/([^/]+)(\/export)?$/.exec(url.pathname);
    const file = match ? files.find((f) => f.id === decodeURIComponent(match[1] as string)) : undefined;
    if (!match || !file) return send(404, { error: { code: 404, message: 'File not found' } });
    if (!match[2]) return send(200, { id: file.id, name: file.name, mimeType: file.mimeType });
    const wanted = url.searchParams.get('mimeType');
    if (wanted !== exportable[file.mimeType]) {
      return send(400, { error: { code: 400, message: 'Export only supports Docs Editors files.' } });
    }
    send(200, file.content, wanted ?? 'text/plain');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    oauth,
    setFiles(next: FakeDriveFile[]) {
      files = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
