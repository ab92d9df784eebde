import type { AppFile } from '@atelier/shared';
import { contentHashSync } from '../compile/content-hash-sync.ts';
import { LruCache } from '../compile/lru.ts';

/** How long a reply's draft stays previewable after it was written (the reply's version replaces it). */
export const DRAFT_TTL_MS = 10 * 60_000;
/** Drafts kept at once on an instance (each a tree of one app; files are shared with the reply's tree). */
const MAX_DRAFTS = 32;

const DRAFT_PREFIX = 'draft-';

export interface ReplyDraft {
  id: string;
  appId: string;
  files: AppFile[];
  contentHash: string;
  expiresAt: number;
}

/** Whether a preview's version id names a reply draft rather than a stored version. */
export function isDraftId(versionId: string): boolean {
  return versionId.startsWith(DRAFT_PREFIX);
}

/**
 * The files a running reply has applied so far, previewable before its version is committed
 * (issue 21 §8): the reply publishes a draft each time a file action closes; the preview link and
 * the preview listener accept the draft's id like a version's. Drafts live in the memory of the
 * instance running the reply (bounded in count and time) and are never versions: nothing is current
 * until the reply ends.
 */
export class ReplyDrafts {
  private readonly drafts = new LruCache<string, ReplyDraft>(MAX_DRAFTS);

  constructor(private readonly now: () => number = Date.now) {}

  /** Stores the tree as the reply's newest draft and answers its id. */
  put(appId: string, messageId: string, sequence: number, files: AppFile[]): string {
    const id = `${DRAFT_PREFIX}${messageId}-${sequence}`;
    this.drafts.set(id, {
      id,
      appId,
      files,
      contentHash: contentHashSync(files),
      expiresAt: this.now() + DRAFT_TTL_MS,
    });
    return id;
  }

  /** The draft of this app, or undefined (unknown, another app's, or expired). */
  get(appId: string, id: string): ReplyDraft | undefined {
    const draft = this.drafts.get(id);
    if (!draft || draft.appId !== appId) return undefined;
    if (draft.expiresAt <= this.now()) {
      this.drafts.delete(id);
      return undefined;
    }
    return draft;
  }
}
