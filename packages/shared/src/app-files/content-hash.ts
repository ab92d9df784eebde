import { type AppFile, utf8Bytes } from './app-file.ts';

/**
 * The canonical text that identifies a file tree: the files sorted by path, as a JSON array of
 * `[path, content]` pairs (unambiguous whatever the contents hold). `contentHash` hashes it.
 */
export function canonicalFilesText(files: readonly AppFile[]): string {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return JSON.stringify(sorted.map((file) => [file.path, file.content]));
}

interface SubtleDigest {
  digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer>;
}

/**
 * SHA-256 (hex) of `canonicalFilesText(files)`: the content address of an app version. Works in the
 * browser and in Node ≥ 20 (Web Crypto); the server's synchronous `contentHashSync` gives the same value.
 */
export async function contentHash(files: readonly AppFile[]): Promise<string> {
  const subtle = (globalThis as { crypto?: { subtle?: SubtleDigest } }).crypto?.subtle;
  if (!subtle) throw new Error('contentHash needs Web Crypto (crypto.subtle)');
  const bytes = utf8Bytes(canonicalFilesText(files));
  const digest = new Uint8Array(await subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
