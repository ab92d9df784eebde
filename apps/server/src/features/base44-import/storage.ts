import { IMAGE_UPLOAD_MAX_BYTES } from '@atelier/shared';
import type { AppDeps } from '../../platform/app-deps.ts';
import { createSafeFetch, findSafeFetchError, ResponseTooLargeError } from '../../platform/net/index.ts';
import { fileKind, publicFileUrl, storeAppFile } from '../base44/files.ts';

/** Bounds of re-hosting an export's Base44 storage files into the new app's storage. */
export const REHOST_LIMITS = {
  /** Files fetched per import; the others stay on Base44's storage (and are listed). */
  files: 40,
  /** Per file: under the app files' upload limit. */
  bytes: IMAGE_UPLOAD_MAX_BYTES,
  timeoutMs: 15_000,
  /** All of them together. */
  totalMs: 90_000,
  parallel: 4,
} as const;

export interface StorageOutcome {
  url: string;
  /** The re-hosted copy in the app's storage, when it was copied. */
  fileUrl?: string;
  /** Why it was not copied. */
  reason?: string;
}

/** What a re-hosted file may be, judged by its bytes: images, PDFs and text; anything else stays. */
const REHOSTED_TYPES = /^(image\/|application\/pdf$|text\/)/;

/**
 * Copies each file a Base44 storage URL of the export names (`urls`, from the code and the data)
 * into the app's storage (`storeAppFile`: the app's public files, its quota): fetched through the
 * SSRF guard (public addresses only; redirects re-checked; 15 s and under the upload limit each),
 * at most REHOST_LIMITS.files of them, only images, PDFs and text. Answers one outcome per URL, in
 * order; `origin` (tests) sends the fetches to another origin than the URL's.
 */
export async function rehostStorageFiles(
  deps: Pick<AppDeps, 'config' | 'database'>,
  appId: string,
  urls: string[],
  options: { allowLoopback: boolean; origin?: string | undefined },
): Promise<StorageOutcome[]> {
  const fetcher = createSafeFetch({
    allowLoopback: options.allowLoopback,
    timeoutMs: REHOST_LIMITS.timeoutMs,
    maxBytes: REHOST_LIMITS.bytes,
  });
  const deadline = Date.now() + REHOST_LIMITS.totalMs;
  const outcomes: StorageOutcome[] = urls.map((url, index) =>
    index < REHOST_LIMITS.files
      ? { url }
      : { url, reason: `Not copied: an import copies at most ${REHOST_LIMITS.files} files.` },
  );
  const copyOne = async (outcome: StorageOutcome) => {
    if (Date.now() > deadline) {
      outcome.reason = 'Not copied: the import ran out of time for files.';
      return;
    }
    try {
      const response = await fetcher(fetchAddress(outcome.url, options.origin));
      if (!response.ok) {
        outcome.reason = `Not reachable: Base44's storage answered ${response.status}.`;
        return;
      }
      const data = Buffer.from(await response.arrayBuffer());
      const name = decodeURIComponent(new URL(outcome.url).pathname.split('/').pop() || 'file');
      if (!REHOSTED_TYPES.test(fileKind(data, name).contentType)) {
        outcome.reason = 'Not copied: only images, PDFs and text files are.';
        return;
      }
      const stored = await storeAppFile(deps.database.db, {
        appId,
        file: new File([data], name),
        private: false,
      });
      outcome.fileUrl = publicFileUrl(deps.config.publicUrl, stored.key);
    } catch (error) {
      outcome.reason =
        findSafeFetchError(error) instanceof ResponseTooLargeError
          ? `Not copied: larger than ${REHOST_LIMITS.bytes / 1_000_000} MB.`
          : error instanceof Error && 'code' in error && error.code === 'file_too_large'
            ? `Not copied: ${error.message}.`
            : 'Not reachable from this server.';
    }
  };
  try {
    const queue = outcomes.filter((outcome) => !outcome.reason);
    await Promise.all(
      Array.from({ length: REHOST_LIMITS.parallel }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await copyOne(next);
      }),
    );
  } finally {
    await fetcher.close();
  }
  return outcomes;
}

function fetchAddress(url: string, origin: string | undefined): string {
  if (!origin) return url;
  const parsed = new URL(url);
  return `${origin}${parsed.pathname}${parsed.search}`;
}

/** `text` with every re-hosted URL replaced by its copy (longest first, so no URL eats another's prefix). */
export function withRehostedUrls(text: string, outcomes: StorageOutcome[]): string {
  let out = text;
  const copied = outcomes
    .filter((outcome): outcome is StorageOutcome & { fileUrl: string } => Boolean(outcome.fileUrl))
    .sort((a, b) => b.url.length - a.url.length);
  for (const { url, fileUrl } of copied) if (out.includes(url)) out = out.split(url).join(fileUrl);
  return out;
}
