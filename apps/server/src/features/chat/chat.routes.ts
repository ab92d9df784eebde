import {
  appIdParamSchema,
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_MESSAGES,
  chatAttachmentUploadSchema,
  chatHistoryQuerySchema,
  chatHistoryResponseSchema,
  enhanceContextQueryRequestSchema,
  enhanceContextQueryResponseSchema,
  LLM_ERROR_MESSAGE,
  ratingRequestSchema,
  ratingResponseSchema,
  restoreRequestSchema,
  restoreResponseSchema,
  sendChatRequestSchema,
  stopChatResponseSchema,
  undoRestoreResponseSchema,
} from '@atelier/shared';
import { z } from '@hono/zod-openapi';
import { createUIMessageStream, createUIMessageStreamResponse } from 'ai';
import { bodyLimit } from 'hono/body-limit';
import { builderOf, requireAdmin, requireBuilder } from '../../platform/auth/middleware.ts';
import { AppError } from '../../platform/errors.ts';
import { readForm } from '../../platform/http/multipart.ts';
import {
  builderErrors,
  createRouter,
  defineRoute,
  errorContent,
  formBody,
  jsonBody,
  jsonContent,
} from '../../platform/http/openapi.ts';
import { POLICY } from '../../platform/http/route-policy.ts';
import { createChatAttachments } from './attachments.ts';
import type { ChatRuntime } from './chat.runtime.ts';
import {
  followReply,
  history,
  ownedApp,
  rateMessage,
  readableApp,
  sendMessage,
  stopReply,
} from './chat.service.ts';
import { enhanceContextQuery } from './enhance-query.ts';
import { createOutlet } from './outlet.ts';
import { restoreVersion, undoRestore } from './restore.service.ts';
import { chunkForViewer, messagesForViewer } from './viewer.ts';

const tags = ['chat'];
const versionParams = appIdParamSchema.extend({ versionId: z.string().min(1).max(100) });
const attachmentParams = appIdParamSchema.extend({ attachmentId: z.string().min(1).max(100) });
/** Acting on the chat: a platform admin on another builder's app reads it only (spec 3 §6) and gets 403. */
const actingErrors = {
  ...builderErrors,
  403: errorContent("Not a builder session, or a platform admin on another builder's app (read-only view)"),
} as const;

const historyRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/apps/{appId}/chat/history',
  tags,
  summary: 'A page of the chat, oldest first: the messages before fromMessageId (or the newest)',
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema, query: chatHistoryQuerySchema },
  responses: {
    200: jsonContent(chatHistoryResponseSchema, 'Messages and whether older ones exist'),
    ...builderErrors,
  },
});

const sendRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/apps/{appId}/chat',
  tags,
  summary: 'Send a message; answers the reply as an AI SDK UI-message stream (SSE)',
  description:
    'The reply is produced and stored on the server even when the client disconnects. Actions are applied as they complete; the reply commits one new version tied to the user message.',
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema, ...jsonBody(sendChatRequestSchema) },
  responses: {
    200: { description: 'text/event-stream of UI message chunks' },
    400: errorContent('Empty message, or a retry of a message that is not the last one'),
    ...actingErrors,
  },
});

const followRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/apps/{appId}/chat/stream',
  tags,
  summary: "The app's running reply as a UI-message stream, from its start, live (204: none)",
  description:
    'A reload, a second tab or a second device re-attaches to the reply the server is producing; any instance serves it.',
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema },
  responses: {
    200: { description: 'text/event-stream of UI message chunks' },
    204: { description: 'No reply to follow' },
    ...builderErrors,
  },
});

const stopRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/apps/{appId}/chat/stop',
  tags,
  summary: "Stop the app's running reply: completed actions are kept in one version marked Stopped",
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema },
  responses: {
    200: jsonContent(stopChatResponseSchema, 'Whether a reply was running'),
    ...actingErrors,
  },
});

const restoreRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/apps/{appId}/versions/{versionId}/restore',
  tags,
  summary: 'Restore a version as a new version, removing the messages after the given message (spec 3 §4)',
  middleware: [requireBuilder] as const,
  request: { params: versionParams, ...jsonBody(restoreRequestSchema) },
  responses: { 200: jsonContent(restoreResponseSchema, 'The conversation now'), ...actingErrors },
});

const undoRestoreRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/apps/{appId}/versions/{versionId}/undo-restore',
  tags,
  summary: 'Undo a restore: back to the version current before it; `error` says why not',
  middleware: [requireBuilder] as const,
  request: { params: versionParams, ...jsonBody(restoreRequestSchema) },
  responses: {
    200: jsonContent(undoRestoreResponseSchema, 'The conversation now, and an error or null'),
    ...actingErrors,
  },
});

const ratingRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/apps/{appId}/rating',
  tags,
  summary: 'Rate an assistant reply (score 1 to 5, reasons, trimmed comment)',
  middleware: [requireBuilder] as const,
  request: { params: appIdParamSchema, ...jsonBody(ratingRequestSchema) },
  responses: { 200: jsonContent(ratingResponseSchema, 'Stored'), ...actingErrors },
});

const uploadRoute = defineRoute({
  policy: POLICY.upload,
  method: 'post',
  path: '/apps/{appId}/chat/attachments',
  tags,
  summary: 'Attach a file to a chat message (multipart field "file"; images, PDF, text; under 10 MB)',
  middleware: [
    requireBuilder,
    bodyLimit({
      maxSize: CHAT_ATTACHMENT_MAX_BYTES + 64 * 1024,
      onError: () => {
        throw new AppError('file_too_large', CHAT_MESSAGES.attachmentTooLarge);
      },
    }),
  ] as const,
  request: { params: appIdParamSchema, ...formBody(z.object({ file: z.file() })) },
  responses: {
    201: jsonContent(chatAttachmentUploadSchema, 'The stored file'),
    400: errorContent(
      'No file, a type that cannot be attached, or 10 MB or more (file_too_large: "File size to large")',
    ),
    ...actingErrors,
  },
});

const attachmentRoute = defineRoute({
  policy: POLICY.api,
  method: 'get',
  path: '/apps/{appId}/chat/attachments/{attachmentId}',
  tags,
  summary: "The bytes of a chat attachment (the app's builders; platform admins read-only)",
  middleware: [requireBuilder] as const,
  request: { params: attachmentParams },
  responses: { 200: { description: 'The file' }, ...builderErrors },
});

const enhanceRoute = defineRoute({
  policy: POLICY.api,
  method: 'post',
  path: '/admin/enhanceContextQuery',
  tags: ['admin', 'chat'],
  summary: 'The request rewritten as a retrieval query for the context dialog (admin)',
  middleware: [requireAdmin] as const,
  request: jsonBody(enhanceContextQueryRequestSchema),
  responses: { 200: jsonContent(enhanceContextQueryResponseSchema, 'The enhanced query'), ...builderErrors },
});

export function chatRoutes(runtime: ChatRuntime) {
  const attachments = createChatAttachments(runtime.db);
  return createRouter()
    .openapi(historyRoute, async (c) => {
      const { appId } = c.req.valid('param');
      const page = await history(runtime, c.get('actor'), appId, c.req.valid('query'));
      return c.json(messagesForViewer(page, c.get('actor').isAdmin), 200);
    })
    .openapi(sendRoute, async (c) => {
      const { appId } = c.req.valid('param');
      const outlet = createOutlet();
      const actor = c.get('actor');
      const started = await sendMessage(
        runtime,
        actor,
        appId,
        c.req.valid('json'),
        (chunk) => outlet.emit(chunkForViewer(chunk, actor.isAdmin)),
        actor,
      );
      void started.done.then(() => outlet.close());
      const stream = createUIMessageStream<never>({
        execute: ({ writer }) => writer.merge(outlet.stream as ReadableStream<never>),
        onError: () => LLM_ERROR_MESSAGE,
      });
      return createUIMessageStreamResponse({
        stream,
        headers: { 'x-user-message-id': started.userMessageId },
      });
    })
    .openapi(followRoute, async (c) => {
      const { appId } = c.req.valid('param');
      const chunks = await followReply(runtime, c.get('actor'), appId, c.req.raw.signal);
      if (!chunks) return c.body(null, 204);
      const stream = createUIMessageStream<never>({
        execute: async ({ writer }) => {
          const { isAdmin } = c.get('actor');
          for await (const chunk of chunks) writer.write(chunkForViewer(chunk, isAdmin) as never);
        },
        onError: () => LLM_ERROR_MESSAGE,
      });
      return createUIMessageStreamResponse({ stream });
    })
    .openapi(stopRoute, async (c) => {
      const { appId } = c.req.valid('param');
      return c.json({ stopped: await stopReply(runtime, c.get('actor'), appId) }, 200);
    })
    .openapi(restoreRoute, async (c) => {
      const { appId, versionId } = c.req.valid('param');
      const { messageId } = c.req.valid('json');
      const restored = await restoreVersion(runtime, c.get('actor'), appId, versionId, messageId);
      return c.json(messagesForViewer(restored, c.get('actor').isAdmin), 200);
    })
    .openapi(undoRestoreRoute, async (c) => {
      const { appId, versionId } = c.req.valid('param');
      const { messageId } = c.req.valid('json');
      const undone = await undoRestore(runtime, c.get('actor'), appId, versionId, messageId);
      return c.json(messagesForViewer(undone, c.get('actor').isAdmin), 200);
    })
    .openapi(ratingRoute, async (c) => {
      const { appId } = c.req.valid('param');
      const rating = await rateMessage(runtime, c.get('actor'), appId, c.req.valid('json'));
      return c.json({ ok: true as const, rating }, 200);
    })
    .openapi(uploadRoute, async (c) => {
      const { appId } = c.req.valid('param');
      await ownedApp(runtime, c.get('actor'), appId);
      const file = (await readForm(c.req.raw))?.file('file');
      if (!file) throw new AppError('file_required', CHAT_MESSAGES.attachmentNotFound);
      return c.json(await attachments.upload(appId, file), 201);
    })
    .openapi(attachmentRoute, async (c) => {
      const { appId, attachmentId } = c.req.valid('param');
      await readableApp(runtime, c.get('actor'), appId);
      const row = await attachments.find(appId, attachmentId);
      const inline = row.contentType.startsWith('image/') || row.contentType === 'application/pdf';
      const filename = encodeURIComponent(row.name);
      return new Response(new Uint8Array(row.data), {
        headers: {
          'content-type': row.contentType,
          'content-length': String(row.size),
          'content-disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${filename}`,
          'content-security-policy': "default-src 'none'; sandbox",
          'x-content-type-options': 'nosniff',
          'cache-control': 'private, max-age=3600',
        },
      });
    })
    .openapi(enhanceRoute, async (c) => {
      return c.json(await enhanceContextQuery(runtime, builderOf(c), c.req.valid('json')), 200);
    });
}
