import { z } from 'zod';
import type { ActionResult } from './chat.ts';

/** The data part carrying the action results of a reply (`data-action-results`). */
export const ACTION_RESULTS_PART = 'action-results';

/**
 * The message parts of spec 3 §3 on the API: text, source (with url), reasoning, tool-invocation,
 * file (with mimeType and data), plus the product's own `data-…` parts. Messages are stored (and
 * streamed) in the AI SDK's current UI-message parts; `toSpecParts` answers the spec's shapes and
 * `fromSpecParts` turns them back into UI parts on the client. Old stored rows in either form read.
 */
export const textPartSchema = z.object({ type: z.literal('text'), text: z.string() });
export const reasoningPartSchema = z.object({ type: z.literal('reasoning'), reasoning: z.string() });
export const sourcePartSchema = z.object({
  type: z.literal('source'),
  source: z.object({
    sourceType: z.literal('url'),
    id: z.string(),
    url: z.string(),
    title: z.string().optional(),
  }),
});
export const toolInvocationSchema = z
  .object({
    state: z.enum(['partial-call', 'call', 'result']),
    toolCallId: z.string(),
    toolName: z.string(),
    args: z.record(z.string(), z.unknown()),
    result: z.unknown().optional(),
  })
  .meta({ id: 'ChatToolInvocation' });
export type ToolInvocation = z.infer<typeof toolInvocationSchema>;
export const toolInvocationPartSchema = z.object({
  type: z.literal('tool-invocation'),
  toolInvocation: toolInvocationSchema,
});
/** `data`: where the file's bytes are (its URL on this server, or a data: URL). */
export const filePartSchema = z.object({
  type: z.literal('file'),
  mimeType: z.string(),
  data: z.string(),
  filename: z.string().optional(),
});
export const dataPartSchema = z.looseObject({
  type: z.templateLiteral(['data-', z.string()]),
  data: z.unknown(),
});

export const chatMessagePartSchema = z
  .union([
    textPartSchema,
    reasoningPartSchema,
    sourcePartSchema,
    toolInvocationPartSchema,
    filePartSchema,
    dataPartSchema,
  ])
  .meta({ id: 'ChatMessagePart' });
export type ChatMessagePart = z.infer<typeof chatMessagePartSchema>;

type Stored = Record<string, unknown>;
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** An action the assistant applied, as the tool invocation it stands for (its result is the action result). */
function actionInvocation(result: ActionResult): ToolInvocation {
  const args: Record<string, unknown> = { title: result.title };
  if (result.path !== undefined) args.path = result.path;
  if (result.entity !== undefined) args.entity = result.entity;
  return { state: 'result', toolCallId: `action-${result.index}`, toolName: result.type, args, result };
}

/** Stored parts (UI-message parts, or already the spec's) as the spec's parts. */
export function toSpecParts(stored: readonly Stored[]): ChatMessagePart[] {
  return stored.flatMap((part): ChatMessagePart[] => {
    const type = str(part.type);
    switch (type) {
      case 'text':
        return [{ type: 'text', text: str(part.text) }];
      case 'reasoning':
        return [{ type: 'reasoning', reasoning: str(part.reasoning) || str(part.text) }];
      case 'source':
        return [part as z.infer<typeof sourcePartSchema>];
      case 'source-url':
        return [
          {
            type: 'source',
            source: {
              sourceType: 'url',
              id: str(part.sourceId),
              url: str(part.url),
              ...(typeof part.title === 'string' ? { title: part.title } : {}),
            },
          },
        ];
      case 'file':
        return [
          {
            type: 'file',
            mimeType: str(part.mimeType) || str(part.mediaType),
            data: str(part.data) || str(part.url),
            ...(typeof part.filename === 'string' ? { filename: part.filename } : {}),
          },
        ];
      case 'tool-invocation':
        return [part as z.infer<typeof toolInvocationPartSchema>];
      case `data-${ACTION_RESULTS_PART}`: {
        const results = (part.data as { results?: ActionResult[] } | undefined)?.results ?? [];
        return results.map((result) => ({
          type: 'tool-invocation',
          toolInvocation: actionInvocation(result),
        }));
      }
      default:
        if (type.startsWith('data-')) return [{ ...part, type: type as `data-${string}`, data: part.data }];
        // Step markers and other stream-only parts are not part of the stored message.
        return [];
    }
  });
}

/** The tool calls of a message (spec 3 §3 `toolInvocations`). */
export function toolInvocationsOf(parts: readonly ChatMessagePart[]): ToolInvocation[] {
  return parts.flatMap((part) => (part.type === 'tool-invocation' ? [part.toolInvocation] : []));
}

/**
 * The spec's parts as UI-message parts (the client's chat state): the action tool invocations go back
 * into the one `data-action-results` part the chat renders.
 */
export function fromSpecParts(parts: readonly ChatMessagePart[]): Stored[] {
  const out: Stored[] = [];
  const actions: ActionResult[] = [];
  for (const part of parts) {
    switch (part.type) {
      case 'text':
        out.push({ type: 'text', text: part.text });
        break;
      case 'reasoning':
        out.push({ type: 'reasoning', text: part.reasoning });
        break;
      case 'source':
        out.push({
          type: 'source-url',
          sourceId: part.source.id,
          url: part.source.url,
          ...(part.source.title !== undefined ? { title: part.source.title } : {}),
        });
        break;
      case 'file':
        out.push({
          type: 'file',
          mediaType: part.mimeType,
          url: part.data,
          ...(part.filename !== undefined ? { filename: part.filename } : {}),
        });
        break;
      case 'tool-invocation':
        if (part.toolInvocation.toolCallId.startsWith('action-') && part.toolInvocation.result) {
          actions.push(part.toolInvocation.result as ActionResult);
        }
        break;
      default:
        out.push(part);
    }
  }
  if (actions.length > 0)
    out.push({ type: `data-${ACTION_RESULTS_PART}`, id: 'actions', data: { results: actions } });
  return out;
}
