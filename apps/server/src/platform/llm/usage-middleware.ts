import type {
  LanguageModelV3CallOptions,
  LanguageModelV3Middleware,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { type LlmCallError, toLlmCallError } from './errors.ts';

/** What one model invocation did, handed to `onDone` exactly once. */
export interface CallObservation {
  /** performance.now() at the start of the call. */
  startedAt: number;
  endedAt: number;
  firstTokenAt: number | undefined;
  usage: LanguageModelV3Usage | undefined;
  /** The provider's unified finish reason, 'error' or 'aborted'. */
  finishReason: string;
  error: LlmCallError | undefined;
  /** The text of the call's prompt (for a token count when the provider sends no usage). */
  promptText: string;
  /** The text and reasoning the model sent. */
  outputText: string;
}

export interface UsageObserver {
  /** When the logical call began (defaults to when the model was invoked). */
  startedAt?: number;
  /** A model invocation starts (each one ends with exactly one `onDone`). */
  onStart?(): void;
  onDone(observation: CallObservation): void;
}

type Part = LanguageModelV3StreamPart;
type ReadResult = Awaited<ReturnType<ReadableStreamDefaultReader<Part>['read']>>;
const TEXT_PARTS = new Set<Part['type']>(['text-delta', 'reasoning-delta']);
const FIRST_TOKEN_PARTS = new Set<Part['type']>([
  ...TEXT_PARTS,
  'tool-input-start',
  'tool-call',
  'file',
  'source',
]);

/** The prompt's text parts (system, user, assistant, tool), one per line. */
function promptTextOf(call: LanguageModelV3CallOptions): string {
  return call.prompt
    .map((message) =>
      typeof message.content === 'string'
        ? message.content
        : message.content
            .map((part) => ('text' in part && typeof part.text === 'string' ? part.text : ''))
            .join(''),
    )
    .join('\n');
}

/**
 * The model middleware that observes each model invocation for usage and cost accounting: its
 * timing (start, first token, end), the provider's usage, the text it sent, its finish reason
 * and its failure, reported once through `onDone` (a usage row in the AI layer). It sits outside
 * `reliabilityMiddleware`, so the retries of one invocation make one observation, and the errors
 * it sees are already LlmCallErrors.
 */
export function usageMiddleware(observer: UsageObserver): LanguageModelV3Middleware {
  function observe(params: LanguageModelV3CallOptions) {
    observer.onStart?.();
    const observation: CallObservation = {
      startedAt: observer.startedAt ?? performance.now(),
      endedAt: 0,
      firstTokenAt: undefined,
      usage: undefined,
      finishReason: 'other',
      error: undefined,
      promptText: promptTextOf(params),
      outputText: '',
    };
    let done = false;
    return {
      observation,
      failed(error: unknown) {
        if (params.abortSignal?.aborted) {
          observation.finishReason = 'aborted';
          return;
        }
        observation.error = toLlmCallError(error);
        observation.finishReason = 'error';
      },
      finish() {
        if (done) return;
        done = true;
        observation.endedAt = performance.now();
        observer.onDone(observation);
      },
    };
  }

  return {
    specificationVersion: 'v3',
    wrapGenerate: async ({ doGenerate, params }) => {
      const call = observe(params);
      const { observation } = call;
      try {
        const result = await doGenerate();
        observation.firstTokenAt = performance.now();
        observation.usage = result.usage;
        observation.outputText = result.content
          .map((part) => (part.type === 'text' || part.type === 'reasoning' ? part.text : ''))
          .join('');
        observation.finishReason = result.finishReason.unified;
        return result;
      } catch (error) {
        call.failed(error);
        throw error;
      } finally {
        call.finish();
      }
    },
    wrapStream: async ({ doStream, params }) => {
      const call = observe(params);
      const { observation } = call;
      let result: Awaited<ReturnType<typeof doStream>>;
      try {
        result = await doStream();
      } catch (error) {
        call.failed(error);
        call.finish();
        throw error;
      }
      const reader = result.stream.getReader();
      return {
        ...result,
        stream: new ReadableStream<Part>({
          async pull(controller) {
            let next: ReadResult;
            try {
              next = await reader.read();
            } catch (error) {
              call.failed(error);
              call.finish();
              controller.error(error);
              return;
            }
            if (next.done) {
              call.finish();
              controller.close();
              return;
            }
            const part = next.value;
            if (observation.firstTokenAt === undefined && FIRST_TOKEN_PARTS.has(part.type)) {
              if (!(part.type === 'text-delta' && part.delta === ''))
                observation.firstTokenAt = performance.now();
            }
            if (part.type === 'text-delta' || part.type === 'reasoning-delta')
              observation.outputText += part.delta;
            if (part.type === 'error') call.failed(part.error);
            if (part.type === 'finish') {
              observation.usage = part.usage;
              if (!observation.error) observation.finishReason = part.finishReason.unified;
            }
            controller.enqueue(part);
          },
          async cancel(reason) {
            if (!observation.error) observation.finishReason = 'aborted';
            call.finish();
            await reader.cancel(reason).catch(() => {});
          },
        }),
      };
    },
  };
}
