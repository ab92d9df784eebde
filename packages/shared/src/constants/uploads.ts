import { z } from 'zod';
import { DATABASE_MESSAGES } from '../entities/columns.ts';

/**
 * Image uploads of the builder (spec 2 §5, §7: option icons, tool photos, logos, backgrounds; the
 * app database's image cells and the SDK's UploadFile): images only, under 10,000,000 bytes,
 * stored under `accounts/{accountId}/apps/{appId}/{folder}/{id}.{ext}` and served publicly.
 */
/** The success message stays 3 s. */
export const IMAGE_UPLOADED_TOAST_MS = 3000;
export const UPLOAD_FOLDERS = ['icons', 'tools', 'branding', 'database', 'files'] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];

/** The same texts as the app database's image cells (one wording across the product). */
export const UPLOAD_MESSAGES = {
  tooLarge: DATABASE_MESSAGES.fileTooLarge,
  notFound: DATABASE_MESSAGES.fileNotFound,
  uploaded: DATABASE_MESSAGES.uploadSucceeded,
  imagesOnly: DATABASE_MESSAGES.imageOnly,
  failed: DATABASE_MESSAGES.uploadFailed,
} as const;

export const imageUploadResponseSchema = z
  .object({
    /** Absolute address (PUBLIC_URL), as the app SDK's UploadFile answers it. */
    file_url: z.string(),
    /** The same on the platform's own origin: `/api/uploads/{key}`. */
    url: z.string(),
    key: z.string(),
    contentType: z.string(),
    size: z.number().int(),
  })
  .meta({ id: 'ImageUpload' });
export type ImageUploadResponse = z.infer<typeof imageUploadResponseSchema>;

const IMAGE_SIGNATURES: readonly { type: string; ext: string; test: (b: Uint8Array) => boolean }[] = [
  {
    type: 'image/png',
    ext: 'png',
    test: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => b[i] === byte),
  },
  { type: 'image/jpeg', ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', ext: 'gif', test: (b) => ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a' },
  { type: 'image/webp', ext: 'webp', test: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP' },
  {
    type: 'image/avif',
    ext: 'avif',
    test: (b) => ascii(b, 4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(b, 8, 12)),
  },
  { type: 'image/bmp', ext: 'bmp', test: (b) => b.length > 14 && ascii(b, 0, 2) === 'BM' },
];

function ascii(bytes: Uint8Array, from: number, to: number): string {
  let text = '';
  for (let i = from; i < to && i < bytes.length; i++) text += String.fromCharCode(bytes[i]!);
  return text;
}

/**
 * The image type of a file from its first bytes (magic numbers), never from its name or declared
 * type; null when it is not a raster image we serve (SVG is refused: it can carry scripts).
 */
export function sniffImageType(bytes: Uint8Array): { type: string; ext: string } | null {
  const found = IMAGE_SIGNATURES.find((signature) => signature.test(bytes));
  return found ? { type: found.type, ext: found.ext } : null;
}
