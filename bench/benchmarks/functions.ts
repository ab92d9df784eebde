import { spawn } from 'node:child_process';
import { FunctionPool, type InvokeRequest } from '../../apps/server/src/platform/sandbox/index.ts';
import { median, record, round } from '../lib/harness.ts';

const COLD_RUNS = 40;
const WARM_RUNS = 400;
const SPAWN_RUNS = 15;

/** The same handler for every contender: reads a JSON body, uses env, answers JSON. */
const HANDLER = `async (req, ctx) => {
  const { name } = await req.json();
  return Response.json({ text: ctx.env.GREETING + ', ' + name, at: new URL(req.url).pathname });
}`;
const CODE = `globalThis.__atelierHandler = ${HANDLER};`;
const BODY = JSON.stringify({ name: 'Ada' });
const request = (): InvokeRequest['request'] => ({
  method: 'POST',
  url: 'https://bench.test/api/apps/bench/functions/greet',
  headers: [['content-type', 'application/json']],
  body: new TextEncoder().encode(BODY),
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length * p)]!;

async function timeInvoke(pool: FunctionPool, key: string): Promise<{ ms: number; cold: boolean }> {
  const started = performance.now();
  const result = await pool.invoke({ key, code: CODE, env: { GREETING: 'Hello' }, request: request() });
  const ms = performance.now() - started;
  if (!result.outcome.ok) throw new Error(`invocation failed: ${result.outcome.message}`);
  return { ms, cold: result.cold };
}

/** What running the handler costs without a pool: a fresh `node -e` per invocation. */
function spawnNode(): Promise<number> {
  const script = `const handler = ${HANDLER};
    const req = new Request('https://bench.test/api/apps/bench/functions/greet', { method: 'POST', headers: { 'content-type': 'application/json' }, body: ${JSON.stringify(BODY)} });
    Promise.resolve(handler(req, { env: { GREETING: 'Hello' } })).then((res) => res.text()).then((text) => process.stdout.write(text));`;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0 || !out.includes('Hello, Ada')) reject(new Error(`node -e failed (${code}): ${out}`));
      else resolve(performance.now() - started);
    });
  });
}

/**
 * Function invocation latency through the isolated-vm pool (parent → runner process → isolate →
 * back), cold (first call of a deployment; a spare isolate is ready) and warm (same deployment
 * again), against spawning `node -e` with the same handler, measured in the same run.
 */
export async function run() {
  const pool = new FunctionPool({ size: 1 });
  const bare = new FunctionPool({ size: 1, spareIsolates: 0 });
  try {
    await Promise.all([pool.warmUp(), bare.warmUp()]);
    await sleep(300);
    // Let V8 and the IPC path warm up before measuring.
    for (let i = 0; i < 20; i++) await timeInvoke(pool, 'warmup');

    const cold: number[] = [];
    for (let i = 0; i < COLD_RUNS; i++) {
      await sleep(25); // the runner refills its spare isolates between first calls
      const { ms, cold: wasCold } = await timeInvoke(pool, `cold-${i}`);
      if (!wasCold) throw new Error('expected a cold invocation');
      cold.push(ms);
    }
    const coldBare: number[] = [];
    for (let i = 0; i < COLD_RUNS / 2; i++) coldBare.push((await timeInvoke(bare, `bare-${i}`)).ms);
    const warm: number[] = [];
    for (let i = 0; i < WARM_RUNS; i++) {
      const { ms, cold: wasCold } = await timeInvoke(pool, 'warm');
      if (i > 0 && wasCold) throw new Error('expected a warm invocation');
      if (i > 0) warm.push(ms);
    }
    const spawned: number[] = [];
    for (let i = 0; i < SPAWN_RUNS; i++) spawned.push(await spawnNode());

    const figures = {
      'cold median (ms)': round(median(cold)),
      'cold p90 (ms)': round(percentile(cold, 0.9)),
      'cold without a spare isolate, median (ms)': round(median(coldBare)),
      'warm median (ms)': round(median(warm), 3),
      'warm p99 (ms)': round(percentile(warm, 0.99), 3),
      'node -e spawn median (ms)': round(median(spawned)),
    };
    record({
      name: 'functions',
      description:
        'Backend function invocation through the isolated-vm pool vs spawning node -e with the same handler',
      figures,
      ratios: {
        'node -e / cold': round(median(spawned) / median(cold), 1),
        'node -e / warm': round(median(spawned) / median(warm), 0),
      },
      targets: { cold: '≤ 5 ms median', warm: '≤ 1 ms median' },
      notes: [
        `${COLD_RUNS} cold (distinct deployments), ${WARM_RUNS - 1} warm, ${SPAWN_RUNS} node -e runs; one runner process`,
        'latency is measured in the server process: IPC to the runner, isolate, handler, answer copied back',
      ],
    });
  } finally {
    await Promise.all([pool.close(), bare.close()]);
  }
}
