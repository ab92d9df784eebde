import { CHAT_MESSAGES, type RunningReply } from '@atelier/shared';
import { and, asc, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { chatReplies, chatReplyChunks } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/events/event-bus.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Chunk } from './outlet.ts';

/** Chunks are written to the database at most this often (a follower sees them this late). */
export const REPLY_FLUSH_MS = 100;
/** The running instance refreshes its heartbeat this often, even while the model is silent. */
export const REPLY_HEARTBEAT_MS = 5_000;
/** A running reply whose heartbeat is older than this has lost its instance: it may be replaced. */
export const REPLY_STALE_MS = 30_000;
/** A follower re-reads at least this often (the bus may have missed a signal). */
const FOLLOW_POLL_MS = 1_000;
/** A follower never listens longer than this (the reply itself is bounded by the model's timeouts). */
const FOLLOW_MAX_MS = 30 * 60_000;

const chunkTopic = (replyId: string) => `chat-reply:${replyId}`;
const STOP_TOPIC = 'chat-reply-stop';

/** The writer side of one running reply (on the instance that runs it). */
export interface ReplyLog {
  readonly replyId: string;
  /** Aborted when the builder presses Stop (on any instance). */
  readonly signal: AbortSignal;
  write(chunk: Chunk): void;
  /** Writes what is left, marks the reply done. Safe to call twice. */
  close(): Promise<void>;
}

/** Joins consecutive text and reasoning deltas of a batch into one chunk each. */
function compact(chunks: Chunk[]): Chunk[] {
  const out: Chunk[] = [];
  for (const chunk of chunks) {
    const previous = out.at(-1);
    if (
      previous &&
      (chunk.type === 'text-delta' || chunk.type === 'reasoning-delta') &&
      previous.type === chunk.type &&
      previous.id === chunk.id
    ) {
      out[out.length - 1] = { ...previous, delta: previous.delta + chunk.delta };
    } else out.push(chunk);
  }
  return out;
}

/**
 * One reply at a time per app, owned by the server and visible to every instance (issue 21 §3):
 * a `chat_replies` row claims the app; the reply's chunks go to `chat_reply_chunks` in batches and
 * a bus signal wakes the followers (a reload, a second tab, on any instance); Stop is a flag on the
 * row plus a bus signal to the instance that runs it.
 */
export function createReplyRuns(db: Db, bus: EventBus, logger: Logger) {
  const local = new Map<string, AbortController>();
  let listening = false;

  /** Stop signals of this instance's replies, subscribed once (for the bus's lifetime). */
  function listenForStops() {
    if (listening) return;
    bus.subscribe<{ replyId: string }>(STOP_TOPIC, (event) => {
      local.get(event.data.replyId)?.abort();
    });
    listening = true;
  }

  function openLog(replyId: string): ReplyLog {
    const controller = new AbortController();
    local.set(replyId, controller);
    let pending: Chunk[] = [];
    let seq = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let chain: Promise<void> = Promise.resolve();
    let closed = false;

    const persist = async (chunks: Chunk[]) => {
      try {
        if (chunks.length > 0) {
          seq += 1;
          await db
            .insert(chatReplyChunks)
            .values({ replyId, seq, chunks: compact(chunks) as unknown as Record<string, unknown>[] });
        }
        const [row] = await db
          .update(chatReplies)
          .set({ heartbeatAt: sql`now()` })
          .where(eq(chatReplies.id, replyId))
          .returning({ stopRequested: chatReplies.stopRequested });
        if (row?.stopRequested) controller.abort();
        if (chunks.length > 0) await bus.publish(chunkTopic(replyId), { seq });
      } catch (error) {
        logger.warn({ err: error, replyId }, 'chat: could not write the reply log');
      }
    };
    const flush = () => {
      if (timer) clearTimeout(timer);
      timer = undefined;
      const batch = pending;
      pending = [];
      chain = chain.then(() => persist(batch));
      return chain;
    };
    const heartbeat = setInterval(() => void flush(), REPLY_HEARTBEAT_MS);
    heartbeat.unref?.();

    return {
      replyId,
      signal: controller.signal,
      write: (chunk) => {
        if (closed) return;
        pending.push(chunk);
        timer ??= setTimeout(() => void flush(), REPLY_FLUSH_MS);
      },
      close: async () => {
        if (closed) return chain;
        closed = true;
        clearInterval(heartbeat);
        await flush();
        local.delete(replyId);
        try {
          await db
            .update(chatReplies)
            .set({ status: 'done', draft: null })
            .where(eq(chatReplies.id, replyId));
          await bus.publish(chunkTopic(replyId), { seq, done: true });
        } catch (error) {
          logger.warn({ err: error, replyId }, 'chat: could not mark the reply done');
        }
      },
    };
  }

  return {
    /** Shutdown: every reply running on this instance stops as after Stop (what it wrote is kept). */
    abortAll() {
      for (const controller of local.values()) controller.abort();
    },

    /**
     * Claims the app for a new reply, or answers 409 while another one runs. Finished rows of the app
     * and a running row whose instance went silent are cleared first.
     */
    async claim(appId: string, replyId: string, userMessageId: string): Promise<ReplyLog> {
      listenForStops();
      const staleBefore = new Date(Date.now() - REPLY_STALE_MS);
      await db
        .delete(chatReplies)
        .where(
          and(
            eq(chatReplies.appId, appId),
            or(eq(chatReplies.status, 'done'), lt(chatReplies.heartbeatAt, staleBefore)),
          ),
        );
      const inserted = await db
        .insert(chatReplies)
        .values({ id: replyId, appId, userMessageId })
        .onConflictDoNothing()
        .returning({ id: chatReplies.id });
      if (inserted.length === 0) throw new AppError('conflict', CHAT_MESSAGES.replyRunning);
      return openLog(replyId);
    },

    /** The reply running for the app (heartbeat still fresh), if any. */
    async running(appId: string): Promise<RunningReply | null> {
      const [row] = await db
        .select({ id: chatReplies.id, userMessageId: chatReplies.userMessageId })
        .from(chatReplies)
        .where(
          and(
            eq(chatReplies.appId, appId),
            eq(chatReplies.status, 'running'),
            gt(chatReplies.heartbeatAt, new Date(Date.now() - REPLY_STALE_MS)),
          ),
        )
        .limit(1);
      return row ? { messageId: row.id, userMessageId: row.userMessageId } : null;
    },

    /** Asks the instance running the app's reply to stop it; false when none runs. */
    async requestStop(appId: string): Promise<boolean> {
      const rows = await db
        .update(chatReplies)
        .set({ stopRequested: true })
        .where(and(eq(chatReplies.appId, appId), eq(chatReplies.status, 'running')))
        .returning({ id: chatReplies.id });
      for (const row of rows) {
        local.get(row.id)?.abort();
        await bus.publish(STOP_TOPIC, { replyId: row.id });
      }
      return rows.length > 0;
    },

    /** The app's latest reply (running or finished, until the next one starts). */
    async latest(appId: string): Promise<string | null> {
      const [row] = await db
        .select({ id: chatReplies.id })
        .from(chatReplies)
        .where(eq(chatReplies.appId, appId))
        .orderBy(desc(chatReplies.startedAt))
        .limit(1);
      return row?.id ?? null;
    },

    /**
     * The chunks of a reply from its start, then the new ones as they are written, until its `finish`
     * chunk (or the reply's row is gone, or `signal` aborts).
     */
    async *follow(replyId: string, signal: AbortSignal): AsyncGenerator<Chunk> {
      let cursor = 0;
      let wake: (() => void) | undefined;
      let signalled = false;
      const unsubscribe = bus.subscribe(chunkTopic(replyId), () => {
        signalled = true;
        wake?.();
      });
      const onAbort = () => wake?.();
      signal.addEventListener('abort', onAbort);
      const deadline = Date.now() + FOLLOW_MAX_MS;
      try {
        while (!signal.aborted && Date.now() < deadline) {
          signalled = false;
          const rows = await db
            .select({ seq: chatReplyChunks.seq, chunks: chatReplyChunks.chunks })
            .from(chatReplyChunks)
            .where(and(eq(chatReplyChunks.replyId, replyId), gt(chatReplyChunks.seq, cursor)))
            .orderBy(asc(chatReplyChunks.seq));
          for (const row of rows) {
            cursor = row.seq;
            for (const chunk of row.chunks as unknown as Chunk[]) {
              yield chunk;
              if (chunk.type === 'finish') return;
            }
          }
          if (rows.length === 0) {
            const [reply] = await db
              .select({ status: chatReplies.status })
              .from(chatReplies)
              .where(eq(chatReplies.id, replyId));
            if (!reply) return;
            if (reply.status === 'done') {
              // Done: its last chunks were written before the status; one more read takes them.
              const [last] = await db
                .select({ seq: chatReplyChunks.seq })
                .from(chatReplyChunks)
                .where(and(eq(chatReplyChunks.replyId, replyId), gt(chatReplyChunks.seq, cursor)))
                .limit(1);
              if (!last) return;
              continue;
            }
          }
          if (rows.length > 0 || signalled) continue;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, FOLLOW_POLL_MS);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = undefined;
        }
      } finally {
        unsubscribe();
        signal.removeEventListener('abort', onAbort);
      }
    },
  };
}

export type ReplyRuns = ReturnType<typeof createReplyRuns>;
