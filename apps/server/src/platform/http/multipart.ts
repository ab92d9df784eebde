import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { GENERIC_ERROR_MESSAGES } from '@atelier/shared';
import { Busboy } from '@fastify/busboy';
import { AppError } from '../errors.ts';

/**
 * Parts an upload form may have. Every form Atelier reads holds a file or a few and a field or two;
 * `Request.formData()` read every part of the body on the event loop (100,000 empty fields beside one
 * CSV held /api/health for 3 s), so forms are read part by part and refused past these counts.
 */
export const FORM_LIMITS = { parts: 50, fields: 20, files: 20, fieldBytes: 64 * 1024 } as const;

/** A multipart form as received: its files in order, with the field each came in, and its fields. */
export interface ReceivedForm {
  files: { field: string; file: File }[];
  fields: Map<string, string>;
  /** The first file of a field. */
  file(field: string): File | undefined;
}

/**
 * Reads a `multipart/form-data` request within {@link FORM_LIMITS}: 400 'The form has too many
 * fields or files' past them, the rest of the body not read. Undefined when the body is not a
 * multipart form or cannot be read (routes answer that no file came). The route's body cap bounds
 * the bytes.
 */
export async function readForm(request: Request): Promise<ReceivedForm | undefined> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(contentType) || !request.body) return undefined;
  const files: ReceivedForm['files'] = [];
  const fields = new Map<string, string>();
  const reads: Promise<void>[] = [];
  let tooMany = false;
  const body = Readable.fromWeb(request.body as ReadableStream);
  try {
    const parser = Busboy({
      headers: { 'content-type': contentType },
      limits: {
        parts: FORM_LIMITS.parts,
        fields: FORM_LIMITS.fields,
        files: FORM_LIMITS.files,
        fieldSize: FORM_LIMITS.fieldBytes,
      },
    });
    const refuse = () => {
      tooMany = true;
      body.destroy();
    };
    parser.on('partsLimit', refuse);
    parser.on('filesLimit', refuse);
    parser.on('fieldsLimit', refuse);
    parser.on('file', (field, stream, filename, _encoding, mimeType) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      reads.push(
        new Promise((resolve, reject) => {
          stream.on('error', reject);
          stream.on('end', () => {
            files.push({ field, file: new File(chunks, filename || 'upload', { type: mimeType }) });
            resolve();
          });
        }),
      );
    });
    parser.on('field', (field, value) => {
      if (!fields.has(field)) fields.set(field, value);
    });
    await pipeline(body, parser);
    await Promise.all(reads);
  } catch {
    if (!tooMany) return undefined;
  }
  if (tooMany) {
    throw new AppError('bad_request', GENERIC_ERROR_MESSAGES.formTooManyParts, {
      maxParts: FORM_LIMITS.parts,
    });
  }
  return { files, fields, file: (field) => files.find((entry) => entry.field === field)?.file };
}
