import { randomUUID } from 'node:crypto';
import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_MESSAGES,
  type ChatAttachment,
  type ChatAttachmentUpload,
} from '@atelier/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { chatAttachments } from '../../platform/db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import type { LoadedAttachment } from './model-messages.ts';

/**
 * Files attached to chat messages: stored in the database (any instance can serve them), shown in
 * the message and sent to the model. Only the app's owner reaches them (the routes check).
 */
export const ATTACHMENT_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'text/plain',
  'text/csv',
  'text/markdown',
  'application/json',
]);

export const attachmentUrl = (appId: string, id: string) =>
  `/api/apps/${encodeURIComponent(appId)}/chat/attachments/${encodeURIComponent(id)}`;

const ID_IN_URL = /\/api\/apps\/[^/]+\/chat\/attachments\/([\w-]+)$/;

/** The stored attachment id of an attachment URL of this app, if it is one. */
export function attachmentIdOf(appId: string, url: string): string | undefined {
  const match = ID_IN_URL.exec(url);
  if (!match) return undefined;
  return url.startsWith(attachmentUrl(appId, '')) ? match[1] : undefined;
}

/** The media type of an upload: the browser's, or guessed from the name when it sent none. */
function typeOf(file: File): string {
  const declared = file.type.split(';')[0]!.trim().toLowerCase();
  if (declared && declared !== 'application/octet-stream') return declared;
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  const byExtension: Record<string, string> = {
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    webp: 'image/webp',
    pdf: 'application/pdf',
    txt: 'text/plain',
    csv: 'text/csv',
    md: 'text/markdown',
    json: 'application/json',
  };
  return byExtension[extension] ?? declared;
}

export function createChatAttachments(db: Db) {
  return {
    async upload(appId: string, file: File): Promise<ChatAttachmentUpload> {
      if (file.size >= CHAT_ATTACHMENT_MAX_BYTES) {
        throw new AppError('file_too_large', CHAT_MESSAGES.attachmentTooLarge, {
          limitBytes: CHAT_ATTACHMENT_MAX_BYTES,
        });
      }
      const contentType = typeOf(file);
      if (!ATTACHMENT_TYPES.has(contentType)) {
        throw new AppError('unsupported_file_type', CHAT_MESSAGES.attachmentUnsupported, { contentType });
      }
      const id = randomUUID();
      const data = Buffer.from(await file.arrayBuffer());
      const name = (file.name || 'file').slice(0, 300);
      await db.insert(chatAttachments).values({ id, appId, name, contentType, size: data.length, data });
      return { id, name, contentType, size: data.length, url: attachmentUrl(appId, id) };
    },

    async find(appId: string, id: string) {
      const [row] = await db
        .select()
        .from(chatAttachments)
        .where(and(eq(chatAttachments.appId, appId), eq(chatAttachments.id, id)))
        .limit(1);
      if (!row) throw new AppError('not_found', CHAT_MESSAGES.attachmentNotFound);
      return row;
    },

    /** The attachments of a message that are stored for this app, with their bytes (others are left out). */
    async load(appId: string, attachments: readonly ChatAttachment[]): Promise<LoadedAttachment[]> {
      const ids = attachments.map((a) => attachmentIdOf(appId, a.url)).filter((id): id is string => !!id);
      if (ids.length === 0) return [];
      const rows = await db
        .select()
        .from(chatAttachments)
        .where(and(eq(chatAttachments.appId, appId), inArray(chatAttachments.id, ids)));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row
          ? [{ name: row.name, url: attachmentUrl(appId, id), contentType: row.contentType, data: row.data }]
          : [];
      });
    },
  };
}

export type ChatAttachments = ReturnType<typeof createChatAttachments>;
