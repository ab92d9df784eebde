import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { BASE44_IMPORT_MESSAGES } from '@atelier/shared';
import { createSafeFetch, findSafeFetchError, ResponseTooLargeError } from '../../platform/net/index.ts';
import { EXPORT_LIMITS, ExportArchiveError } from './archive.ts';

/** How long a repository's zip may take to download (up to EXPORT_LIMITS.uploadBytes). */
export const GIT_DOWNLOAD_MS = 120_000;

/** The Git hosts an export may be imported from, by their archive download. */
export type GitHost = 'github' | 'gitlab' | 'codeberg';

/** Where each host serves a repository as a zip; tests point them at a local server. */
export type ArchiveOrigins = Partial<Record<GitHost, string>>;

const ARCHIVE_ORIGINS: Record<GitHost, string> = {
  github: 'https://codeload.github.com',
  gitlab: 'https://gitlab.com',
  codeberg: 'https://codeberg.org',
};
const HOSTS: Record<string, GitHost> = {
  'github.com': 'github',
  'gitlab.com': 'gitlab',
  'codeberg.org': 'codeberg',
};
const NAME = /^[A-Za-z0-9_.-]{1,100}$/;
const REF = /^[A-Za-z0-9_.\-/]{1,200}$/;

export interface GitSource {
  host: GitHost;
  owner: string;
  repo: string;
  /** The branch, tag or commit (`/tree/{ref}` in the address); the default branch when absent. */
  ref: string | undefined;
}

/**
 * A repository address (`https://github.com/{owner}/{repo}[.git][/tree/{ref}]`, the same on
 * gitlab.com (`/-/tree/{ref}`) and codeberg.org (`/src/branch/{ref}`)): https only, no credentials,
 * names of the characters Git hosts allow. Anything else throws with the spec's message.
 */
export function parseGitUrl(input: string): GitSource {
  const refuse = () => new ExportArchiveError(BASE44_IMPORT_MESSAGES.gitUrl);
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw refuse();
  }
  const host = HOSTS[url.hostname.toLowerCase()];
  if (url.protocol !== 'https:' || url.username || url.password || url.port || !host) throw refuse();
  const [owner, rawRepo, ...rest] = url.pathname.split('/').filter(Boolean);
  const repo = rawRepo?.replace(/\.git$/, '');
  if (!owner || !repo || !NAME.test(owner) || !NAME.test(repo)) throw refuse();
  const tail = rest[0] === '-' ? rest.slice(1) : rest;
  let ref: string | undefined;
  if (tail[0] === 'tree' && tail.length > 1) ref = tail.slice(1).join('/');
  else if (
    tail[0] === 'src' &&
    (tail[1] === 'branch' || tail[1] === 'tag' || tail[1] === 'commit') &&
    tail.length > 2
  )
    ref = tail.slice(2).join('/');
  else if (tail.length > 0) throw refuse();
  if (ref !== undefined && (!REF.test(ref) || ref.includes('..'))) throw refuse();
  return { host, owner, repo, ref };
}

/** The zip of the repository at its ref (GitHub's codeload; GitLab's and Codeberg's archive routes). */
export function archiveUrl(source: GitSource, origins: ArchiveOrigins = {}): string {
  const origin = origins[source.host] ?? ARCHIVE_ORIGINS[source.host];
  const { owner, repo } = source;
  const enc = encodeURIComponent;
  switch (source.host) {
    case 'github':
      return `${origin}/${enc(owner)}/${enc(repo)}/zip/${source.ref ?? 'HEAD'}`;
    case 'gitlab': {
      const ref = source.ref ?? 'HEAD';
      return `${origin}/${enc(owner)}/${enc(repo)}/-/archive/${ref}/${enc(repo)}.zip`;
    }
    case 'codeberg':
      return `${origin}/${enc(owner)}/${enc(repo)}/archive/${source.ref ?? 'HEAD'}.zip`;
  }
}

/**
 * Downloads the repository's zip into `file` as it arrives (never held in memory), through the SSRF
 * guard (public addresses only, unless the server's tests allow loopback; each redirect re-checked),
 * bounded like an upload (EXPORT_LIMITS.uploadBytes, of which the import reads only the kept
 * entries) and in time (GIT_DOWNLOAD_MS); `signal` (the request's: the client went away) cancels it.
 */
export async function downloadGitArchive(
  source: GitSource,
  options: { allowLoopback: boolean; origins?: ArchiveOrigins; file: string; signal?: AbortSignal },
): Promise<void> {
  const fetcher = createSafeFetch({
    allowLoopback: options.allowLoopback,
    timeoutMs: GIT_DOWNLOAD_MS,
    maxBytes: EXPORT_LIMITS.uploadBytes,
  });
  try {
    const response = await fetcher(archiveUrl(source, options.origins), { signal: options.signal });
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => {});
      throw new ExportArchiveError(BASE44_IMPORT_MESSAGES.gitUnreachable);
    }
    await pipeline(
      Readable.fromWeb(response.body as ReadableStream<Uint8Array>),
      fs.createWriteStream(options.file),
      { signal: options.signal },
    );
  } catch (error) {
    if (error instanceof ExportArchiveError) throw error;
    if (findSafeFetchError(error) instanceof ResponseTooLargeError) {
      throw new ExportArchiveError(`The zip is larger than ${EXPORT_LIMITS.uploadBytes / 1024 / 1024} MB.`);
    }
    throw new ExportArchiveError(BASE44_IMPORT_MESSAGES.gitUnreachable);
  } finally {
    await fetcher.close();
  }
}
