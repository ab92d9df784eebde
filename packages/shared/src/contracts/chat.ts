import { z } from 'zod';
import {
  ACTION_OUTCOMES,
  CHAT_HISTORY_PAGE_SIZE,
  CHAT_MAX_ATTACHMENTS,
  CHAT_MESSAGE_MAX_LENGTH,
  RATING_COMMENT_MAX_LENGTH,
  RATING_MAX_SCORE,
  RATING_MIN_SCORE,
  SYSTEM_ACTION_TYPES,
} from '../constants/chat.ts';
import { LLM_ERROR_REASONS } from '../llm/error-reasons.ts';
import { ACTION_RESULTS_PART, chatMessagePartSchema, toolInvocationSchema } from './chat-parts.ts';
import { RETRIEVAL_METHODS } from './data-sources.ts';
import { usageRecordSchema } from './llm.ts';

/**
 * The builder chat (spec 3 §3, §7): messages in the AI SDK's UI-message shape (parts) with the
 * spec's `annotations[0]`, history pages, sending, restore / undo restore, rating, context.
 */

export const chatAttachmentSchema = z
  .object({ name: z.string().max(300), url: z.string().max(2000), contentType: z.string().max(200) })
  .meta({ id: 'ChatAttachment' });
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

export const chatAttachmentUploadSchema = chatAttachmentSchema
  .extend({ id: z.string(), size: z.number().int() })
  .meta({ id: 'ChatAttachmentUpload' });
export type ChatAttachmentUpload = z.infer<typeof chatAttachmentUploadSchema>;

export const ratingSchema = z
  .object({
    score: z.number().int().min(RATING_MIN_SCORE).max(RATING_MAX_SCORE),
    feedback: z.array(z.string().max(200)).max(20),
    comment: z.string(),
  })
  .meta({ id: 'ChatRating' });
export type ChatRating = z.infer<typeof ratingSchema>;

export const systemActionInfoSchema = z.object({
  type: z.enum(SYSTEM_ACTION_TYPES),
  restoredVersionDate: z.string().optional(),
  revertedFromMessageId: z.string().optional(),
});
export type SystemActionInfo = z.infer<typeof systemActionInfoSchema>;

/** One file (or data-source passage) that went into a reply, with how it was chosen. */
export const retrievedFileSchema = z.object({
  filePath: z.string(),
  retrievalMethods: z.array(z.string()),
  /** Admins only (the server leaves token counts out for other builders). */
  tokenEstimation: z.number().int().optional(),
  score: z.number(),
});
export type RetrievedFile = z.infer<typeof retrievedFileSchema>;

export const contextPassageSchema = z.object({
  itemId: z.string(),
  itemName: z.string(),
  text: z.string(),
  score: z.number(),
  method: z.enum(RETRIEVAL_METHODS),
  /** Admins only. */
  tokenEstimation: z.number().int().optional(),
});
export type ContextPassage = z.infer<typeof contextPassageSchema>;

/** Spec 3 §3 "contextMetadata" (plus the data-source passages of the reply). */
export const contextMetadataSchema = z
  .object({
    query: z.string(),
    retrievedFiles: z.array(retrievedFileSchema),
    /** The files the reply changed: what a perfect retrieval would have included. */
    relevantFiles: z.array(z.string()),
    /** Admins only. */
    evals: z
      .record(z.string(), z.object({ recall: z.number(), tokenEstimation: z.number().int() }))
      .optional(),
    enhancedQuery: z.string().nullable(),
    scoreThreshold: z.number(),
    /** Admins only. */
    rerankTokenLimit: z.number().int().optional(),
    belowThresholdFiles: z.array(z.object({ filename: z.string(), score: z.number() })),
    passages: z.array(contextPassageSchema),
  })
  .meta({ id: 'ChatContextMetadata' });
export type ContextMetadata = z.infer<typeof contextMetadataSchema>;

/** Spec 3 §3 "annotations[0]". */
export const chatAnnotationSchema = z
  .object({
    versionId: z.string().nullable().optional(),
    status: z.literal('failed').optional(),
    /** Admins only: tokens and cost of the reply (spec 3 §2). */
    usage: usageRecordSchema.optional(),
    rating: ratingSchema.optional(),
    /** tokenEstimation: admins only. */
    contextFiles: z
      .array(z.object({ filePath: z.string(), tokenEstimation: z.number().int().optional() }))
      .optional(),
    contextMetadata: contextMetadataSchema.optional(),
    systemActionInfo: systemActionInfoSchema.optional(),
    discussModeMetadata: z.object({ isDiscussMode: z.boolean() }).optional(),
    /** The assistant reply's user message (on replies) and the reply's id (on user messages). */
    userMessageId: z.string().optional(),
    replyMessageId: z.string().optional(),
    /** Why a failed reply failed (the kind only; admins read the provider's reason in the usage table). */
    error: z.object({ reason: z.enum(LLM_ERROR_REASONS) }).optional(),
    /** The builder stopped the reply: the actions completed before the Stop are kept. */
    stopped: z.boolean().optional(),
    /** The model stopped at its output limit (finish reason `length`), inside an action or not. */
    lengthLimit: z.boolean().optional(),
  })
  .meta({ id: 'ChatAnnotation' });
export type ChatAnnotation = z.infer<typeof chatAnnotationSchema>;

export const actionResultSchema = z
  .object({
    index: z.number().int(),
    type: z.string(),
    title: z.string(),
    path: z.string().optional(),
    entity: z.string().optional(),
    outcome: z.enum(ACTION_OUTCOMES),
    /** Why it failed or was not applied. */
    message: z.string().optional(),
    /** Details of a failure, e.g. each partial-edit block that did not match. */
    details: z.array(z.string()).optional(),
    /** request_secrets: the secrets to ask for. */
    secrets: z
      .array(z.object({ secretName: z.string(), description: z.string(), required: z.boolean() }))
      .optional(),
  })
  .meta({ id: 'ChatActionResult' });
export type ActionResult = z.infer<typeof actionResultSchema>;

export const actionResultsDataSchema = z.object({ results: z.array(actionResultSchema) });
export type ActionResultsData = z.infer<typeof actionResultsDataSchema>;

/**
 * The data part carrying the build check of a reply that changed code (`data-build-check`, issue 21
 * §5): `checking`, then `fixing` (a round asks the model to fix `errorCount` errors), then `passed`,
 * `fixed`, `failed` (errors left, listed in `issues`) or `skipped` (the check did not finish in time).
 */
export const BUILD_CHECK_PART = 'build-check';
export const BUILD_CHECK_STATUSES = ['checking', 'fixing', 'passed', 'fixed', 'failed', 'skipped'] as const;
export const buildCheckIssueSchema = z.object({
  file: z.string(),
  line: z.number().int().nullable(),
  message: z.string(),
});
export type BuildCheckIssue = z.infer<typeof buildCheckIssueSchema>;
export const buildCheckDataSchema = z.object({
  status: z.enum(BUILD_CHECK_STATUSES),
  /** Fixing rounds asked of the model so far. */
  rounds: z.number().int(),
  /** Errors being fixed (`fixing`), fixed (`fixed`) or left (`failed`). */
  errorCount: z.number().int(),
  issues: z.array(buildCheckIssueSchema),
});
export type BuildCheckData = z.infer<typeof buildCheckDataSchema>;

export const CHAT_ROLES = ['user', 'assistant'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

export const chatMessageSchema = z
  .object({
    id: z.string(),
    role: z.enum(CHAT_ROLES),
    content: z.string(),
    /** Spec 3 §3: text, source, reasoning, tool-invocation, file (see chat-parts.ts). */
    parts: z.array(chatMessagePartSchema),
    /** The message's tool calls (its tool-invocation parts). */
    toolInvocations: z.array(toolInvocationSchema),
    experimental_attachments: z.array(chatAttachmentSchema),
    createdAt: z.string(),
    annotations: z.array(chatAnnotationSchema),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatHistoryQuerySchema = z.object({
  fromMessageId: z.string().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_HISTORY_PAGE_SIZE).default(CHAT_HISTORY_PAGE_SIZE),
});

/** The reply being produced for the app, if any (GET …/chat/stream follows it). */
export const runningReplySchema = z
  .object({ messageId: z.string(), userMessageId: z.string() })
  .meta({ id: 'ChatRunningReply' });
export type RunningReply = z.infer<typeof runningReplySchema>;

export const chatHistoryResponseSchema = z
  .object({
    messages: z.array(chatMessageSchema),
    hasMore: z.boolean(),
    running: runningReplySchema.nullable().optional(),
  })
  .meta({ id: 'ChatHistory' });
export type ChatHistoryResponse = z.infer<typeof chatHistoryResponseSchema>;

export const sendChatRequestSchema = z
  .object({
    text: z.string().max(CHAT_MESSAGE_MAX_LENGTH),
    attachments: z.array(chatAttachmentSchema).max(CHAT_MAX_ATTACHMENTS).optional(),
    /** Discuss mode: the assistant answers, actions are not applied. */
    discuss: z.boolean().optional(),
    /** Retry: `messageId` is the last user message; it (and a failed reply after it) is replaced. */
    retry: z.boolean().optional(),
    messageId: z.string().max(100).optional(),
    /** The id the client gave the new user message. */
    userMessageId: z
      .string()
      .min(1)
      .max(100)
      // It travels back in the X-User-Message-Id header: ASCII only.
      .regex(/^[\w.:-]+$/, 'The message id may hold letters, digits, _ . : and - only')
      .optional(),
    /** An error report from the runtime error panel ("Resolve with AI"), kept as-is. */
    systemActionType: z.enum(SYSTEM_ACTION_TYPES).optional(),
  })
  .meta({ id: 'SendChatMessage' });
export type SendChatRequest = z.infer<typeof sendChatRequestSchema>;

export const stopChatResponseSchema = z.object({ stopped: z.boolean() }).meta({ id: 'StopChatReply' });

export const restoreRequestSchema = z
  .object({ messageId: z.string().min(1).max(100) })
  .meta({ id: 'RestoreVersionRequest' });

export const restoreResponseSchema = z
  .object({ messages: z.array(chatMessageSchema), hasMore: z.boolean(), versionId: z.string() })
  .meta({ id: 'RestoreVersionResponse' });
export type RestoreResponse = z.infer<typeof restoreResponseSchema>;

export const undoRestoreResponseSchema = z
  .object({
    messages: z.array(chatMessageSchema),
    hasMore: z.boolean(),
    versionId: z.string().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'UndoRestoreResponse' });
export type UndoRestoreResponse = z.infer<typeof undoRestoreResponseSchema>;

export const ratingRequestSchema = z
  .object({
    messageId: z.string().min(1).max(100),
    score: z.number().int().min(RATING_MIN_SCORE).max(RATING_MAX_SCORE),
    feedback: z.array(z.string().trim().min(1).max(200)).max(20).default([]),
    comment: z
      .string()
      .max(RATING_COMMENT_MAX_LENGTH)
      .default('')
      .transform((value) => value.trim()),
  })
  .meta({ id: 'RatingRequest' });
export type RatingRequest = z.input<typeof ratingRequestSchema>;

export const ratingResponseSchema = z
  .object({ ok: z.literal(true), rating: ratingSchema })
  .meta({ id: 'RatingResponse' });

export const enhanceContextQueryRequestSchema = z
  .object({
    latestUserRequest: z.string().min(1).max(CHAT_MESSAGE_MAX_LENGTH),
    appId: z.string().min(1).max(100),
    messageId: z.string().max(100).optional(),
    currentRoute: z.string().max(500).optional(),
  })
  .meta({ id: 'EnhanceContextQueryRequest' });
export type EnhanceContextQueryRequest = z.infer<typeof enhanceContextQueryRequestSchema>;

export const enhanceContextQueryResponseSchema = z
  .object({ enhancedQuery: z.string(), tokenEstimation: z.number().int() })
  .meta({ id: 'EnhanceContextQueryResponse' });
export type EnhanceContextQueryResponse = z.infer<typeof enhanceContextQueryResponseSchema>;

/** The metadata of a chat message on the client (`UIMessage.metadata`): its annotation plus when it was made. */
export type ChatUIMetadata = ChatAnnotation & { createdAt?: string; attachments?: ChatAttachment[] };

/** The data parts of a chat UI message. */
export type ChatUIDataTypes = {
  [ACTION_RESULTS_PART]: ActionResultsData;
  /** Transient: the newest draft of a running reply's files, previewable by this id (issue 21 §8). */
  draft: { versionId: string };
  [BUILD_CHECK_PART]: BuildCheckData;
};
