import { LLM_ERROR_MESSAGE } from '../llm/constants.ts';

/** Spec 3 §9: the chat history is read in pages of 50; a full initial page implies more history. */
export const CHAT_HISTORY_PAGE_SIZE = 50;

/** Spec 3 §2: 'Load previous messages' shows when scrolled within 50 px of the top. */
export const LOAD_PREVIOUS_THRESHOLD_PX = 50;

/** Spec 3 §2, §9: scrolling to a target message is delayed by 100 ms. */
export const SCROLL_TO_MESSAGE_DELAY_MS = 100;

/** Spec 3 §9: token costs are shown per 1M tokens. */
export const TOKEN_COST_UNIT = 1_000_000;

/** Spec 3 §9: a token estimate is the text length divided by 4. */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 4);

/** Spec 3 §5 "Upload limit under 10 MB": an attachment must be smaller than this many bytes. */
export const CHAT_ATTACHMENT_MAX_BYTES = 10_000_000;
export const CHAT_MAX_ATTACHMENTS = 10;
export const CHAT_MESSAGE_MAX_LENGTH = 100_000;

/** Spec 3 §3 "Rating payload": a score of 1 to 5; 4 or more offers positive reasons. */
export const RATING_MIN_SCORE = 1;
export const RATING_MAX_SCORE = 5;
export const RATING_POSITIVE_FROM = 4;
export const RATING_COMMENT_MAX_LENGTH = 2000;
export const RATING_POSITIVE_REASONS = [
  'Did what I asked',
  'Good design',
  'Fast',
  'Clear explanation',
  'Fixed my problem',
] as const;
export const RATING_PROBLEM_REASONS = [
  'Did not do what I asked',
  'Broke something that worked',
  'The app does not build',
  'Too slow',
  'Hard to understand',
  'Changed things I did not ask for',
] as const;

/** Spec 3 §3 "systemActionInfo.type". */
export const SYSTEM_ACTION_TYPES = ['autofix', 'diff', 'restore', 'undo_restore'] as const;
export type SystemActionType = (typeof SYSTEM_ACTION_TYPES)[number];

/** What became of one action of a reply. */
export const ACTION_OUTCOMES = ['applied', 'failed', 'not_applied'] as const;
export type ActionOutcome = (typeof ACTION_OUTCOMES)[number];

/** How the files and passages of the context dialog were chosen (contextMetadata.retrievedFiles). */
export const CONTEXT_RETRIEVAL_METHODS = ['full_context', 'keyword', 'bm25'] as const;
export type ContextRetrievalMethod = (typeof CONTEXT_RETRIEVAL_METHODS)[number];

/** Context selection: files scoring below this are left out once the token limit is reached. */
export const CONTEXT_SCORE_THRESHOLD = 0.1;
/** Context selection: the app's files go in whole up to this many estimated tokens. */
export const CONTEXT_RERANK_TOKEN_LIMIT = 60_000;
/** Data-source passages added to a reply's context. */
export const CONTEXT_PASSAGES = 5;

/** Spec 3 §9: a copy confirmation lasts 2 s. */
export const COPY_CONFIRMATION_MS = 2000;

/** The chat's texts (spec 3 §1, §2, §4, §5, §8), shared by the server, the web app and the tests. */
/** Spec 3 §5 "Inline text input": shown once the text reaches its limit (the limit's value is the caller's). */
export const inlineInputMaxText = (max: number) => `${max} characters max`;

export const CHAT_MESSAGES = {
  emptyTitle: 'Start a conversation',
  emptyHint: 'Ask for new features or modifications to your app',
  loadPrevious: 'Load previous messages',
  startOfConversation: 'This is the start of the conversation',
  thinking: 'Thinking...',
  messageNotFound: (id: string) => `Message with ID "${id}" not found in conversation history`,
  /** §4 "Chat action streaming". */
  truncated: 'Too long output, ask the chat to continue',
  keepGoing: "Let's keep going",
  continuePrompt: 'Continue and repeat the last action if truncated',
  /** §4 "Preview". */
  preview: 'Preview',
  previewing: 'Previewing',
  previewFailed: 'Failed to preview version',
  previewFailedForMessage: 'Failed to preview version for this message',
  noVersionForPreview: 'No version available for preview on this message',
  /** §4 "Rating". */
  alreadyRated: 'already rated',
  rateTitle: 'Rate this response',
  ratingFailed: 'Failed to submit rating. Please try again.',
  ratingThanks: 'Thanks for your feedback',
  scoreRequired: 'Choose a score from 1 to 5',
  /** §4 "Retry". */
  retry: 'Retry',
  retryLastOnly: 'You can only retry the last message.',
  /** §4 "Revert", "Restore and undo restore". */
  revert: 'Revert',
  undoRestore: 'Undo restore',
  noPreviousVersion: 'No previous version found to revert to',
  restoreFailed: 'Failed to restore version',
  noMessageIdForVersion: 'No message ID found for this version',
  undoRestoreFailed: 'Failed to undo restore',
  restoreNotFound: 'This message is not a restore that can be undone',
  restoredVersion: (date: string) => `Restored the version from ${date}`,
  undidRestore: (date: string) => `Undid the restore of the version from ${date}`,
  removedMessages: (count: number) =>
    count === 1 ? '1 later message will be removed.' : `${count} later messages will be removed.`,
  /** §8 "Failed assistant message". */
  failedReply: LLM_ERROR_MESSAGE,
  /** §6 "Discuss mode: chat actions are shown as not applied". */
  notAppliedDiscuss: 'Not applied: discuss mode',
  notAppliedTruncated: 'Not applied: the output ended before this action was complete',
  notAppliedNoDatabase: 'Not applied: the app database is not available yet',
  notAppliedImport:
    'Not applied: import the file from the database panel (imports from the chat are not available yet)',
  insertedRecords: (count: number) => (count === 1 ? 'Added 1 record' : `Added ${count} records`),
  notAppliedFailedReply: 'Not applied: the reply failed',
  notAppliedStopped: 'Not applied: stopped before this action was complete',
  /** Issue 21 §11: a finished reply that changed nothing says so. */
  nothingChanged: 'Nothing changed in the app.',
  nothingApplied: 'None of the changes could be applied, so nothing changed in the app.',
  /** A reply that stopped at the model's output limit outside an action. */
  lengthLimit: 'The reply reached the length limit of the model and was cut off here.',
  /** Issue 21: Stop, one reply at a time. */
  stop: 'Stop',
  stopped: 'Stopped',
  thinkingPart: 'Thinking',
  copyMessage: 'Copy text',
  /**
   * A read-only view of the chat (spec 3 §6): a platform admin reading another builder's app. The
   * server refuses the chat's actions with this (403); the view says it above the conversation.
   */
  readOnly: "This chat is read-only: only the app's builders can send, rate, retry or revert",
  readOnlyBadge: 'Read-only',
  readOnlyEmpty: 'No messages in this chat yet.',
  copyCode: 'Copy code',
  copied: 'Copied',
  /** A message typed while a reply runs waits in the input and is sent when the reply ends. */
  queue: 'Queue',
  queued: 'Queued — sends when the reply ends',
  removeQueued: 'Remove from the queue',
  replyRunning: 'A reply is still being written for this app. Wait for it to finish or stop it.',
  attachmentTooLarge: 'File size to large',
  attachmentNotFound: 'File not found',
  attachmentUploadFailed: 'Failed to upload image. Please try again.',
  attachmentUnsupported: 'This file type cannot be attached',
  messageRequired: 'Write a message or attach a file',
  /** Issue 21 §5: the build check after a reply that changed code, and its fixing rounds. */
  checkingBuild: 'Checking the build…',
  fixingErrors: (count: number) => (count === 1 ? 'Fixing 1 error…' : `Fixing ${count} errors…`),
  buildFixed: (count: number) =>
    count === 1 ? 'Fixed the 1 error the build reported' : `Fixed the ${count} errors the build reported`,
  buildStillBroken: (count: number) =>
    count === 1
      ? 'The build still has 1 error; the version was saved with it:'
      : `The build still has ${count} errors; the version was saved with them:`,
  buildCheckSkipped: 'The build could not be checked in time; the version was saved unchecked',
} as const;

/** Issue 21 §5: fixing rounds after a reply whose code does not build. */
export const BUILD_FIX_ROUNDS = 2;
/** The longest wait for one build check of a reply (it is then reported as not checked). */
export const BUILD_CHECK_TIMEOUT_MS = 30_000;
/** Issues of a build check kept with the reply (the count stays exact). */
export const BUILD_CHECK_MAX_ISSUES = 20;

/** Why an action could not be applied (shown on its card). */
export const ACTION_APPLY_MESSAGES = {
  fileExists: (path: string) => `${path} already exists`,
  fileMissing: (path: string) => `${path} does not exist`,
  badEntityName: (entity: string) =>
    `"${entity}" is not a valid entity name: use letters, digits and "_", starting with a letter`,
  badJson: (message: string) => `The content is not valid JSON: ${message}`,
  entityExists: (entity: string) => `The entity ${entity} already exists`,
  entityMissing: (entity: string) => `The entity ${entity} does not exist`,
  entityNameMismatch: (entity: string, name: string) => `The entity document is named ${name}, not ${entity}`,
  badRecords: 'The content must be a JSON array of records',
  badSecrets: 'The content must be a JSON array of { secretName, description, required }',
  badMappings: 'The content must be JSON { "mappings": [...] }',
  badPackageName: (name: string) => `"${name}" is not a valid npm package name`,
  badPackageVersion: (version: string) =>
    `"${version}" is not a version or range (e.g. "^1.2.0" or "latest")`,
  discarded: 'Discarded: the reply failed',
} as const;
