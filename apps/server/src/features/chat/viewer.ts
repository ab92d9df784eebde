import type { ChatAnnotation, ChatMessage, ChatUIMetadata } from '@atelier/shared';
import type { Chunk } from './outlet.ts';

/**
 * Tokens and cost are for admins only (spec 3 §2, §6): for any other builder the server leaves the
 * reply's usage record and every token count out of what it answers, in the history and in the
 * live stream alike (hiding them in the UI alone would still hand them to the browser).
 */
export function annotationForViewer<T extends ChatAnnotation | ChatUIMetadata>(
  annotation: T,
  isAdmin: boolean,
): T {
  if (isAdmin) return annotation;
  const { usage: _usage, contextFiles, contextMetadata, ...rest } = annotation;
  const visible = { ...rest } as T;
  if (contextFiles) visible.contextFiles = contextFiles.map(({ filePath }) => ({ filePath }));
  if (contextMetadata) {
    const { evals: _evals, rerankTokenLimit: _limit, ...context } = contextMetadata;
    visible.contextMetadata = {
      ...context,
      retrievedFiles: context.retrievedFiles.map(({ tokenEstimation: _t, ...file }) => file),
      passages: context.passages.map(({ tokenEstimation: _t, ...passage }) => passage),
    };
  }
  return visible;
}

export function messagesForViewer<T extends { messages: ChatMessage[] }>(page: T, isAdmin: boolean): T {
  if (isAdmin) return page;
  return {
    ...page,
    messages: page.messages.map((message) => ({
      ...message,
      annotations: message.annotations?.map((annotation) => annotationForViewer(annotation, false)),
    })),
  };
}

/** A chunk of the reply's stream as the viewer may see it (its message metadata filtered). */
export function chunkForViewer(chunk: Chunk, isAdmin: boolean): Chunk {
  if (isAdmin || !('messageMetadata' in chunk) || !chunk.messageMetadata) return chunk;
  return { ...chunk, messageMetadata: annotationForViewer(chunk.messageMetadata, false) } as Chunk;
}
