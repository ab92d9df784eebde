/**
 * Entry of a function runner child process (forked by `FunctionPool` with `--no-node-snapshot`,
 * which isolated-vm needs on Node 20). It runs invocations in isolates and answers over the IPC
 * channel; the function's `fetch` runs here through the SSRF guard, and `ctx.sdk` calls go back to
 * the server. It exits when the server goes away.
 */
import { createSafeFetch } from '../net/safe-fetch.ts';
import { IsolateRuntime } from './isolate-runtime.ts';
import type { ChildMessage, ParentMessage, RunnerSettings, SdkAnswer } from './protocol.ts';

const settings = JSON.parse(process.env.ATELIER_RUNNER_SETTINGS ?? '{}') as RunnerSettings;
const send = (message: ChildMessage) => {
  if (process.connected) process.send?.(message);
};

const pendingSdk = new Map<number, (answer: SdkAnswer) => void>();
let nextCallId = 1;

const safeFetch = createSafeFetch({
  allowLoopback: settings.allowLoopback === true,
  maxRedirects: 5,
  timeoutMs: settings.fetchTimeoutMs,
  maxBytes: settings.fetchMaxBytes,
});

const runtime = new IsolateRuntime({
  fetch: safeFetch,
  maxWarmIsolates: settings.maxWarmIsolates,
  spareIsolates: settings.spareIsolates,
  sdk: (id, call) =>
    new Promise<SdkAnswer>((resolve) => {
      const callId = nextCallId++;
      pendingSdk.set(callId, resolve);
      send({ t: 'sdk-call', id, callId, call });
    }),
});

process.on('message', (message: ParentMessage) => {
  if (message.t === 'sdk-answer') {
    const resolve = pendingSdk.get(message.callId);
    pendingSdk.delete(message.callId);
    resolve?.(message.answer);
    return;
  }
  if (message.t === 'invoke') {
    const started = performance.now();
    void runtime.run(message).then(
      (result) => send({ t: 'result', id: message.id, ...result, durationMs: performance.now() - started }),
      (error: unknown) =>
        send({
          t: 'result',
          id: message.id,
          cold: true,
          logs: [],
          durationMs: performance.now() - started,
          outcome: {
            ok: false,
            kind: 'crash',
            message: error instanceof Error ? error.message : String(error),
          },
        }),
    );
  }
});

process.on('disconnect', () => {
  runtime.disposeAll();
  process.exit(0);
});

runtime.refillSoon();
send({ t: 'ready' });
