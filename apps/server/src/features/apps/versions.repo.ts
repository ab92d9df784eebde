import { randomUUID } from 'node:crypto';
import { APP_MESSAGES, type AppVersion, MAX_VERSIONS_PAGE, utf8Length } from '@atelier/shared';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import {
  appFileBlobs,
  apps,
  appVersions,
  type VersionManifestEntry,
} from '../../platform/db/schema/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { contentHashSync } from '../compile/content-hash-sync.ts';
import { type AppActor, appOpenableBy } from './apps.repo.ts';
import {
  applyFileChanges,
  assertAcceptableTree,
  blobHash,
  byPath,
  type FileChange,
  type TreeFile,
} from './file-tree.ts';

export type VersionRow = typeof appVersions.$inferSelect;

/** Who wrote a version and why (spec 3 §3 "Version": messageId, userRequest, metadata.description). */
export interface VersionMeta {
  messageId?: string | null | undefined;
  userRequest?: string | null | undefined;
  /** The version's description; a function gets the files the write touched (for "Edited pages/Home.tsx"). */
  description?: string | ((applied: { written: TreeFile[]; deleted: TreeFile[] }) => string) | undefined;
}

export type CreateVersionInput = VersionMeta &
  (
    | {
        /** Replaces the whole tree. Files keep their id by `id`, else by path; new paths get new ids. */
        files: readonly { id?: string | undefined; path: string; content: string }[];
        /**
         * The version these files were made from. When given and the app has moved on since, the write
         * is refused (409 conflict) instead of overwriting the other change; when omitted, the tree
         * simply becomes the newest version.
         */
        baseVersionId?: string | null | undefined;
      }
    | {
        /** Edits applied to the current version; on a concurrent write they are re-applied to the newer one. */
        changes: readonly FileChange[];
      }
  );

export interface CreatedVersion {
  version: AppVersion;
  files: TreeFile[];
  /** Files written by `changes` upserts (with their ids), in order. */
  written: TreeFile[];
  deleted: TreeFile[];
  /** False when the tree equalled the current version's, so no version was made (`version` is the current one). */
  created: boolean;
}

export interface VersionWithFiles {
  version: AppVersion;
  files: TreeFile[];
}

const conflict = () => new AppError('conflict', APP_MESSAGES.versionConflict);

/** The API shape of a version row. */
export function toVersionView(row: VersionRow): AppVersion {
  const timestamp = row.createdAt.toISOString();
  return {
    id: row.id,
    seq: row.seq,
    timestamp,
    createdAt: timestamp,
    messageId: row.messageId,
    userRequest: row.userRequest,
    metadata: { description: row.description },
    parentVersionId: row.parentVersionId,
    contentHash: row.contentHash,
  };
}

/**
 * Immutable, content-addressed versions of an app's file tree (README.md in this folder). Every
 * function takes the acting builder and answers 404 / undefined for an app they do not own.
 */
export function createVersionsRepo(db: Db) {
  async function ownedApp(actor: AppActor, appId: string) {
    const [app] = await db
      .select({ id: apps.id, currentVersionId: apps.currentVersionId })
      .from(apps)
      .where(and(eq(apps.id, appId), appOpenableBy(actor.userId)))
      .limit(1);
    if (!app) throw notFound(APP_MESSAGES.appNotFound);
    return app;
  }

  async function loadVersion(db: Db, appId: string, versionId: string) {
    const [row] = await db
      .select()
      .from(appVersions)
      .where(and(eq(appVersions.appId, appId), eq(appVersions.id, versionId)))
      .limit(1);
    if (!row) return undefined;
    const hashes = [...new Set(row.files.map((entry) => entry.hash))];
    const blobs =
      hashes.length === 0
        ? []
        : await db.select().from(appFileBlobs).where(inArray(appFileBlobs.hash, hashes));
    const contentOf = new Map(blobs.map((blob) => [blob.hash, blob.content]));
    const files = row.files.map((entry): TreeFile => {
      const content = contentOf.get(entry.hash);
      if (content === undefined) throw new Error(`Blob ${entry.hash} of version ${row.id} is missing`);
      return { id: entry.id, path: entry.path, content };
    });
    return { row, files: byPath(files) };
  }

  return {
    /**
     * Writes a new version atomically: the new file contents (once per content), the version row and
     * the app's current-version pointer, in one transaction that holds the app row's lock. The work
     * is prepared on the current version outside the transaction; if another write moved the pointer
     * meanwhile, it is redone under the lock on the newer version — `changes` are re-applied (rebased),
     * a `files` tree without `baseVersionId` simply replaces it, and a `files` tree with a stale
     * `baseVersionId` is refused with 409. Two writers therefore never lose an update.
     */
    async createVersion(actor: AppActor, appId: string, input: CreateVersionInput): Promise<CreatedVersion> {
      const app = await ownedApp(actor, appId);
      const base = app.currentVersionId ? await loadVersion(db, appId, app.currentVersionId) : undefined;
      const prepared = prepare(input, base);
      if (prepared.unchanged) return prepared.unchanged;
      const outcome = await db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ currentVersionId: apps.currentVersionId })
          .from(apps)
          .where(and(eq(apps.id, appId), appOpenableBy(actor.userId)))
          .for('update');
        if (!locked) throw notFound(APP_MESSAGES.appNotFound);
        let work = prepared;
        let parent = base;
        if (locked.currentVersionId !== (base?.row.id ?? null)) {
          parent = locked.currentVersionId
            ? await loadVersion(tx as unknown as Db, appId, locked.currentVersionId)
            : undefined;
          work = prepare(input, parent);
          if (work.unchanged) return work.unchanged;
        }
        const row = await writeVersion(
          tx as unknown as Db,
          appId,
          parent?.row,
          work.files,
          work.contentHash,
          work.meta,
        );
        return { version: toVersionView(row), files: work.files, ...work.applied, created: true };
      });
      return outcome;
    },

    /**
     * Writes a **candidate** version: a version row (with its `seq`) whose tree is `files`, derived
     * from `parentVersionId`, that does NOT become current (the repair tester's runs; `setCurrentVersion`
     * with the current version expected at the run's start applies it).
     */
    async createCandidateVersion(
      actor: AppActor,
      appId: string,
      input: {
        files: readonly { id?: string | undefined; path: string; content: string }[];
        parentVersionId: string;
      } & VersionMeta,
    ): Promise<AppVersion> {
      await ownedApp(actor, appId);
      const parent = await loadVersion(db, appId, input.parentVersionId);
      if (!parent) throw notFound(APP_MESSAGES.versionNotFound);
      const prepared = prepare({ ...input, files: input.files }, parent);
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ id: apps.id })
          .from(apps)
          .where(and(eq(apps.id, appId), appOpenableBy(actor.userId)))
          .for('update');
        if (!locked) throw notFound(APP_MESSAGES.appNotFound);
        const row = await writeVersion(
          tx as unknown as Db,
          appId,
          parent.row,
          prepared.files,
          prepared.contentHash,
          prepared.meta,
          { moveCurrent: false },
        );
        return toVersionView(row);
      });
    },

    /** A version with its files (sorted by path), or undefined when the app or version is not the actor's. */
    async getVersion(
      actor: AppActor,
      appId: string,
      versionId: string,
    ): Promise<VersionWithFiles | undefined> {
      await ownedApp(actor, appId);
      const loaded = await loadVersion(db, appId, versionId);
      return loaded && { version: toVersionView(loaded.row), files: loaded.files };
    },

    /** The app's current version and files; `version` is null for an app without code (tools, chat apps). */
    async getCurrent(
      actor: AppActor,
      appId: string,
    ): Promise<{ version: AppVersion | null; files: TreeFile[] }> {
      const app = await ownedApp(actor, appId);
      if (!app.currentVersionId) return { version: null, files: [] };
      const loaded = await loadVersion(db, appId, app.currentVersionId);
      if (!loaded) return { version: null, files: [] };
      return { version: toVersionView(loaded.row), files: loaded.files };
    },

    /** Versions newest first (by `seq`), at most `limit` (1–50). */
    async listVersions(actor: AppActor, appId: string, limit = MAX_VERSIONS_PAGE): Promise<AppVersion[]> {
      await ownedApp(actor, appId);
      const rows = await db
        .select()
        .from(appVersions)
        .where(eq(appVersions.appId, appId))
        .orderBy(desc(appVersions.seq))
        .limit(Math.min(Math.max(1, Math.trunc(limit)), MAX_VERSIONS_PAGE));
      return rows.map(toVersionView);
    },

    /** The newest version written for a chat message, if any. */
    async findVersionByMessageId(
      actor: AppActor,
      appId: string,
      messageId: string,
    ): Promise<AppVersion | undefined> {
      await ownedApp(actor, appId);
      const [row] = await db
        .select()
        .from(appVersions)
        .where(and(eq(appVersions.appId, appId), eq(appVersions.messageId, messageId)))
        .orderBy(desc(appVersions.seq))
        .limit(1);
      return row && toVersionView(row);
    },

    /**
     * Points the app at an existing version of its own (history is not rewritten; restoring a version
     * as new work should rather `createVersion` with its files). With `expectedCurrentVersionId`, the
     * pointer moves only if it still names that version (409 otherwise).
     */
    async setCurrentVersion(
      actor: AppActor,
      appId: string,
      versionId: string,
      options: { expectedCurrentVersionId?: string | null } = {},
    ): Promise<AppVersion> {
      await ownedApp(actor, appId);
      const [row] = await db
        .select()
        .from(appVersions)
        .where(and(eq(appVersions.appId, appId), eq(appVersions.id, versionId)))
        .limit(1);
      if (!row) throw notFound(APP_MESSAGES.versionNotFound);
      const expected = options.expectedCurrentVersionId;
      const moved = await db
        .update(apps)
        .set({ currentVersionId: versionId, updatedAt: new Date() })
        .where(
          and(
            eq(apps.id, appId),
            appOpenableBy(actor.userId),
            expected === undefined
              ? undefined
              : expected === null
                ? isNull(apps.currentVersionId)
                : eq(apps.currentVersionId, expected),
          ),
        )
        .returning({ id: apps.id });
      if (moved.length === 0) throw conflict();
      return toVersionView(row);
    },

    /**
     * The files of a version by app and version id alone: for the preview (authorised by a signed
     * preview token) and the published app (authorised by publication). Never call it with ids from an
     * unauthenticated request without that check.
     */
    async unsafeFindVersionRow(appId: string, versionId: string): Promise<VersionRow | undefined> {
      const [row] = await db
        .select()
        .from(appVersions)
        .where(and(eq(appVersions.appId, appId), eq(appVersions.id, versionId)))
        .limit(1);
      return row;
    },

    /** Like `unsafeFindVersionRow`, with the files. */
    async unsafeLoadVersion(
      appId: string,
      versionId: string,
    ): Promise<{ row: VersionRow; files: TreeFile[] } | undefined> {
      return loadVersion(db, appId, versionId);
    },
  };
}

export type VersionsRepo = ReturnType<typeof createVersionsRepo>;

/** A full tree with ids: a given id that exists in the base is kept, else the id of the base file at that path, else a new one. */
function keepIds(
  base: readonly TreeFile[],
  files: readonly { id?: string | undefined; path: string; content: string }[],
): TreeFile[] {
  const ids = new Set(base.map((file) => file.id));
  const idByPath = new Map(base.map((file) => [file.path, file.id]));
  const used = new Set<string>();
  return files.map((file) => {
    let id = file.id !== undefined && ids.has(file.id) ? file.id : idByPath.get(file.path);
    if (id === undefined || used.has(id)) id = randomUUID();
    used.add(id);
    return { id, path: file.path, content: file.content };
  });
}

function sameIds(a: readonly TreeFile[], b: readonly TreeFile[]): boolean {
  const ids = new Map(a.map((file) => [file.path, file.id]));
  return a.length === b.length && b.every((file) => ids.get(file.path) === file.id);
}

const pick = (next: { written: TreeFile[]; deleted: TreeFile[] }) => ({
  written: next.written,
  deleted: next.deleted,
});

type Loaded = { row: VersionRow; files: TreeFile[] };

interface Prepared {
  /** The answer when the tree equals the base's: no version is written. */
  unchanged: CreatedVersion | undefined;
  files: TreeFile[];
  contentHash: string;
  applied: { written: TreeFile[]; deleted: TreeFile[] };
  meta: { messageId: string | null; userRequest: string | null; description: string };
}

/** Applies the input to a base version: the new tree, its hash, and whether it differs from the base. */
function prepare(input: CreateVersionInput, base: Loaded | undefined): Prepared {
  if (
    'files' in input &&
    input.baseVersionId !== undefined &&
    input.baseVersionId !== (base?.row.id ?? null)
  ) {
    throw conflict();
  }

  const baseFiles = base?.files ?? [];
  const next =
    'files' in input
      ? { files: keepIds(baseFiles, input.files), written: [], deleted: [] }
      : applyFileChanges(baseFiles, input.changes, randomUUID);
  assertAcceptableTree(next.files);
  const files = byPath(next.files);
  const contentHash = contentHashSync(files);
  const applied = pick(next);
  const description =
    typeof input.description === 'function' ? input.description(applied) : (input.description ?? '');
  const meta = { messageId: input.messageId ?? null, userRequest: input.userRequest ?? null, description };
  const unchanged =
    base && base.row.contentHash === contentHash && sameIds(base.files, files)
      ? { version: toVersionView(base.row), files, ...applied, created: false }
      : undefined;
  return { unchanged, files, contentHash, applied, meta };
}

/**
 * Inside the transaction that holds the app row: stores the new blobs, moves the pointer (and the
 * version count, which gives `seq`), and inserts the version.
 */
async function writeVersion(
  tx: Db,
  appId: string,
  parent: VersionRow | undefined,
  files: readonly TreeFile[],
  contentHash: string,
  meta: Prepared['meta'],
  options: { moveCurrent: boolean } = { moveCurrent: true },
): Promise<VersionRow> {
  const known = new Set(parent?.files.map((entry) => entry.hash));
  const manifest: VersionManifestEntry[] = [];
  const blobs = new Map<string, string>();
  for (const file of files) {
    const hash = blobHash(file.content);
    manifest.push({ id: file.id, path: file.path, hash, size: utf8Length(file.content) });
    if (!known.has(hash)) blobs.set(hash, file.content);
  }
  if (blobs.size > 0) {
    await tx
      .insert(appFileBlobs)
      .values([...blobs].map(([hash, content]) => ({ hash, content })))
      .onConflictDoNothing();
  }

  const id = randomUUID();
  const parentId = parent?.id ?? null;
  // A candidate takes the next seq but leaves the current-version pointer where it is.
  const [moved] = options.moveCurrent
    ? await tx
        .update(apps)
        .set({ currentVersionId: id, versionCount: sql`${apps.versionCount} + 1`, updatedAt: new Date() })
        .where(
          and(
            eq(apps.id, appId),
            parentId === null ? isNull(apps.currentVersionId) : eq(apps.currentVersionId, parentId),
          ),
        )
        .returning({ seq: apps.versionCount })
    : await tx
        .update(apps)
        .set({ versionCount: sql`${apps.versionCount} + 1` })
        .where(eq(apps.id, appId))
        .returning({ seq: apps.versionCount });
  if (!moved) throw conflict();
  const [row] = await tx
    .insert(appVersions)
    .values({ id, appId, seq: moved.seq, parentVersionId: parentId, contentHash, ...meta, files: manifest })
    .returning();
  return row as VersionRow;
}
