/**
 * Messages between the server (the pool) and a function runner child process. The channel uses
 * Node's `advanced` serialization, so byte arrays travel as they are.
 */

/** The limits of one invocation (ARCHITECTURE §6; defaults in `SANDBOX_LIMITS`). */
export interface SandboxLimits {
  /** V8 heap of the isolate, in MB. */
  memoryMb: number;
  /** Wall time from start to answer, in ms (waiting on fetch and timers included). */
  wallMs: number;
  /** CPU time the isolate may burn, in ms. */
  cpuMs: number;
}

export const SANDBOX_LIMITS: SandboxLimits = { memoryMb: 128, wallMs: 10_000, cpuMs: 5_000 };

/** Settings a runner gets once, at start. */
export interface RunnerSettings {
  /** Tests only: let the function's fetch reach loopback test servers. Never in production. */
  allowLoopback: boolean;
  fetchTimeoutMs: number;
  fetchMaxBytes: number;
  /** Warm isolates kept per runner (across deployments), least recently used dropped first. */
  maxWarmIsolates: number;
  /** Blank isolates kept ready for first invocations. */
  spareIsolates: number;
}

export interface SerializedRequest {
  method: string;
  url: string;
  headers: [string, string][];
  body: Uint8Array | null;
}

export interface SerializedResponse {
  status: number;
  headers: [string, string][];
  body: Uint8Array | null;
}

export interface LogLine {
  level: 'debug' | 'info' | 'warn' | 'error';
  message: string;
  /** ms since the invocation started. */
  at: number;
}

export interface InvokeMessage {
  t: 'invoke';
  id: number;
  /** Warm isolates are reused only for the same key: one deployment with one set of secrets. */
  key: string;
  code: string;
  env: Record<string, string>;
  request: SerializedRequest;
  limits: SandboxLimits;
}

export interface SdkAnswerMessage {
  t: 'sdk-answer';
  id: number;
  callId: number;
  answer: SdkAnswer;
}

export type ParentMessage = InvokeMessage | SdkAnswerMessage;

/**
 * Why an invocation failed. `app_busy`: the app already has its fair share of the pool running and
 * its queue is full; `overloaded`: the pool's queue is full. Neither ran the function.
 */
export type InvocationFailureKind = 'timeout' | 'memory' | 'error' | 'crash' | 'app_busy' | 'overloaded';

export type InvocationOutcome =
  | { ok: true; response: SerializedResponse }
  | { ok: false; kind: InvocationFailureKind; message: string };

export interface ResultMessage {
  t: 'result';
  id: number;
  outcome: InvocationOutcome;
  logs: LogLine[];
  /** True when this invocation had to create its isolate. */
  cold: boolean;
  durationMs: number;
}

/** A call of `ctx.sdk` inside the function; the server answers it on behalf of the invocation's app. */
export interface SdkCall {
  role: 'caller' | 'service';
  /** `base44`: the Base44 SDK's protocol (npm:@base44/sdk in a function); Atelier's otherwise. */
  protocol?: 'atelier' | 'base44';
  method: string;
  /** Path segments under `/api/apps/{appId}/`. */
  path: string[];
  query?: Record<string, unknown>;
  body?: unknown;
}

export type SdkAnswer =
  | { ok: true; body: unknown; status?: number; headers?: Record<string, string> }
  | { ok: false; status: number; code: string; message: string; details?: unknown };

export interface SdkCallMessage {
  t: 'sdk-call';
  id: number;
  callId: number;
  call: SdkCall;
}

export type ChildMessage = { t: 'ready' } | ResultMessage | SdkCallMessage;

/**
 * Headers a function's answer may carry: their number and their names and values together. The
 * answer crosses to the server's event loop, which builds and sends it (100,000 headers held it for
 * half a second per call); past either the call fails as the function's error.
 */
export const ANSWER_HEADER_LIMITS = { count: 100, bytes: 64 * 1024 } as const;

/** Log lines kept per invocation and the longest line (longer ones are cut). */
export const LOG_LIMITS = { lines: 100, lineChars: 2_000 } as const;
