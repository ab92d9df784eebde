import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BASE44_IMPORT_MESSAGES } from '@atelier/shared';
import { Busboy } from '@fastify/busboy';
import { AppError } from '../../platform/errors.ts';
import { EXPORT_LIMITS } from './archive.ts';

/** What the import's multipart form brought: the zip (received into a temporary file) or a Git URL. */
export interface ImportUpload {
  /** The request's temporary folder (a Git host's download goes there too), removed by `dispose`. */
  dir: string;
  /** The uploaded zip on disk, removed by `dispose`. */
  file?: { path: string; name: string };
  url?: string;
  dispose(): Promise<void>;
}

/** The largest request body: the zip and room for the form's fields and framing. */
export const UPLOAD_BODY_BYTES = EXPORT_LIMITS.uploadBytes + 64 * 1024;

export const uploadTooLarge = () =>
  new AppError(
    'payload_too_large',
    `The zip is larger than ${EXPORT_LIMITS.uploadBytes / 1024 / 1024} MB.`,
    undefined,
    413,
  );

/**
 * Receives `POST /api/apps/import/base44`'s form as it arrives: the `file` part is written to a
 * temporary file under `tmpDir` (never held in memory; over EXPORT_LIMITS.uploadBytes it is
 * refused with 413), `url` read as text; one file, a few small fields, nothing else kept.
 */
export async function receiveImportUpload(request: Request, tmpDir: string): Promise<ImportUpload> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(contentType) || !request.body) {
    throw new AppError('bad_request', BASE44_IMPORT_MESSAGES.noFile);
  }
  fs.mkdirSync(tmpDir, { recursive: true });
  const dir = await fs.promises.mkdtemp(path.join(tmpDir, 'base44-import-'));
  const upload: ImportUpload = {
    dir,
    dispose: () => fs.promises.rm(dir, { recursive: true, force: true }),
  };
  try {
    const parser = Busboy({
      headers: { 'content-type': contentType },
      limits: { files: 1, fields: 4, parts: 6, fieldSize: 4096, fileSize: EXPORT_LIMITS.uploadBytes },
    });
    const writes: Promise<void>[] = [];
    let tooLarge = false;
    parser.on('file', (field, stream, filename) => {
      if (field !== 'file' || upload.file) {
        stream.resume();
        return;
      }
      const target = path.join(dir, 'upload.zip');
      upload.file = { path: target, name: filename || 'upload.zip' };
      stream.on('limit', () => {
        tooLarge = true;
      });
      writes.push(pipeline(stream, fs.createWriteStream(target)));
    });
    parser.on('field', (field, value) => {
      if (field === 'url') upload.url = value;
    });
    // The whole body is bounded too (the file, a few small fields, the form's framing).
    const body = Readable.fromWeb(request.body as import('node:stream/web').ReadableStream);
    let received = 0;
    const counted = Readable.from(
      (async function* () {
        for await (const chunk of body as AsyncIterable<Buffer>) {
          received += chunk.length;
          if (received > UPLOAD_BODY_BYTES) throw uploadTooLarge();
          yield chunk;
        }
      })(),
    );
    await pipeline(counted, parser);
    await Promise.all(writes);
    if (tooLarge) throw uploadTooLarge();
    return upload;
  } catch (error) {
    await upload.dispose();
    if (error instanceof AppError) throw error;
    throw new AppError('bad_request', `The form could not be read: ${(error as Error).message}`);
  }
}
