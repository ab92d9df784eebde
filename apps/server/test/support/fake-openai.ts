/**
 * A fake model provider for tests, the bench and e2e: a real HTTP server on 127.0.0.1 that speaks
 * OpenAI's chat completions (streaming and not, with the usage chunk), Anthropic's messages API,
 * and OpenRouter's public model list, replaying scripted replies in order. It records every
 * request it received and whether the client went away before the reply ended.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface FakeUsage {
  prompt_tokens: number;
  completion_tokens: number;
  cached_tokens?: number;
}

export interface FakeReply {
  /** HTTP status. Anything but 200 answers a JSON error body (`errorMessage`). */
  status?: number;
  errorMessage?: string;
  headers?: Record<string, string>;
  /** Text deltas, streamed in order (joined for a non-streaming answer). */
  chunks?: string[];
  /** Text deltas made from the request's body (e.g. an answer to the app files in its system prompt); wins over `chunks`. */
  chunksFor?: (body: Record<string, unknown> | undefined) => string[];
  /** Wait before answering at all. */
  delayMs?: number;
  /** Wait before each chunk. */
  chunkDelayMs?: number;
  /**
   * Wait after the stream has opened (headers and the role chunk sent) before the first reasoning or
   * text chunk: a real model's time to first token.
   */
  firstChunkDelayMs?: number;
  /** Reasoning deltas streamed before the text (OpenAI-compatible `reasoning_content`). */
  reasoning?: string[];
  /** Usage of the final usage chunk; default: estimated from the texts; null: no usage chunk. */
  usage?: FakeUsage | null;
  /** Default 'stop' (OpenAI) / 'end_turn' (Anthropic); 'tool_calls' with `toolCalls`. */
  finishReason?: string;
  /** Function calls the model makes after its text (OpenAI chat completions only). */
  toolCalls?: { id: string; name: string; arguments: string }[];
  /**
   * After `chunks` text chunks: `destroy` cuts the connection, `error-event` sends the provider's
   * error event and ends, `hang` sends nothing more (the reply never ends).
   */
  failAfter?: { chunks: number; mode: 'destroy' | 'error-event' | 'hang' };
}

export interface FakeModel {
  id: string;
  name?: string;
  context_length?: number;
  /** US dollars per token, as strings, like OpenRouter. */
  pricing?: { prompt: string; completion: string; input_cache_read?: string; input_cache_write?: string };
}

export interface FakeRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown> | undefined;
  /** Text chunks written so far. */
  chunksSent: number;
  /** The reply was written completely. */
  finished: boolean;
  /** The client closed the connection before the reply ended. */
  aborted: boolean;
  /** Resolves when the exchange is over (finished, aborted or destroyed by the script). */
  settled: Promise<void>;
}

export interface FakeProviderScript {
  replies?: FakeReply[];
  /** Used when the queue of replies is empty. Default: one chunk 'Hello from the fake provider.' */
  defaultReply?: FakeReply;
  models?: FakeModel[];
  /** Answer of GET /v1/models (status ≠ 200 fails it; delayMs delays it). */
  modelsReply?: { status?: number; delayMs?: number };
}

export interface FakeProvider {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** `http://127.0.0.1:<port>/v1`: the base URL for OpenAI-compatible and Anthropic clients. */
  baseUrl: string;
  requests: FakeRequest[];
  /** Completion requests only (chat completions and messages). */
  completions(): FakeRequest[];
  /** Queues replies for the next completion requests. */
  reply(...replies: FakeReply[]): void;
  setDefaultReply(reply: FakeReply): void;
  setModels(models: FakeModel[], reply?: FakeProviderScript['modelsReply']): void;
  /** Forgets the requests received and the replies queued (between tests). */
  reset(): void;
  /** Resolves when `count` completion requests have arrived. */
  waitForCompletions(count: number, timeoutMs?: number): Promise<FakeRequest[]>;
  close(): Promise<void>;
}

const DEFAULT_REPLY: FakeReply = { chunks: ['Hello from the fake provider.'] };

const estimateTokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

export async function startFakeOpenAI(script: FakeProviderScript = {}, port = 0): Promise<FakeProvider> {
  const queue: FakeReply[] = [...(script.replies ?? [])];
  let defaultReply = script.defaultReply ?? DEFAULT_REPLY;
  let models = script.models ?? [];
  let modelsReply = script.modelsReply ?? {};
  const requests: FakeRequest[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const sockets = new Set<Socket>();
  let counter = 0;

  const completions = () =>
    requests.filter((r) => r.path.endsWith('/chat/completions') || r.path.endsWith('/messages'));
  const notify = () => {
    const done = completions().length;
    for (const waiter of [...waiters]) {
      if (done >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: Record<string, unknown> | undefined;
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : undefined;
    } catch {
      body = undefined;
    }
    const path = (req.url ?? '/').split('?')[0]!;
    let settle!: () => void;
    const record: FakeRequest = {
      method: req.method ?? 'GET',
      path,
      headers: req.headers,
      body,
      chunksSent: 0,
      finished: false,
      aborted: false,
      settled: new Promise<void>((resolve) => {
        settle = resolve;
      }),
    };
    requests.push(record);
    let destroyedByScript = false;
    res.on('close', () => {
      if (!res.writableFinished && !destroyedByScript) record.aborted = true;
      settle();
    });
    res.on('finish', () => {
      record.finished = true;
    });

    if (req.method === 'GET' && path.endsWith('/models')) {
      await sleep(modelsReply.delayMs ?? 0, record);
      if (record.aborted) return;
      const status = modelsReply.status ?? 200;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(status === 200 ? { data: models } : { error: { message: 'unavailable' } }));
      return;
    }
    const kind = path.endsWith('/chat/completions')
      ? 'openai'
      : path.endsWith('/messages')
        ? 'anthropic'
        : null;
    if (req.method !== 'POST' || !kind) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `No route ${req.method} ${path}` } }));
      return;
    }
    notify();
    const reply = queue.shift() ?? defaultReply;
    const id = `fake-${++counter}`;
    await sleep(reply.delayMs ?? 0, record);
    if (record.aborted) return;

    const status = reply.status ?? 200;
    if (status !== 200) {
      res.writeHead(status, { 'content-type': 'application/json', ...reply.headers });
      const message = reply.errorMessage ?? `Scripted error ${status}`;
      res.end(
        JSON.stringify(
          kind === 'openai'
            ? { error: { message, type: 'server_error', code: null } }
            : { type: 'error', error: { type: 'api_error', message } },
        ),
      );
      return;
    }
    const texts = reply.chunksFor?.(body) ?? reply.chunks ?? [];
    const model = typeof body?.model === 'string' ? body.model : 'fake-model';
    const promptText = JSON.stringify(body?.messages ?? '') + JSON.stringify(body?.system ?? '');
    const usage: FakeUsage = reply.usage ?? {
      prompt_tokens: estimateTokens(promptText),
      completion_tokens: estimateTokens(texts.join('')),
    };
    const writer =
      kind === 'openai' ? openAiWriter(id, model, reply, usage) : anthropicWriter(id, model, reply, usage);

    if (body?.stream !== true) {
      res.writeHead(200, { 'content-type': 'application/json', ...reply.headers });
      res.end(JSON.stringify(writer.whole(texts.join(''))));
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      ...reply.headers,
    });
    res.flushHeaders();
    const send = (events: string[]) => {
      if (!record.aborted && !res.destroyed) res.write(events.join(''));
    };
    send(writer.start());
    await sleep(reply.firstChunkDelayMs ?? 0, record);
    if (record.aborted || res.destroyed) return;
    for (const text of kind === 'openai' ? (reply.reasoning ?? []) : []) {
      await sleep(reply.chunkDelayMs ?? 0, record);
      if (record.aborted || res.destroyed) return;
      send(writer.reasoning?.(text) ?? []);
    }
    for (const [index, text] of texts.entries()) {
      if (reply.failAfter && index === reply.failAfter.chunks) break;
      await sleep(reply.chunkDelayMs ?? 0, record);
      if (record.aborted || res.destroyed) return;
      send(writer.delta(text));
      record.chunksSent++;
    }
    const fail = reply.failAfter;
    if (fail && fail.chunks <= texts.length) {
      if (fail.mode === 'hang') return; // the client must time out or abort
      if (fail.mode === 'destroy') {
        // Let the chunks already written reach the client, then cut the connection.
        await new Promise<void>((resolve) => res.write('', () => resolve()));
        await sleep(20, record);
        destroyedByScript = true;
        res.destroy();
        return;
      }
      send(writer.error(reply.errorMessage ?? 'Scripted stream error'));
      res.end();
      return;
    }
    if (kind === 'openai' && reply.toolCalls) send(writer.toolCalls?.(reply.toolCalls) ?? []);
    send(writer.end(body?.stream_options !== undefined || kind === 'anthropic'));
    res.end();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    baseUrl: `${url}/v1`,
    requests,
    completions,
    reply: (...replies) => queue.push(...replies),
    reset() {
      requests.length = 0;
      queue.length = 0;
      defaultReply = script.defaultReply ?? DEFAULT_REPLY;
    },
    setDefaultReply(reply) {
      defaultReply = reply;
    },
    setModels(next, reply = {}) {
      models = next;
      modelsReply = reply;
    },
    waitForCompletions(count, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`Fake provider: ${completions().length} of ${count} requests arrived`)),
          timeoutMs,
        );
        waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve(completions());
          },
        });
        notify();
      });
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Sleeps, returning early when the client has gone. */
function sleep(ms: number, record: FakeRequest): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void record.settled.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

interface Writer {
  whole(text: string): unknown;
  start(): string[];
  delta(text: string): string[];
  reasoning?(text: string): string[];
  toolCalls?(calls: NonNullable<FakeReply['toolCalls']>): string[];
  end(withUsage: boolean): string[];
  error(message: string): string[];
}

const sse = (data: unknown, event?: string) =>
  `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;

function openAiWriter(id: string, model: string, reply: FakeReply, usage: FakeUsage): Writer {
  const created = Math.floor(Date.now() / 1000);
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
    sse({ id, object: 'chat.completion.chunk', created, model, choices, ...extra });
  const usageBody = {
    prompt_tokens: usage.prompt_tokens,
    completion_tokens: usage.completion_tokens,
    total_tokens: usage.prompt_tokens + usage.completion_tokens,
    ...(usage.cached_tokens ? { prompt_tokens_details: { cached_tokens: usage.cached_tokens } } : {}),
  };
  const finishReason = reply.finishReason ?? (reply.toolCalls ? 'tool_calls' : 'stop');
  const toolCalls = (calls: NonNullable<FakeReply['toolCalls']>) =>
    calls.map((call, index) => ({
      index,
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: call.arguments },
    }));
  return {
    whole: (text) => ({
      id,
      object: 'chat.completion',
      created,
      model,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: text,
            ...(reply.toolCalls ? { tool_calls: toolCalls(reply.toolCalls) } : {}),
          },
          finish_reason: finishReason,
        },
      ],
      ...(reply.usage === null ? {} : { usage: usageBody }),
    }),
    start: () => [chunk([{ index: 0, delta: { role: 'assistant' }, finish_reason: null }])],
    delta: (text) => [chunk([{ index: 0, delta: { content: text }, finish_reason: null }])],
    reasoning: (text) => [chunk([{ index: 0, delta: { reasoning_content: text }, finish_reason: null }])],
    toolCalls: (calls) => [
      chunk([{ index: 0, delta: { tool_calls: toolCalls(calls) }, finish_reason: null }]),
    ],
    end: (withUsage) => [
      chunk([{ index: 0, delta: {}, finish_reason: finishReason }]),
      ...(withUsage && reply.usage !== null ? [chunk([], { usage: usageBody })] : []),
      sse('[DONE]'),
    ],
    error: (message) => [sse({ error: { message, type: 'server_error', code: null } })],
  };
}

function anthropicWriter(id: string, model: string, reply: FakeReply, usage: FakeUsage): Writer {
  const usageBody = {
    input_tokens: usage.prompt_tokens,
    output_tokens: usage.completion_tokens,
    cache_read_input_tokens: usage.cached_tokens ?? 0,
    cache_creation_input_tokens: 0,
  };
  const stopReason = reply.finishReason ?? 'end_turn';
  return {
    whole: (text) => ({
      id,
      type: 'message',
      role: 'assistant',
      model,
      content: [{ type: 'text', text }],
      stop_reason: stopReason,
      stop_sequence: null,
      usage: usageBody,
    }),
    start: () => [
      sse(
        {
          type: 'message_start',
          message: {
            id,
            type: 'message',
            role: 'assistant',
            model,
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: { ...usageBody, output_tokens: 1 },
          },
        },
        'message_start',
      ),
      sse(
        { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
        'content_block_start',
      ),
    ],
    delta: (text) => [
      sse(
        { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } },
        'content_block_delta',
      ),
    ],
    end: () => [
      sse({ type: 'content_block_stop', index: 0 }, 'content_block_stop'),
      sse(
        {
          type: 'message_delta',
          delta: { stop_reason: stopReason, stop_sequence: null },
          usage: { output_tokens: usage.completion_tokens },
        },
        'message_delta',
      ),
      sse({ type: 'message_stop' }, 'message_stop'),
    ],
    error: (message) => [sse({ type: 'error', error: { type: 'overloaded_error', message } }, 'error')],
  };
}
