import { createHash, createHmac, getRandomValues } from 'node:crypto';
import ivm from 'isolated-vm';
import type { SafeFetch } from '../net/safe-fetch.ts';
import type {
  HostBridge,
  HostFetchRequest,
  HostFetchResponse,
  IsolateAnswer,
  IsolateRequest,
  UrlParts,
} from './prelude/host.ts';
import { preludeSource } from './prelude-source.ts';
import {
  ANSWER_HEADER_LIMITS,
  type InvocationOutcome,
  type InvokeMessage,
  LOG_LIMITS,
  type LogLine,
  SANDBOX_LIMITS,
  type SdkAnswer,
  type SdkCall,
  type SerializedRequest,
} from './protocol.ts';

/**
 * Runs function invocations in isolated-vm isolates inside a runner process. One isolate serves one
 * invocation at a time; after a clean invocation it is kept warm for the next invocation with the
 * same key (one deployment of one app with one set of secrets) — never for another key, so apps
 * never share an isolate or a context. A killed or failed isolate is disposed.
 */
export interface IsolateRuntimeOptions {
  fetch: SafeFetch;
  /** Answers a `ctx.sdk` call of the invocation `id` (the server scopes it to the invocation's app). */
  sdk: (id: number, call: SdkCall) => Promise<SdkAnswer>;
  maxWarmIsolates: number;
  /** Blank isolates (prelude loaded) kept ready so a first invocation skips isolate set-up. Default 2. */
  spareIsolates?: number;
}

export interface RunResult {
  outcome: InvocationOutcome;
  logs: LogLine[];
  cold: boolean;
}

interface Invocation {
  id: number;
  started: number;
  logs: LogLine[];
  wallMs: number;
}

const DIGESTS: Record<string, string> = {
  'SHA-1': 'sha1',
  'SHA-256': 'sha256',
  'SHA-384': 'sha384',
  'SHA-512': 'sha512',
};
const CPU_POLL_MS = 20;

function toArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

function digestName(name: string): string {
  const algorithm = DIGESTS[name];
  if (!algorithm) throw new Error(`Unsupported digest ${name}`);
  return algorithm;
}

const URL_SETTABLE = new Set([
  'protocol',
  'username',
  'password',
  'host',
  'hostname',
  'port',
  'pathname',
  'search',
  'hash',
]);

/** URL parsing for the isolate: answers the parts, or an error message. */
const urlParts: HostBridge['__ab_url'] = (input, base, part, value): UrlParts | string => {
  let url: URL;
  try {
    url = new URL(input, base);
  } catch {
    return `Invalid URL: ${input}`;
  }
  if (part !== undefined) {
    if (!URL_SETTABLE.has(part)) return `Cannot set URL.${part}`;
    (url as unknown as Record<string, string>)[part] = value ?? '';
  }
  const { href, origin, protocol, username, password, host, hostname, port, pathname, search, hash } = url;
  return { href, origin, protocol, username, password, host, hostname, port, pathname, search, hash };
};

/** A fresh isolate with the prelude loaded, not yet bound to any deployment; used once. */
interface BlankIsolate {
  isolate: ivm.Isolate;
  context: ivm.Context;
  memoryMb: number;
  holder: { entry?: IsolateEntry };
}

class IsolateEntry {
  current: Invocation | null = null;
  killedFor: 'timeout' | null = null;
  private constructor(
    readonly key: string,
    readonly isolate: ivm.Isolate,
    readonly context: ivm.Context,
    readonly invoke: ivm.Reference<(request: unknown, env: unknown) => Promise<unknown>>,
  ) {}

  /** Binds a blank isolate to one deployment: runs its code, which defines the handler. */
  static async bind(blank: BlankIsolate, message: InvokeMessage): Promise<IsolateEntry> {
    const { isolate, context } = blank;
    try {
      // No code cache for app code: producing one costs more than compiling a small bundle.
      const code = await isolate.compileScript(message.code, { filename: `function:${message.key}` });
      await code.run(context, { timeout: message.limits.cpuMs });
      const invoke = await context.global.get('__atelierInvoke', { reference: true });
      const entry = new IsolateEntry(message.key, isolate, context, invoke);
      blank.holder.entry = entry;
      return entry;
    } catch (error) {
      if (!isolate.isDisposed) isolate.dispose();
      throw error;
    }
  }

  static async prepare(memoryMb: number, cpuMs: number, runtime: IsolateRuntime): Promise<BlankIsolate> {
    const isolate = new ivm.Isolate({ memoryLimit: memoryMb });
    try {
      const context = await isolate.createContext();
      const holder: { entry?: IsolateEntry } = {};
      const jail = context.global;
      const current = () => holder.entry?.current ?? null;
      jail.setSync(
        '__ab_log',
        new ivm.Callback(
          (level: string, text: string) => {
            const invocation = current();
            if (!invocation || invocation.logs.length >= LOG_LIMITS.lines) return;
            invocation.logs.push({
              level: level === 'warn' || level === 'error' || level === 'debug' ? level : 'info',
              message: String(text).slice(0, LOG_LIMITS.lineChars),
              at: Math.round(performance.now() - invocation.started),
            });
          },
          { ignored: true },
        ),
      );
      jail.setSync(
        '__ab_random',
        new ivm.Callback((n: number) => toArrayBuffer(getRandomValues(new Uint8Array(Math.min(65_536, n))))),
      );
      jail.setSync('__ab_url', new ivm.Callback(urlParts));
      jail.setSync(
        '__ab_digest',
        new ivm.Callback((name: string, data: ArrayBuffer) =>
          toArrayBuffer(createHash(digestName(name)).update(new Uint8Array(data)).digest()),
        ),
      );
      jail.setSync(
        '__ab_hmac',
        new ivm.Callback((name: string, key: ArrayBuffer, data: ArrayBuffer) =>
          toArrayBuffer(
            createHmac(digestName(name), new Uint8Array(key)).update(new Uint8Array(data)).digest(),
          ),
        ),
      );
      jail.setSync(
        '__ab_fetch',
        new ivm.Reference((request: HostFetchRequest) => runtime.fetchFor(current(), request)),
      );
      jail.setSync(
        '__ab_sleep',
        new ivm.Reference((ms: number) => {
          const invocation = current();
          const cap = invocation ? invocation.wallMs : 0;
          return new Promise<void>((resolve) =>
            setTimeout(resolve, Math.ceil(Math.min(Math.max(0, ms), cap))).unref(),
          );
        }),
      );
      jail.setSync(
        '__ab_sdk',
        new ivm.Reference((call: SdkCall) => {
          const invocation = current();
          if (!invocation) return Promise.reject(new Error('The SDK is only available during an invocation'));
          return runtime.options.sdk(invocation.id, call);
        }),
      );
      const prelude = await runtime.compile(isolate, 'atelier:prelude', await preludeSource());
      await prelude.run(context, { timeout: cpuMs });
      // Runs the prelude's request/response paths once so V8 has compiled them before a real call.
      await context.eval('__atelierWarmUp()', { timeout: cpuMs, promise: true });
      return { isolate, context, memoryMb, holder };
    } catch (error) {
      if (!isolate.isDisposed) isolate.dispose();
      throw error;
    }
  }

  kill(reason: 'timeout') {
    this.killedFor = reason;
    if (!this.isolate.isDisposed) this.isolate.dispose();
  }

  dispose() {
    if (!this.isolate.isDisposed) this.isolate.dispose();
  }
}

export class IsolateRuntime {
  private readonly warm = new Map<string, IsolateEntry[]>();
  private readonly cachedData = new Map<string, ivm.ExternalCopy<ArrayBuffer>>();
  private readonly spares: BlankIsolate[] = [];
  private refilling = false;
  private disposed = false;

  constructor(readonly options: IsolateRuntimeOptions) {}

  /** Compiles with V8's code cache: the first isolate produces it, later isolates reuse it. */
  async compile(isolate: ivm.Isolate, filename: string, source: string): Promise<ivm.Script> {
    const cached = this.cachedData.get(filename);
    const script = (await isolate.compileScript(source, {
      filename,
      ...(cached ? { cachedData: cached } : { produceCachedData: true }),
    })) as ivm.Script & ivm.CachedDataResult & { cachedDataRejected?: boolean };
    if (!cached && script.cachedData) {
      if (this.cachedData.size > 256) this.cachedData.clear();
      this.cachedData.set(filename, script.cachedData);
    } else if (cached && script.cachedDataRejected) {
      this.cachedData.delete(filename);
    }
    return script;
  }

  async fetchFor(invocation: Invocation | null, request: HostFetchRequest): Promise<HostFetchResponse> {
    if (!invocation) throw new Error('fetch is only available during an invocation');
    const remaining = Math.max(1, Math.ceil(invocation.wallMs - (performance.now() - invocation.started)));
    const response = await this.options.fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body && request.body.byteLength > 0 ? new Uint8Array(request.body) : undefined,
      redirect: request.redirect,
      signal: AbortSignal.timeout(remaining),
    });
    const body = new Uint8Array(await response.arrayBuffer());
    return {
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers],
      body: toArrayBuffer(body),
      url: response.url,
      redirected: response.redirected,
    };
  }

  async run(message: InvokeMessage): Promise<RunResult> {
    const started = performance.now();
    const invocation: Invocation = { id: message.id, started, logs: [], wallMs: message.limits.wallMs };
    let entry = this.takeWarm(message.key);
    const cold = entry === undefined;
    let wall: NodeJS.Timeout | undefined;
    let cpu: NodeJS.Timeout | undefined;
    let clean = false;
    try {
      const wallDeadline = new Promise<never>((_, reject) => {
        wall = setTimeout(() => {
          entry?.kill('timeout');
          reject(new TimeoutSignal());
        }, message.limits.wallMs);
      });
      if (!entry) entry = await Promise.race([this.createEntry(message), wallDeadline]);
      const running = entry;
      running.current = invocation;
      const cpuStart = running.isolate.cpuTime;
      cpu = setInterval(() => {
        if (running.isolate.isDisposed) return;
        if (Number(running.isolate.cpuTime - cpuStart) / 1e6 > message.limits.cpuMs) running.kill('timeout');
      }, CPU_POLL_MS);
      const answer = (await Promise.race([
        running.invoke.apply(undefined, [toIsolateRequest(message.request), message.env], {
          arguments: { copy: true },
          result: { promise: true, copy: true },
          timeout: message.limits.cpuMs,
        }),
        wallDeadline,
      ])) as IsolateAnswer;
      clean = true;
      const headersProblem = answerHeadersProblem(answer.headers);
      if (headersProblem) {
        return {
          cold,
          logs: invocation.logs,
          outcome: { ok: false, kind: 'error', message: headersProblem },
        };
      }
      return {
        cold,
        logs: invocation.logs,
        outcome: {
          ok: true,
          response: {
            status: answer.status,
            headers: answer.headers,
            body: answer.body ? new Uint8Array(answer.body) : null,
          },
        },
      };
    } catch (error) {
      return { cold, logs: invocation.logs, outcome: this.classify(error, entry, message) };
    } finally {
      clearTimeout(wall);
      clearInterval(cpu);
      if (entry) {
        entry.current = null;
        if (clean && !entry.isolate.isDisposed) this.putWarm(entry);
        else entry.dispose();
      }
      // After the answer is on its way: replace the spare this invocation may have used.
      if (cold) this.refillSoon();
    }
  }

  private classify(
    error: unknown,
    entry: IsolateEntry | undefined,
    message: InvokeMessage,
  ): InvocationOutcome {
    const text = error instanceof Error ? error.message : String(error);
    if (
      error instanceof TimeoutSignal ||
      entry?.killedFor === 'timeout' ||
      /execution timed out/i.test(text)
    ) {
      return {
        ok: false,
        kind: 'timeout',
        message: `The function ran past its limit (${message.limits.wallMs / 1000} s wall time, ${message.limits.cpuMs / 1000} s CPU) and was stopped`,
      };
    }
    if (/memory limit/i.test(text) || (entry?.isolate.isDisposed && !entry.killedFor)) {
      return {
        ok: false,
        kind: 'memory',
        message: `The function exceeded its memory limit (${message.limits.memoryMb} MB) and was stopped`,
      };
    }
    const name = error instanceof Error && error.name !== 'Error' ? `${error.name}: ` : '';
    return { ok: false, kind: 'error', message: `${name}${text}`.slice(0, LOG_LIMITS.lineChars) };
  }

  private takeWarm(key: string): IsolateEntry | undefined {
    const list = this.warm.get(key);
    const entry = list?.pop();
    if (list && list.length === 0) this.warm.delete(key);
    if (entry) {
      // Most recently used keys live at the end of the map.
      return entry;
    }
    return undefined;
  }

  private putWarm(entry: IsolateEntry) {
    const list = this.warm.get(entry.key) ?? [];
    this.warm.delete(entry.key);
    list.push(entry);
    this.warm.set(entry.key, list);
    let total = 0;
    for (const entries of this.warm.values()) total += entries.length;
    for (const [key, entries] of this.warm) {
      if (total <= this.options.maxWarmIsolates) break;
      const dropped = entries.shift();
      dropped?.dispose();
      total--;
      if (entries.length === 0) this.warm.delete(key);
    }
  }

  private async createEntry(message: InvokeMessage): Promise<IsolateEntry> {
    const index = this.spares.findIndex((spare) => spare.memoryMb === message.limits.memoryMb);
    const blank =
      index >= 0
        ? this.spares.splice(index, 1)[0]!
        : await IsolateEntry.prepare(message.limits.memoryMb, message.limits.cpuMs, this);
    return IsolateEntry.bind(blank, message);
  }

  /** Prepares spare blank isolates in the background, up to `spareIsolates`. */
  refillSoon() {
    const target = this.options.spareIsolates ?? 2;
    if (this.refilling || this.disposed || this.spares.length >= target) return;
    this.refilling = true;
    setImmediate(async () => {
      try {
        while (!this.disposed && this.spares.length < target) {
          this.spares.push(await IsolateEntry.prepare(SANDBOX_LIMITS.memoryMb, SANDBOX_LIMITS.cpuMs, this));
        }
      } catch (error) {
        // A failed spare is not fatal: invocations prepare their own isolate.
        if (process.env.ATELIER_RUNNER_DEBUG) console.error('spare isolate failed', error);
      } finally {
        this.refilling = false;
      }
    });
  }

  /** Frees the warm isolates (tests, shutdown). */
  disposeAll() {
    this.disposed = true;
    for (const spare of this.spares.splice(0)) spare.isolate.dispose();
    for (const entries of this.warm.values()) for (const entry of entries) entry.dispose();
    this.warm.clear();
  }
}

class TimeoutSignal extends Error {
  override name = 'TimeoutSignal';
}

function toIsolateRequest(request: SerializedRequest): IsolateRequest {
  return {
    method: request.method,
    url: request.url,
    headers: request.headers,
    body: request.body ? toArrayBuffer(request.body) : null,
  };
}

/** Why a function's answer headers are past {@link ANSWER_HEADER_LIMITS} (undefined when within). */
function answerHeadersProblem(headers: [string, string][]): string | undefined {
  let bytes = 0;
  for (const [name, value] of headers) bytes += name.length + value.length;
  if (headers.length <= ANSWER_HEADER_LIMITS.count && bytes <= ANSWER_HEADER_LIMITS.bytes) return undefined;
  return `The function answered ${headers.length} headers (${bytes} bytes); at most ${ANSWER_HEADER_LIMITS.count} headers of ${ANSWER_HEADER_LIMITS.bytes / 1024} KB in all`;
}
