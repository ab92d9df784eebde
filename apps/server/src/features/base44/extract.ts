import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { uploads } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { detectFileKind } from '../data-sources/parsing/detect-type.ts';
import { ParseError } from '../data-sources/parsing/parse-error.ts';
import { parseFileIsolated } from '../data-sources/parsing/parse-isolated.ts';
import { uploadPath } from '../uploads/uploads.service.ts';
import { readSignedFile } from './files.ts';

/** The most text of a file `ExtractDataFromUploadedFile` hands the model (characters). */
export const EXTRACT_MAX_CHARS = 200_000;

const NOT_OURS =
  'file_url must be a file uploaded to this app (UploadFile, or a signed URL of UploadPrivateFile)';

/** A file of the app as `appFile` reads it. */
export interface AppFile {
  data: Buffer;
  name: string;
  contentType: string;
}

/**
 * The file of the app named by `file_url`: one of its public files or a signed URL of a private
 * one. Nothing is fetched from elsewhere (no outbound request at all): the file is read from the
 * app's storage, and any other address answers 400.
 */
export async function appFile(
  db: Db,
  appId: string,
  publicUrl: string,
  fileUrl: string,
  secret: string,
): Promise<AppFile> {
  let url: URL;
  try {
    url = new URL(fileUrl, publicUrl);
  } catch {
    throw new AppError('bad_request', NOT_OURS);
  }
  if (url.origin !== new URL(publicUrl).origin) throw new AppError('bad_request', NOT_OURS);
  const privateMatch = new RegExp(`^/api/apps/${appId}/private-files/([^/]+)$`).exec(url.pathname);
  if (privateMatch) {
    return readSignedFile(db, {
      appId,
      name: privateMatch[1] ?? '',
      expires: url.searchParams.get('expires') ?? undefined,
      signature: url.searchParams.get('signature') ?? undefined,
      secret,
    });
  }
  const prefix = uploadPath('');
  if (!url.pathname.startsWith(prefix)) throw new AppError('bad_request', NOT_OURS);
  const [row] = await db
    .select({ data: uploads.data, name: uploads.name, contentType: uploads.contentType })
    .from(uploads)
    .where(and(eq(uploads.appId, appId), eq(uploads.key, url.pathname.slice(prefix.length))))
    .limit(1);
  if (!row) throw new AppError('bad_request', NOT_OURS);
  return row;
}

/**
 * The text of a file of the app, parsed by the ingestion parsers in their own process (CSV, PDF,
 * Word, text; 400 for other types), at most EXTRACT_MAX_CHARS.
 */
export async function documentText(file: Pick<AppFile, 'data' | 'name'>): Promise<string> {
  try {
    const documents = await parseFileIsolated(detectFileKind(file.name, file.data), file.data);
    const text = documents
      .map((document) => (document.locator ? `[${document.locator}]\n${document.text}` : document.text))
      .join('\n\n');
    return text.slice(0, EXTRACT_MAX_CHARS);
  } catch (error) {
    if (error instanceof ParseError) throw new AppError('bad_request', error.message);
    throw error;
  }
}

/** The text of the app's file named by `file_url` (`appFile`, then `documentText`). */
export async function extractableText(
  db: Db,
  appId: string,
  publicUrl: string,
  fileUrl: string,
  secret: string,
): Promise<string> {
  return documentText(await appFile(db, appId, publicUrl, fileUrl, secret));
}
