import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import {
  isAbortError,
  isRetryable,
  type LlmCallError,
  LlmTimeoutError,
  retryAfterMs,
  toLlmCallError,
} from './errors.ts';

export interface RetryPolicy {
  /** Further attempts after the first one (before the first token only). */
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxRetries: 2, baseDelayMs: 500, maxDelayMs: 8000 };

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
  attempts: number;
  /** The text of the call's prompt (for a token count when the provider sends no usage). */
  promptText: string;
  /** The text and reasoning the model sent. */
  outputText: string;
}

export interface InstrumentOptions {
  /** Longest wait for the first chunk and between chunks (streaming) or for the answer (generate). */
  timeoutMs: number;
  retry: RetryPolicy;
  /** When the logical call began (defaults to when the model was invoked). */
  startedAt?: number;
  onDone(observation: CallObservation): void;
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
 * Wraps a provider's model so that every call: retries 408/409/429/5xx and network failures with
 * exponential backoff until the first token (honouring Retry-After); gives up after `timeoutMs`
 * without a chunk (aborting the upstream request); turns every failure into an LlmCallError
 * carrying the spec's message; passes the caller's abort to the upstream request; and reports its
 * timing, usage and outcome once through `onDone`.
 */
export function instrumentModel(inner: LanguageModelV3, options: InstrumentOptions): LanguageModelV3 {
  return {
    specificationVersion: 'v3',
    provider: inner.provider,
    modelId: inner.modelId,
    supportedUrls: inner.supportedUrls,
    doGenerate: (call) => generate(inner, call, options),
    doStream: (call) => stream(inner, call, options),
  };
}

/** Aborts `controller` with a timeout when `touch()` is not called for `ms`. */
function idleTimer(ms: number, controller: AbortController) {
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(
      () => controller.abort(new LlmTimeoutError(`No answer from the model within ${ms} ms`)),
      ms,
    );
  };
  arm();
  return { touch: arm, stop: () => clearTimeout(timer) };
}

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

function callContext(call: LanguageModelV3CallOptions, options: InstrumentOptions) {
  const timeout = new AbortController();
  const signal = call.abortSignal ? AbortSignal.any([call.abortSignal, timeout.signal]) : timeout.signal;
  const observation: CallObservation = {
    startedAt: options.startedAt ?? performance.now(),
    endedAt: 0,
    firstTokenAt: undefined,
    usage: undefined,
    finishReason: 'other',
    error: undefined,
    attempts: 0,
    promptText: promptTextOf(call),
    outputText: '',
  };
  let done = false;
  const callerAborted = () => call.abortSignal?.aborted === true;
  return {
    timeout,
    signal,
    observation,
    callerAborted,
    /** Classifies a failure: the caller's abort stays as it is, anything else becomes an LlmCallError. */
    fail(error: unknown): unknown {
      if (callerAborted()) {
        observation.finishReason = 'aborted';
        return error;
      }
      const reason = timeout.signal.aborted ? timeout.signal.reason : error;
      observation.error = toLlmCallError(reason);
      observation.finishReason = 'error';
      return observation.error;
    },
    finish() {
      if (done) return;
      done = true;
      observation.endedAt = performance.now();
      options.onDone(observation);
    },
    async backoff(error: unknown): Promise<boolean> {
      const { maxRetries, baseDelayMs, maxDelayMs } = options.retry;
      if (observation.attempts > maxRetries || signal.aborted || !isRetryable(error) || isAbortError(error)) {
        return false;
      }
      const exponential = baseDelayMs * 2 ** (observation.attempts - 1) * (0.8 + Math.random() * 0.4);
      const delay = Math.min(maxDelayMs, Math.max(exponential, retryAfterMs(error) ?? 0));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        signal.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            resolve();
          },
          { once: true },
        );
      });
      return !signal.aborted;
    },
  };
}

async function generate(
  inner: LanguageModelV3,
  call: LanguageModelV3CallOptions,
  options: InstrumentOptions,
) {
  const context = callContext(call, options);
  const timer = idleTimer(options.timeoutMs, context.timeout);
  try {
    while (true) {
      context.observation.attempts++;
      try {
        const result = await inner.doGenerate({ ...call, abortSignal: context.signal });
        context.observation.firstTokenAt = performance.now();
        context.observation.usage = result.usage;
        context.observation.outputText = result.content
          .map((part) => (part.type === 'text' || part.type === 'reasoning' ? part.text : ''))
          .join('');
        context.observation.finishReason = result.finishReason.unified;
        return result;
      } catch (error) {
        if (await context.backoff(error)) continue;
        throw context.fail(error);
      }
    }
  } finally {
    timer.stop();
    context.finish();
  }
}

async function stream(
  inner: LanguageModelV3,
  call: LanguageModelV3CallOptions,
  options: InstrumentOptions,
): Promise<LanguageModelV3StreamResult> {
  const context = callContext(call, options);
  const { observation } = context;
  const timer = idleTimer(options.timeoutMs, context.timeout);
  const end = () => {
    timer.stop();
    context.finish();
  };

  /** Calls the provider until it answers (retrying failed requests); throws the last failure. */
  async function open(): Promise<LanguageModelV3StreamResult> {
    while (true) {
      observation.attempts++;
      try {
        return await inner.doStream({ ...call, abortSignal: context.signal });
      } catch (error) {
        if (await context.backoff(error)) continue;
        throw error;
      }
    }
  }

  let result: LanguageModelV3StreamResult;
  try {
    result = await open();
  } catch (error) {
    const failed = context.fail(error);
    end();
    throw failed;
  }

  // The stream is returned at once (the SDK sets up while the first token is on its way). Until
  // the first token, parts are held back, and a failure re-opens the provider's stream instead.
  let reader = result.stream.getReader();
  let held: Part[] = [];
  let streamStarted = false;
  let hasContent = false;
  let failure: unknown;

  function observe(part: Part) {
    if (part.type === 'text-delta' || part.type === 'reasoning-delta') observation.outputText += part.delta;
    if (part.type === 'finish') {
      observation.usage = part.usage;
      if (!observation.error) observation.finishReason = part.finishReason.unified;
    }
  }

  /** After a failure before the first token: true when a new attempt's stream is open. */
  async function reopen(error: unknown): Promise<boolean> {
    if (hasContent || !(await context.backoff(error))) return false;
    reader.cancel().catch(() => {});
    held = [];
    try {
      reader = (await open()).stream.getReader();
      timer.touch();
      return true;
    } catch (next) {
      failure = next;
      return false;
    }
  }

  function failWith(controller: ReadableStreamDefaultController<Part>, error: unknown) {
    const failed = context.fail(error);
    end();
    if (context.callerAborted()) {
      controller.error(failed);
      return;
    }
    for (const part of [...held, ...failureParts(failed)]) controller.enqueue(part);
    held = [];
    controller.close();
  }

  return {
    ...result,
    stream: new ReadableStream<Part>({
      async pull(controller) {
        while (true) {
          let next: ReadResult;
          try {
            next = await reader.read();
          } catch (error) {
            failure = error;
            if (await reopen(error)) continue;
            failWith(controller, failure);
            return;
          }
          timer.touch();
          if (next.done) {
            for (const part of held) controller.enqueue(part);
            held = [];
            end();
            controller.close();
            return;
          }
          const part = next.value;
          if (part.type === 'error') {
            failure = part.error;
            if (await reopen(part.error)) continue;
            if (!hasContent) {
              failWith(controller, failure);
              return;
            }
            controller.enqueue({ type: 'error', error: context.fail(part.error) });
            return;
          }
          observe(part);
          if (part.type === 'stream-start') {
            if (streamStarted) continue;
            streamStarted = true;
            controller.enqueue(part);
            return;
          }
          if (!hasContent) {
            if (!isContent(part)) {
              held.push(part);
              continue;
            }
            hasContent = true;
            observation.firstTokenAt = performance.now();
            for (const heldPart of held) controller.enqueue(heldPart);
            held = [];
          }
          controller.enqueue(part);
          return;
        }
      },
      async cancel(reason) {
        if (!observation.error) observation.finishReason = 'aborted';
        end();
        await reader.cancel(reason).catch(() => {});
      },
    }),
  };
}

function failureParts(error: unknown): Part[] {
  return [
    { type: 'error', error },
    { type: 'finish', usage: EMPTY_USAGE, finishReason: { unified: 'error', raw: undefined } },
  ];
}
