import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile } from './harness.ts';

/**
 * Calls `fire` `rate` times a second for `seconds`, call i when it is due (start + i / rate),
 * whatever the calls before it are doing; resolves when every call has settled, with the seconds
 * that took.
 */
export async function openLoop(
  rate: number,
  seconds: number,
  fire: (due: number) => Promise<void>,
): Promise<number> {
  const started = performance.now();
  const total = Math.max(1, Math.round(rate * seconds));
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait >= 1) await sleep(wait);
    inFlight.push(fire(due));
  }
  await Promise.all(inFlight);
  return (performance.now() - started) / 1000;
}

export interface SteadyLoadResult {
  /** Requests answered per second over the phase. */
  rps: number;
  /** 99th percentile latency (ms), measured from when each request was due. */
  p99: number;
  /** Median latency (ms). */
  p50: number;
  /** Answers with a status of 300 or more, and failed requests. */
  errors: number;
  /** 99th percentile of how late requests were sent (ms): the load generator's own share of p99. */
  sendLateP99: number;
}

/**
 * An open-loop load at a steady rate: request i is due at start + i / rate whatever the answers
 * before it (a slow answer does not hold the next request back, as it does for a fixed number of
 * connections), and its latency counts from when it was due, so time spent waiting to be sent is
 * included (no coordinated omission). Keep-alive sockets, as many as requests in flight.
 * autocannon's own rate option sends each second's budget in a burst, which is why this exists.
 */
export async function steadyLoad(options: {
  /** The URL, or a function answering each request's (e.g. a different record each time). */
  url: string | (() => string);
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  rate: number;
  seconds: number;
}): Promise<SteadyLoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const nextUrl = typeof options.url === 'string' ? () => options.url as string : options.url;
  const latencies: number[] = [];
  const late: number[] = [];
  let errors = 0;
  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const request = http.request(
        new URL(nextUrl()),
        { method: options.method ?? 'GET', headers: options.headers, agent },
        (response) => {
          response.resume();
          response.on('end', () => {
            latencies.push(performance.now() - due);
            if ((response.statusCode ?? 0) >= 300) errors++;
            resolve();
          });
        },
      );
      request.on('error', () => {
        errors++;
        resolve();
      });
      request.end(options.body);
    });
  const elapsed = await openLoop(options.rate, options.seconds, (due) => {
    late.push(performance.now() - due);
    return send(due);
  });
  agent.destroy();
  latencies.sort((a, b) => a - b);
  late.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsed,
    p99: percentile(latencies, 0.99),
    p50: percentile(latencies, 0.5),
    errors,
    sendLateP99: percentile(late, 0.99),
  };
}
