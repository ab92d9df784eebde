import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGoogleDrive } from '../../../../test/support/fake-google-drive.ts';
import { createSafeFetch } from '../../../platform/net/index.ts';
import { createGoogleDriveConnector, MAX_EXPORT_BYTES } from './google-drive.ts';

const DOC = 'application/vnd.google-apps.document';
const SHEET = 'application/vnd.google-apps.spreadsheet';
let drive: Awaited<ReturnType<typeof startFakeGoogleDrive>>;

beforeAll(async () => {
  drive = await startFakeGoogleDrive({
    token: 'drive-token',
    pageSize: 1,
    files: [
      { id: 'doc-1', name: 'Handbook', mimeType: DOC, content: '\uFEFFWelcome aboard.\nLunch is at noon.' },
      { id: 'sheet-1', name: 'Prices', mimeType: SHEET, content: 'item,price\nbread,3\ncake,12\n' },
      { id: 'pdf-1', name: 'Scan', mimeType: 'application/pdf', content: '%PDF' },
    ],
  });
});
afterAll(() => drive?.close());

const connector = () => createGoogleDriveConnector({ token: 'drive-token', baseUrl: drive.url });

describe('Google Drive connector', () => {
  it('is configured only with a token', () => {
    expect(createGoogleDriveConnector({ token: undefined }).isConfigured()).toBe(false);
  });

  it('lists Docs and Sheets across pages, with their types and links', async () => {
    expect(await connector().listDocuments()).toEqual([
      {
        providerItemId: 'doc-1',
        name: 'Handbook',
        type: 'google_doc',
        externalFileUrl: 'https://docs.google.com/d/doc-1/edit',
      },
      {
        providerItemId: 'sheet-1',
        name: 'Prices',
        type: 'google_sheet',
        externalFileUrl: 'https://docs.google.com/d/sheet-1/edit',
      },
    ]);
    expect(drive.requests.filter((r) => r.startsWith('/drive/v3/files?'))).toHaveLength(2);
  });

  it('exports a Doc as plain text and a Sheet as CSV rows', async () => {
    const doc = await connector().fetchDocument('doc-1');
    expect(doc.documents).toEqual([{ locator: null, text: 'Welcome aboard.\nLunch is at noon.' }]);
    expect(drive.requests).toContain('/drive/v3/files/doc-1/export?mimeType=text%2Fplain');
    const sheet = await connector().fetchDocument('sheet-1');
    expect(sheet.documents).toHaveLength(2);
    expect(sheet.documents[1]?.text).toContain('cake');
    expect(drive.requests).toContain('/drive/v3/files/sheet-1/export?mimeType=text%2Fcsv');
  });

  it('refuses other file types, missing files and a wrong token with readable errors', async () => {
    await expect(connector().fetchDocument('pdf-1')).rejects.toThrow(
      'Only Google Docs and Google Sheets can be imported',
    );
    await expect(connector().fetchDocument('nope')).rejects.toThrow(
      'This Google Drive file was not found or is not shared',
    );
    await expect(
      createGoogleDriveConnector({ token: 'bad', baseUrl: drive.url }).listDocuments(),
    ).rejects.toThrow('Google Drive refused access: check the token and file sharing');
  });

  it('names the 10 MB limit when an export is bigger, through the SSRF guard or not', async () => {
    drive.setFiles([
      { id: 'big-1', name: 'Ledger', mimeType: DOC, content: 'x'.repeat(MAX_EXPORT_BYTES + 1) },
    ]);
    const message = 'This Google Drive file is too big to import: the limit is 10 MB';
    await expect(connector().fetchDocument('big-1')).rejects.toThrow(message);
    const guarded = createSafeFetch({ allowLoopback: true, maxBytes: MAX_EXPORT_BYTES });
    const viaGuard = createGoogleDriveConnector({ token: 'drive-token', baseUrl: drive.url, fetch: guarded });
    await expect(viaGuard.fetchDocument('big-1')).rejects.toThrow(message);
    await guarded.close();
  });
});
