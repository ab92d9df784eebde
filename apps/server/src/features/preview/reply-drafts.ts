import type { AppFile } from '@atelier/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { type ChatReplyDraft, chatReplies } from '../../platform/db/schema/index.ts';
import type { VersionsRepo } from '../apps/versions.repo.ts';
import { contentHashSync } from '../compile/content-hash-sync.ts';
import { LruCache } from '../compile/lru.ts';

/** How long a reply's draft stays previewable after it was written (the reply's version replaces it). */
export const DRAFT_TTL_MS = 10 * 60_000;
/** Drafts kept at once on an instance (each a tree of one app; files are shared with the reply's tree). */
const MAX_DRAFTS = 32;
/** The largest draft written to the database (its changes against the reply's base version, as JSON). */
export const MAX_STORED_DRAFT_BYTES = 4 * 1024 * 1024;

const DRAFT_PREFIX = 'draft-';

export interface ReplyDraft {
  id: string;
  appId: string;
  files: AppFile[];
  contentHash: string;
  expiresAt: number;
}

/** A draft as the reply's row keeps it: the reply's base version and what the reply changed. */
export type StoredDraft = ChatReplyDraft;

/** Whether a preview's version id names a reply draft rather than a stored version. */
export function isDraftId(versionId: string): boolean {
  return versionId.startsWith(DRAFT_PREFIX);
}

/**
 * The files a running reply has applied so far, previewable before its version is committed
 * (issue 21 §8): the reply publishes a draft each time a file action closes; the preview link and
 * the preview listener accept the draft's id like a version's. The instance running the reply keeps
 * it in memory and writes the newest one on the reply's `chat_replies` row (`draft`: the base version
 * and the changes, bounded by `MAX_STORED_DRAFT_BYTES`; cleared when the reply ends), so another
 * instance (scale-out on PostgreSQL) previews it too: it reads the row, rebuilds the tree from the
 * base version and keeps it in its own memory. Drafts are never versions: nothing is current until
 * the reply ends.
 */
export function createReplyDrafts(
  store?: { db: Db; versions: Pick<VersionsRepo, 'unsafeLoadVersion'> },
  now: () => number = Date.now,
) {
  const drafts = new LruCache<string, ReplyDraft>(MAX_DRAFTS);

  function remember(draft: ReplyDraft): ReplyDraft {
    drafts.set(draft.id, draft);
    return draft;
  }

  async function save(appId: string, replyId: string, draft: StoredDraft): Promise<void> {
    if (!store) return;
    if (Buffer.byteLength(JSON.stringify(draft.changes)) > MAX_STORED_DRAFT_BYTES) return;
    try {
      await store.db
        .update(chatReplies)
        .set({ draft })
        .where(
          and(eq(chatReplies.id, replyId), eq(chatReplies.appId, appId), eq(chatReplies.status, 'running')),
        );
    } catch {
      // The preview on this instance still has it; another instance answers 404 for it.
    }
  }

  const replyDrafts = {
    /**
     * Keeps the tree as the reply's newest draft and answers its id, with `stored`: resolves once the
     * reply's row carries it (never rejects; a draft too large or not written stays on this instance).
     */
    put(
      appId: string,
      messageId: string,
      sequence: number,
      files: AppFile[],
      base?: Omit<StoredDraft, 'id' | 'contentHash'>,
    ): { id: string; stored: Promise<void> } {
      const id = `${DRAFT_PREFIX}${messageId}-${sequence}`;
      const contentHash = contentHashSync(files);
      remember({ id, appId, files, contentHash, expiresAt: now() + DRAFT_TTL_MS });
      const stored = base ? save(appId, messageId, { id, contentHash, ...base }) : Promise.resolve();
      return { id, stored };
    },

    /** The draft of this app, or undefined (unknown, another app's, or expired), from this instance's memory. */
    get(appId: string, id: string): ReplyDraft | undefined {
      const draft = drafts.get(id);
      if (!draft || draft.appId !== appId) return undefined;
      if (draft.expiresAt <= now()) {
        drafts.delete(id);
        return undefined;
      }
      return draft;
    },

    /** The draft of this app: from memory, else the running reply's row (another instance wrote it). */
    async find(appId: string, id: string): Promise<ReplyDraft | undefined> {
      const known = replyDrafts.get(appId, id);
      if (known || !store || !isDraftId(id)) return known;
      const [row] = await store.db
        .select({ draft: chatReplies.draft })
        .from(chatReplies)
        .where(
          and(
            eq(chatReplies.appId, appId),
            eq(chatReplies.status, 'running'),
            sql`${chatReplies.draft}->>'id' = ${id}`,
          ),
        )
        .limit(1);
      const stored = row?.draft;
      if (!stored) return undefined;
      const tree = new Map<string, string>();
      if (stored.baseVersionId) {
        const base = await store.versions.unsafeLoadVersion(appId, stored.baseVersionId);
        if (!base) return undefined;
        for (const file of base.files) tree.set(file.path, file.content);
      }
      for (const change of stored.changes) {
        if (change.op === 'delete') tree.delete(change.path);
        else tree.set(change.path, change.content);
      }
      const files = [...tree].map(([path, content]) => ({ path, content }));
      return remember({
        id,
        appId,
        files,
        contentHash: stored.contentHash,
        expiresAt: now() + DRAFT_TTL_MS,
      });
    },
  };
  return replyDrafts;
}

export type ReplyDrafts = ReturnType<typeof createReplyDrafts>;
