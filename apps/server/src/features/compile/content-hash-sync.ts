import { createHash } from 'node:crypto';
import { type AppFile, canonicalFilesText } from '@atelier/shared';

/** The same value as `contentHash` from `@atelier/shared`, synchronously with node:crypto. */
export function contentHashSync(files: readonly AppFile[]): string {
  return createHash('sha256').update(canonicalFilesText(files)).digest('hex');
}
