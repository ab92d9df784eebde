import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Middleware,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { retryWithExponentialBackoff } from '@ai-sdk/provider-utils';
import { isAbortError, isRetryable, LlmTimeoutError, retryAfterMs, toLlmCallError } from './errors.ts';

export interface RetryPolicy {
  /** Further attempts after the first one (before the first token only). */
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 2, baseDelayMs: 500, maxDelayMs: 8000 };

export interface ReliabilityOptions {
  /** Longest wait for the first chunk and between chunks (streaming) or for the answer (generate). */
  timeoutMs: number;
  retry: RetryPolicy;
}

type Part = LanguageModelV3StreamPart;
type ReadResult = Awaited<ReturnType<ReadableStreamDefaultReader<Part>['read']>>;

const CONTENT_PARTS = new Set<Part['type']>([
  'text-delta',
  'reasoning-delta',
  'tool-input-start',
  'tool-call',
  'file',
  'source',
]);
const isContent = (part: Part) =>
  CONTENT_PARTS.has(part.type) && !(part.type === 'text-delta' && part.delta === '');

const EMPTY_USAGE: LanguageModelV3Usage = {
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};

/**
 * The model middleware that makes every call dependable (used with the AI SDK's
 * `wrapLanguageModel`, inside the usage middleware so that one logical call is one usage row):
 *
 * - retries 408/409/429/5xx and network failures before the first token, with the AI SDK's
 *   `retryWithExponentialBackoff` (the function behind `maxRetries`), our policy's delays with
 *   ±20 % jitter, honouring Retry-After / retry-after-ms. A stream that fails before its first
 *   token is retried too: an attempt counts as open once its first content part has arrived.
 *   (The SDK's own `maxRetries` cannot do that, has fixed 2 s / 4 s delays, and retries outside
 *   the model, which would record a usage row per attempt: calls pass `maxRetries: 0`.)
 * - gives up after `timeoutMs` without a chunk, aborting the upstream request (the SDK's
 *   `timeout.chunkMs` starts counting only at the first chunk and ends the answer as an abort,
 *   not as the failure spec 3 §8 shows);
 * - turns every failure into an LlmCallError carrying the spec's message; the caller's abort
 *   stays an abort.
 */
export function reliabilityMiddleware(options: ReliabilityOptions): LanguageModelV3Middleware {
  return {
    specificationVersion: 'v3',
    wrapGenerate: async ({ params, model }) => {
      const call = callGuard(params, options);
      try {
        return await call.retry(() => model.doGenerate({ ...params, abortSignal: call.signal }));
      } catch (error) {
        throw call.fail(error);
      } finally {
        call.stop();
      }
    },
    wrapStream: async ({ params, model }) => {
      const call = callGuard(params, options);
      let opened: OpenedStream;
      try {
        opened = await call.retry(() => openStream(model, params, call));
      } catch (error) {
        call.stop();
        throw call.fail(error);
      }
      return { ...opened.result, stream: continueStream(opened, call) };
    },
  };
}

type CallGuard = ReturnType<typeof callGuard>;

/** The call's abort signal (the caller's, or the timeout's), its idle timer, retries and failures. */
function callGuard(params: LanguageModelV3CallOptions, options: ReliabilityOptions) {
  const timeout = new AbortController();
  const signal = params.abortSignal ? AbortSignal.any([params.abortSignal, timeout.signal]) : timeout.signal;
  let timer: NodeJS.Timeout | undefined;
  const touch = () => {
    clearTimeout(timer);
    timer = setTimeout(
      () => timeout.abort(new LlmTimeoutError(`No answer from the model within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
  };
  touch();
  const { maxRetries, baseDelayMs, maxDelayMs } = options.retry;
  const retry = retryWithExponentialBackoff({
    maxRetries,
    initialDelayInMs: baseDelayMs,
    backoffFactor: 2,
    abortSignal: signal,
    shouldRetry: async (error) => !signal.aborted && isRetryable(error) && !isAbortError(error),
    getDelayInMs: ({ error, exponentialBackoffDelay }) =>
      Math.min(
        maxDelayMs,
        Math.max(exponentialBackoffDelay * (0.8 + Math.random() * 0.4), retryAfterMs(error) ?? 0),
      ),
    // The last attempt's failure is the one to classify and record, not a summary of them all.
    createRetryError: ({ errors }) => errors.at(-1) as Error,
  });
  const callerAborted = () => params.abortSignal?.aborted === true;
  return {
    signal,
    touch,
    retry,
    callerAborted,
    stop: () => clearTimeout(timer),
    /** The caller's abort stays as it is; anything else becomes an LlmCallError (a timeout's own). */
    fail(error: unknown): unknown {
      if (callerAborted()) return error;
      return toLlmCallError(timeout.signal.aborted ? timeout.signal.reason : error);
    },
  };
}

interface OpenedStream {
  result: LanguageModelV3StreamResult;
  reader: ReadableStreamDefaultReader<Part>;
  /** The parts up to and including the first content part (or all of them, if it ended first). */
  head: Part[];
  ended: boolean;
}

/** One attempt: opens the provider's stream and reads it up to its first content part; throws if it fails first. */
async function openStream(
  model: LanguageModelV3,
  params: LanguageModelV3CallOptions,
  call: CallGuard,
): Promise<OpenedStream> {
  const result = await model.doStream({ ...params, abortSignal: call.signal });
  const reader = result.stream.getReader();
  const head: Part[] = [];
  try {
    while (true) {
      const next = await reader.read();
      call.touch();
      if (next.done) return { result, reader, head, ended: true };
      if (next.value.type === 'error') throw next.value.error;
      head.push(next.value);
      if (isContent(next.value)) return { result, reader, head, ended: false };
    }
  } catch (error) {
    reader.cancel().catch(() => {});
    throw error;
  }
}

/** The opened attempt's parts, then the rest of its stream; a failure after the first token ends it. */
function continueStream(opened: OpenedStream, call: CallGuard): ReadableStream<Part> {
  const { reader } = opened;
  let head: Part[] = opened.head;
  let ended = opened.ended;
  const finish = (controller: ReadableStreamDefaultController<Part>) => {
    ended = true;
    call.stop();
    controller.close();
  };
  return new ReadableStream<Part>({
    async pull(controller) {
      if (head.length > 0) {
        for (const part of head) controller.enqueue(part);
        head = [];
        if (ended) finish(controller);
        return;
      }
      if (ended) return finish(controller);
      let next: ReadResult;
      try {
        next = await reader.read();
      } catch (error) {
        call.stop();
        const failed = call.fail(error);
        if (call.callerAborted()) return controller.error(failed);
        controller.enqueue({ type: 'error', error: failed });
        controller.enqueue({
          type: 'finish',
          usage: EMPTY_USAGE,
          finishReason: { unified: 'error', raw: undefined },
        });
        return finish(controller);
      }
      call.touch();
      if (next.done) return finish(controller);
      const part = next.value;
      controller.enqueue(part.type === 'error' ? { type: 'error', error: call.fail(part.error) } : part);
    },
    async cancel(reason) {
      call.stop();
      await reader.cancel(reason).catch(() => {});
    },
  });
}
