import {
  ACTION_RESULTS_PART,
  type ChatAnnotation,
  type ChatAttachment,
  type ChatMessage,
  type ChatRating,
  toolInvocationsOf,
  toSpecParts,
} from '@atelier/shared';
import { and, asc, desc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { chatMessages, chatRatings, chatRestores, chatSummaries } from '../../platform/db/schema/index.ts';

export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type ChatRestoreRow = typeof chatRestores.$inferSelect;

export interface NewChatMessage {
  id: string;
  appId: string;
  role: 'user' | 'assistant';
  content: string;
  parts: Record<string, unknown>[];
  annotations: ChatAnnotation;
  attachments?: ChatAttachment[];
  status?: 'normal' | 'failed';
  versionId?: string | null;
}

/**
 * The API shape of a stored message (spec 3 §3: `annotations[0]` holds the message's data; the parts
 * in the spec's shapes, from the stored UI-message parts of new and old rows alike).
 */
export function toChatMessage(row: ChatMessageRow): ChatMessage {
  const parts = toSpecParts(row.parts as Record<string, unknown>[]);
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    parts,
    toolInvocations: toolInvocationsOf(parts),
    experimental_attachments: row.attachments,
    createdAt: row.createdAt.toISOString(),
    annotations: [{ ...(row.annotations as ChatAnnotation), versionId: row.versionId ?? null }],
  };
}

/** The action results stored in an assistant message's parts. */
export function actionResultsPart(results: unknown[]): Record<string, unknown> {
  return { type: `data-${ACTION_RESULTS_PART}`, id: 'actions', data: { results } };
}

/**
 * Queries of the chat tables. Callers have checked that the actor owns the app (every function takes
 * the app id and never reaches another app's rows).
 */
export function createChatRepo(db: Db) {
  const chatRepo = {
    async insertMessage(message: NewChatMessage): Promise<ChatMessageRow> {
      const [row] = await db
        .insert(chatMessages)
        .values({
          id: message.id,
          appId: message.appId,
          role: message.role,
          content: message.content,
          parts: message.parts,
          annotations: message.annotations as Record<string, unknown>,
          attachments: message.attachments ?? [],
          status: message.status ?? 'normal',
          versionId: message.versionId ?? null,
        })
        .returning();
      return row!;
    },

    async findMessage(appId: string, messageId: string): Promise<ChatMessageRow | undefined> {
      const [row] = await db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.appId, appId), eq(chatMessages.id, messageId)))
        .limit(1);
      return row;
    },

    /** A page of history, oldest first: the `limit` messages before `beforeSeq` (or the newest). */
    async page(
      appId: string,
      limit: number,
      beforeSeq?: number,
    ): Promise<{ rows: ChatMessageRow[]; hasMore: boolean }> {
      const rows = await db
        .select()
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.appId, appId),
            beforeSeq === undefined ? undefined : lt(chatMessages.seq, beforeSeq),
          ),
        )
        .orderBy(desc(chatMessages.seq))
        .limit(limit + 1);
      const hasMore = rows.length > limit;
      return { rows: rows.slice(0, limit).reverse(), hasMore };
    },

    /** Messages after `afterSeq`, oldest first. */
    async messagesAfter(appId: string, afterSeq: number): Promise<ChatMessageRow[]> {
      return db
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.appId, appId), gt(chatMessages.seq, afterSeq)))
        .orderBy(asc(chatMessages.seq));
    },

    /** The newest messages (the conversation's tail), oldest first. */
    async lastMessages(appId: string, count: number): Promise<ChatMessageRow[]> {
      return (await chatRepo.page(appId, count)).rows;
    },

    /** Messages after `afterSeq` and before `beforeSeq`, oldest first (at most `limit`). */
    async between(
      appId: string,
      afterSeq: number,
      beforeSeq: number,
      limit: number,
    ): Promise<ChatMessageRow[]> {
      return db
        .select()
        .from(chatMessages)
        .where(
          and(eq(chatMessages.appId, appId), gt(chatMessages.seq, afterSeq), lt(chatMessages.seq, beforeSeq)),
        )
        .orderBy(asc(chatMessages.seq))
        .limit(limit) as Promise<ChatMessageRow[]>;
    },

    /** The chat's stored summary of its older messages (issue 21 §6). */
    async summary(appId: string): Promise<{ throughSeq: number; summary: string } | null> {
      const [row] = await db
        .select({ throughSeq: chatSummaries.throughSeq, summary: chatSummaries.summary })
        .from(chatSummaries)
        .where(eq(chatSummaries.appId, appId));
      return row ?? null;
    },

    async saveSummary(appId: string, throughSeq: number, summary: string): Promise<void> {
      await db
        .insert(chatSummaries)
        .values({ appId, throughSeq, summary })
        .onConflictDoUpdate({
          target: chatSummaries.appId,
          set: { throughSeq, summary, updatedAt: sql`now()` },
        });
    },

    async deleteFromSeq(appId: string, fromSeq: number): Promise<number> {
      // A summary that covers removed messages is made again from what is left.
      await db
        .delete(chatSummaries)
        .where(and(eq(chatSummaries.appId, appId), gte(chatSummaries.throughSeq, fromSeq)));
      const deleted = await db
        .delete(chatMessages)
        .where(and(eq(chatMessages.appId, appId), gte(chatMessages.seq, fromSeq)))
        .returning({ id: chatMessages.id });
      return deleted.length;
    },

    async deleteMessages(appId: string, ids: string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.delete(chatSummaries).where(eq(chatSummaries.appId, appId));
      await db.delete(chatMessages).where(and(eq(chatMessages.appId, appId), inArray(chatMessages.id, ids)));
    },

    /** Merges fields into a message's annotations (and sets its version when given). */
    async annotate(
      appId: string,
      messageId: string,
      patch: Partial<ChatAnnotation>,
      versionId?: string | null,
    ): Promise<void> {
      await db
        .update(chatMessages)
        .set({
          annotations: sql`${chatMessages.annotations} || ${JSON.stringify(patch)}::jsonb`,
          ...(versionId === undefined ? {} : { versionId }),
        })
        .where(and(eq(chatMessages.appId, appId), eq(chatMessages.id, messageId)));
    },

    async saveRating(
      appId: string,
      messageId: string,
      userId: string,
      rating: ChatRating,
      id: string,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .insert(chatRatings)
          .values({ id, appId, messageId, userId, ...rating })
          .onConflictDoUpdate({
            target: chatRatings.messageId,
            set: {
              score: rating.score,
              feedback: rating.feedback,
              comment: rating.comment,
              createdAt: new Date(),
            },
          });
        await tx
          .update(chatMessages)
          .set({ annotations: sql`${chatMessages.annotations} || ${JSON.stringify({ rating })}::jsonb` })
          .where(and(eq(chatMessages.appId, appId), eq(chatMessages.id, messageId)));
      });
    },

    async insertRestore(row: typeof chatRestores.$inferInsert): Promise<void> {
      await db.insert(chatRestores).values(row);
    },

    async findRestore(appId: string, messageId: string): Promise<ChatRestoreRow | undefined> {
      const [row] = await db
        .select()
        .from(chatRestores)
        .where(and(eq(chatRestores.appId, appId), eq(chatRestores.messageId, messageId)))
        .limit(1);
      return row;
    },

    async markRestoreUndone(appId: string, messageId: string): Promise<boolean> {
      const rows = await db
        .update(chatRestores)
        .set({ undoneAt: new Date() })
        .where(
          and(
            eq(chatRestores.appId, appId),
            eq(chatRestores.messageId, messageId),
            sql`${chatRestores.undoneAt} is null`,
          ),
        )
        .returning({ id: chatRestores.messageId });
      return rows.length > 0;
    },
  };
  return chatRepo;
}

export type ChatRepo = ReturnType<typeof createChatRepo>;
