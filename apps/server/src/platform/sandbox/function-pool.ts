import { type ChildProcess, fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import os from 'node:os';
import { childEntry } from '../child-entry.ts';
import type { Logger } from '../logger.ts';
import {
  type ChildMessage,
  type InvocationOutcome,
  type InvokeMessage,
  type LogLine,
  type RunnerSettings,
  SANDBOX_LIMITS,
  type SandboxLimits,
  type SdkAnswer,
  type SdkCall,
  type SerializedRequest,
} from './protocol.ts';

export interface FunctionPoolOptions {
  /** Runner processes. Default: min(4, CPUs). */
  size?: number;
  /** Invocations one runner takes at once (each in its own isolate); more wait in a queue. Default 8. */
  concurrency?: number;
  /**
   * Invocations of one tenant (an app) that run at once, across all runners; more wait in the queue
   * while other tenants' go ahead. Default: a quarter of the pool's slots (at least 1).
   */
  tenantConcurrency?: number;
  /** Invocations that may wait in the queue; past it an invocation answers `overloaded`. Default: 8 × slots. */
  maxQueued?: number;
  /** Invocations of one tenant that may wait; past it an invocation answers `app_busy`. Default: 2 × slots. */
  tenantQueued?: number;
  /** Tests only: the function's fetch may reach loopback servers. */
  allowLoopback?: boolean;
  fetchTimeoutMs?: number;
  fetchMaxBytes?: number;
  /** Warm isolates a runner keeps. Default 32. */
  maxWarmIsolates?: number;
  /** Blank isolates a runner keeps ready so first invocations skip set-up. Default 2. */
  spareIsolates?: number;
  /** How long past the wall limit a silent runner is given before it is killed and replaced. */
  graceMs?: number;
  logger?: Logger;
}

export interface InvokeRequest {
  /** Warm-isolate key: the same deployment with the same secrets. */
  key: string;
  /** Whose share of the pool the invocation uses (the app); without one, no share applies. */
  tenant?: string;
  /** The compiled function script (sets `globalThis.__atelierHandler`). */
  code: string;
  env: Record<string, string>;
  request: SerializedRequest;
  limits?: Partial<SandboxLimits>;
  /** Answers the function's `ctx.sdk` calls. Without it they fail. */
  onSdkCall?: (call: SdkCall) => Promise<SdkAnswer>;
}

export interface InvokeResult {
  outcome: InvocationOutcome;
  logs: LogLine[];
  cold: boolean;
  durationMs: number;
}

interface Pending {
  tenant: string;
  message: InvokeMessage;
  request: InvokeRequest;
  resolve: (result: InvokeResult) => void;
  started: number;
  watchdog?: NodeJS.Timeout;
  runner?: Runner;
}

interface Runner {
  index: number;
  child: ChildProcess;
  ready: Promise<void>;
  inFlight: Map<number, Pending>;
  dead: boolean;
  started: boolean;
}

type Channel = { ref(): void; unref(): void };

/** A runner keeps the server's event loop alive only while it starts or has work. */
function holdWhileBusy(runner: Runner) {
  const channel = (runner.child as unknown as { channel?: Channel }).channel;
  if (!runner.started || runner.inFlight.size > 0) {
    runner.child.ref();
    channel?.ref();
  } else {
    runner.child.unref();
    channel?.unref();
  }
}

/** Where the runner module is: next to this file under tsx (dev, tests), next to main.js in the bundle. */
export function runnerEntry(): { file: string; execArgv: string[] } {
  const entry = childEntry(import.meta.url, './runner.ts', './function-runner.js');
  return { file: entry.file, execArgv: ['--no-node-snapshot', ...entry.execArgv] };
}

const crashOutcome = (message: string): InvocationOutcome => ({ ok: false, kind: 'crash', message });

/** An invocation the pool did not take (its queue, or the tenant's, is full). */
const refused = (kind: 'app_busy' | 'overloaded', message: string): InvokeResult => ({
  outcome: { ok: false, kind, message },
  logs: [],
  cold: false,
  durationMs: 0,
});

/** Adds `delta` to a per-tenant counter, dropping tenants back at zero. */
function count(counters: Map<string, number>, tenant: string, delta: number) {
  const next = (counters.get(tenant) ?? 0) + delta;
  if (next > 0) counters.set(tenant, next);
  else counters.delete(tenant);
}

/**
 * A pool of function runner processes (ARCHITECTURE §6). Runners start on the first invocation.
 * An invocation goes to the runner its key hashes to (so warm isolates get reused) unless that one
 * is full. A runner that dies, or stays silent past the wall limit plus a grace period, is killed
 * and replaced; its invocations answer a `crash` or `timeout` outcome.
 */
export class FunctionPool {
  private readonly runners: (Runner | undefined)[];
  private readonly queue: Pending[] = [];
  private readonly settings: RunnerSettings;
  private readonly concurrency: number;
  private readonly graceMs: number;
  private readonly tenantConcurrency: number;
  private readonly maxQueued: number;
  private readonly tenantQueued: number;
  /** Invocations dispatched and not yet answered, and invocations queued, per tenant. */
  private readonly running = new Map<string, number>();
  private readonly waiting = new Map<string, number>();
  private nextId = 1;
  private closed = false;
  /** Runners started to replace dead or hung ones. */
  restarts = 0;

  constructor(private readonly options: FunctionPoolOptions = {}) {
    this.runners = new Array(Math.max(1, options.size ?? Math.min(4, os.availableParallelism()))).fill(
      undefined,
    );
    this.concurrency = Math.max(1, options.concurrency ?? 8);
    this.graceMs = options.graceMs ?? 2_000;
    const slots = this.runners.length * this.concurrency;
    this.tenantConcurrency = Math.max(1, options.tenantConcurrency ?? Math.floor(slots / 4));
    this.maxQueued = Math.max(0, options.maxQueued ?? slots * 8);
    this.tenantQueued = Math.max(0, options.tenantQueued ?? slots * 2);
    this.settings = {
      allowLoopback: options.allowLoopback === true,
      fetchTimeoutMs: options.fetchTimeoutMs ?? 10_000,
      fetchMaxBytes: options.fetchMaxBytes ?? 10 * 1024 * 1024,
      maxWarmIsolates: options.maxWarmIsolates ?? 32,
      spareIsolates: options.spareIsolates ?? 2,
    };
  }

  get size() {
    return this.runners.length;
  }

  invoke(request: InvokeRequest): Promise<InvokeResult> {
    if (this.closed) {
      return Promise.resolve({
        outcome: crashOutcome('The function runtime is shutting down'),
        logs: [],
        cold: false,
        durationMs: 0,
      });
    }
    const tenant = request.tenant ?? '';
    // Refused only when it would have to wait and the queue it would wait in is full.
    const tenantFull =
      tenant !== '' &&
      (this.running.get(tenant) ?? 0) >= this.tenantConcurrency &&
      (this.waiting.get(tenant) ?? 0) >= this.tenantQueued;
    const poolFull = this.queue.length >= this.maxQueued && !this.hasFreeSlot();
    const refusal = tenantFull
      ? refused('app_busy', 'This app is running too many functions at once; try again shortly')
      : poolFull
        ? refused('overloaded', 'The function runtime is busy; try again shortly')
        : undefined;
    if (refusal) return Promise.resolve(refusal);
    const limits = { ...SANDBOX_LIMITS, ...request.limits };
    return new Promise<InvokeResult>((resolve) => {
      const message: InvokeMessage = {
        t: 'invoke',
        id: this.nextId++,
        key: request.key,
        code: request.code,
        env: request.env,
        request: request.request,
        limits,
      };
      this.queue.push({ tenant, message, request, resolve, started: performance.now() });
      count(this.waiting, tenant, 1);
      this.pump();
    });
  }

  /** Starts every runner now (otherwise they start on first use) and waits until they are ready. */
  async warmUp(): Promise<void> {
    await Promise.all(this.runners.map((_, index) => this.runnerAt(index).ready));
  }

  /** PIDs of the live runners (tests kill one to check recovery). */
  pids(): number[] {
    return this.runners.flatMap((runner) =>
      runner && !runner.dead && runner.child.pid ? [runner.child.pid] : [],
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) {
      count(this.waiting, pending.tenant, -1);
      pending.resolve(this.finish(pending, crashOutcome('The function runtime is shutting down')));
    }
    await Promise.all(
      this.runners.map(async (runner, index) => {
        if (!runner) return;
        this.runners[index] = undefined;
        runner.dead = true;
        for (const pending of runner.inFlight.values()) {
          clearTimeout(pending.watchdog);
          count(this.running, pending.tenant, -1);
          pending.resolve(this.finish(pending, crashOutcome('The function runtime is shutting down')));
        }
        runner.inFlight.clear();
        if (runner.child.exitCode === null && runner.child.signalCode === null) {
          const exited = new Promise((resolve) => runner.child.once('exit', resolve));
          runner.child.ref();
          runner.child.kill('SIGKILL');
          await exited;
        }
      }),
    );
  }

  /**
   * Dispatches queued invocations in order, skipping those of tenants already running their share
   * (so one app's backlog never holds another app's invocations back), until the runners are full.
   */
  private pump() {
    for (let index = 0; index < this.queue.length; ) {
      const pending = this.queue[index]!;
      if (pending.tenant !== '' && (this.running.get(pending.tenant) ?? 0) >= this.tenantConcurrency) {
        index++;
        continue;
      }
      const runner = this.pick(pending.message.key);
      if (!runner) return;
      this.queue.splice(index, 1);
      count(this.waiting, pending.tenant, -1);
      this.dispatch(runner, pending);
    }
  }

  private hasFreeSlot(): boolean {
    return this.runners.some((runner) => !runner || runner.dead || runner.inFlight.size < this.concurrency);
  }

  private pick(key: string): Runner | undefined {
    const preferred =
      Number.parseInt(createHash('sha1').update(key).digest('hex').slice(0, 8), 16) % this.runners.length;
    const first = this.runnerAt(preferred);
    if (first.inFlight.size < this.concurrency) return first;
    let best: Runner | undefined;
    for (let index = 0; index < this.runners.length; index++) {
      const runner = this.runnerAt(index);
      if (runner.inFlight.size < this.concurrency && (!best || runner.inFlight.size < best.inFlight.size))
        best = runner;
    }
    return best;
  }

  private dispatch(runner: Runner, pending: Pending) {
    pending.runner = runner;
    count(this.running, pending.tenant, 1);
    runner.inFlight.set(pending.message.id, pending);
    holdWhileBusy(runner);
    const { limits } = pending.message;
    pending.watchdog = setTimeout(() => {
      this.options.logger?.warn(
        { pid: runner.child.pid },
        'function runner did not answer in time: replacing it',
      );
      this.retire(runner, 'timeout');
    }, limits.wallMs + this.graceMs);
    void runner.ready.then(() => {
      if (!runner.dead && runner.inFlight.has(pending.message.id)) runner.child.send(pending.message);
    });
  }

  private runnerAt(index: number): Runner {
    const existing = this.runners[index];
    if (existing && !existing.dead) return existing;
    const entry = runnerEntry();
    const child = fork(entry.file, [], {
      execArgv: entry.execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...minimalEnv(), ATELIER_RUNNER_SETTINGS: JSON.stringify(this.settings) },
    });
    let markReady: () => void = () => {};
    const runner: Runner = {
      index,
      child,
      inFlight: new Map(),
      dead: false,
      started: false,
      ready: new Promise<void>((resolve) => {
        markReady = () => {
          runner.started = true;
          holdWhileBusy(runner);
          resolve();
        };
      }),
    };
    child.on('message', (message: ChildMessage) => this.onMessage(runner, message, markReady));
    child.on('exit', (code, signal) => {
      if (!runner.dead) this.options.logger?.warn({ code, signal }, 'function runner exited: replacing it');
      this.retire(runner, 'crash');
    });
    child.on('error', (error) => {
      this.options.logger?.error({ err: error }, 'function runner failed');
      this.retire(runner, 'crash');
    });
    if (existing) this.restarts++;
    this.runners[index] = runner;
    return runner;
  }

  private onMessage(runner: Runner, message: ChildMessage, markReady: () => void) {
    if (message.t === 'ready') return markReady();
    const pending = runner.inFlight.get(message.id);
    if (!pending) return;
    if (message.t === 'sdk-call') {
      const answer = pending.request.onSdkCall
        ? pending.request.onSdkCall(message.call).catch(
            (error: unknown): SdkAnswer => ({
              ok: false,
              status: 500,
              code: 'internal_error',
              message: error instanceof Error ? error.message : String(error),
            }),
          )
        : Promise.resolve<SdkAnswer>({
            ok: false,
            status: 501,
            code: 'not_available',
            message: 'The SDK is not available here',
          });
      void answer.then((value) => {
        if (!runner.dead)
          runner.child.send({ t: 'sdk-answer', id: message.id, callId: message.callId, answer: value });
      });
      return;
    }
    runner.inFlight.delete(message.id);
    count(this.running, pending.tenant, -1);
    holdWhileBusy(runner);
    clearTimeout(pending.watchdog);
    pending.resolve({
      outcome: message.outcome,
      logs: message.logs,
      cold: message.cold,
      durationMs: message.durationMs,
    });
    this.pump();
  }

  /** Kills a runner and answers its invocations; the next invocation starts a replacement. */
  private retire(runner: Runner, kind: 'timeout' | 'crash') {
    if (runner.dead) return;
    runner.dead = true;
    if (runner.child.exitCode === null && runner.child.signalCode === null) runner.child.kill('SIGKILL');
    for (const pending of runner.inFlight.values()) {
      clearTimeout(pending.watchdog);
      count(this.running, pending.tenant, -1);
      const outcome: InvocationOutcome =
        kind === 'timeout'
          ? { ok: false, kind: 'timeout', message: 'The function runner stopped answering and was restarted' }
          : crashOutcome('The function runner stopped unexpectedly and was restarted');
      pending.resolve(this.finish(pending, outcome));
    }
    runner.inFlight.clear();
    if (this.runners[runner.index] === runner && !this.closed) {
      // Replaced lazily by runnerAt(); queued invocations go on.
      queueMicrotask(() => this.pump());
    }
  }

  private finish(pending: Pending, outcome: InvocationOutcome): InvokeResult {
    return { outcome, logs: [], cold: false, durationMs: performance.now() - pending.started };
  }
}

/** Runners get no secrets of the server: only what Node needs to start. */
function minimalEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ', 'NODE_OPTIONS', 'SYSTEMROOT']) {
    if (process.env[name] !== undefined) env[name] = process.env[name];
  }
  return env;
}
