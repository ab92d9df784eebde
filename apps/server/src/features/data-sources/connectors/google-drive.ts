import { findSafeFetchError, ResponseTooLargeError } from '../../../platform/net/index.ts';
import { parseFileIsolated } from '../parsing/parse-isolated.ts';
import type { ParsedDocument } from '../parsing/parsed-document.ts';
import {
  type Connector,
  type ConnectorCredential,
  type ConnectorDocumentInfo,
  ConnectorError,
  fixedCredential,
  withCredential,
} from './connector.ts';

export const GOOGLE_DRIVE_API_BASE_DEFAULT = 'https://www.googleapis.com';
const DOC_MIME = 'application/vnd.google-apps.document';
const SHEET_MIME = 'application/vnd.google-apps.spreadsheet';
/** Most files listed from one drive. */
const MAX_LISTED_FILES = 1000;
/** Largest export read (Drive itself caps exports at 10 MB). */
export const MAX_EXPORT_BYTES = 10 * 1024 * 1024;

interface DriveFile {
  id: string;
  name: string;
  mimeType: string;
  webViewLink?: string;
}

export interface GoogleDriveConnectorOptions {
  /** The operator's access token (unless `credential` is given). */
  token?: string | undefined;
  /** A builder's own connection (OAuth), refreshed before expiry and on a 401. */
  credential?: ConnectorCredential | undefined;
  baseUrl?: string | undefined;
  fetch?: typeof fetch;
}

/**
 * Google Drive through the Drive v3 REST API with a bearer token: `files.list` of Google Docs and
 * Sheets, `files.export` of a Doc as text/plain (one document) and of a Sheet as text/csv (one per row).
 */
export function createGoogleDriveConnector(options: GoogleDriveConnectorOptions): Connector {
  const base = (options.baseUrl || GOOGLE_DRIVE_API_BASE_DEFAULT).replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const credential = options.credential ?? fixedCredential(options.token);

  async function call(path: string): Promise<Response> {
    let res: Response;
    try {
      res = await withCredential(credential, (token) =>
        doFetch(`${base}${path}`, {
          headers: { authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(30_000),
        }),
      );
    } catch (error) {
      if (error instanceof ConnectorError) throw error;
      throw new ConnectorError('Could not reach Google Drive, try again later');
    }
    if (res.status === 404) throw new ConnectorError('This Google Drive file was not found or is not shared');
    if (res.status === 401 || res.status === 403) {
      throw new ConnectorError('Google Drive refused access: check the token and file sharing');
    }
    if (!res.ok) throw new ConnectorError(`Google Drive answered ${res.status}, try again later`);
    return res;
  }

  return {
    id: 'google_drive',
    name: 'Google Drive',
    isConfigured: () => credential !== undefined,

    async listDocuments(): Promise<ConnectorDocumentInfo[]> {
      const found: ConnectorDocumentInfo[] = [];
      let pageToken: string | undefined;
      do {
        const query = new URLSearchParams({
          q: `(mimeType='${DOC_MIME}' or mimeType='${SHEET_MIME}') and trashed=false`,
          fields: 'nextPageToken,files(id,name,mimeType,webViewLink)',
          pageSize: '100',
          orderBy: 'modifiedTime desc',
        });
        if (pageToken) query.set('pageToken', pageToken);
        const page = (await (await call(`/drive/v3/files?${query}`)).json()) as {
          files?: DriveFile[];
          nextPageToken?: string;
        };
        for (const file of page.files ?? []) {
          const type =
            file.mimeType === DOC_MIME ? 'google_doc' : file.mimeType === SHEET_MIME ? 'google_sheet' : null;
          if (!type) continue;
          found.push({
            providerItemId: file.id,
            name: file.name,
            type,
            externalFileUrl: file.webViewLink ?? null,
          });
        }
        pageToken = found.length < MAX_LISTED_FILES ? page.nextPageToken : undefined;
      } while (pageToken);
      return found;
    },

    async fetchDocument(providerItemId: string) {
      const id = encodeURIComponent(providerItemId);
      const meta = (await (await call(`/drive/v3/files/${id}?fields=id,name,mimeType`)).json()) as DriveFile;
      const sheet = meta.mimeType === SHEET_MIME;
      if (!sheet && meta.mimeType !== DOC_MIME) {
        throw new ConnectorError('Only Google Docs and Google Sheets can be imported');
      }
      const exportMime = sheet ? 'text/csv' : 'text/plain';
      const res = await call(`/drive/v3/files/${id}/export?mimeType=${encodeURIComponent(exportMime)}`);
      const tooBig = new ConnectorError(
        `This Google Drive file is too big to import: the limit is ${MAX_EXPORT_BYTES / (1024 * 1024)} MB`,
      );
      let bytes: Uint8Array;
      try {
        bytes = new Uint8Array(await res.arrayBuffer());
      } catch (error) {
        // The SSRF guard stops reading at its cap (the same 10 MB): the builder is told the limit.
        if (findSafeFetchError(error) instanceof ResponseTooLargeError) throw tooBig;
        throw error;
      }
      if (bytes.byteLength > MAX_EXPORT_BYTES) throw tooBig;
      let documents: ParsedDocument[];
      if (sheet) {
        // In a child process, as uploads are: a 10 MB sheet parsed here held the event loop.
        documents = await parseFileIsolated('csv', bytes);
      } else {
        const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '');
        documents = text.trim() ? [{ locator: null, text }] : [];
      }
      return { documents, size: bytes.byteLength };
    },
  };
}
