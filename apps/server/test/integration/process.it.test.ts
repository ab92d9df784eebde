import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createServerDatabase, testDbKind } from '../support/test-db.ts';

const mainTs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/main.ts');

interface Proc {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startMain(env: Record<string, string>): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', mainTs], {
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    out += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

/** The server's address once it logs "listening"; most of the test's time on a loaded machine (tsx). */
async function waitForUrl(proc: Proc, timeoutMs = 100_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = /"url":"(http:\/\/[^"]+)"/.exec(proc.output());
    if (match) return match[1]!;
    if (proc.child.exitCode !== null) throw new Error(`server exited: ${proc.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start: ${proc.output()}`);
}

// The process-level contract of the embedded default: one writer per data directory, clean shutdown.
describe.runIf(testDbKind === 'pglite')('the server process on PGlite', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-proc-'));
  const procs: Proc[] = [];
  afterAll(() => {
    for (const p of procs) p.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second process on the same data directory while the first keeps serving, then stops on SIGTERM', async () => {
    // On a copy of the migrated template: the process's migrations find nothing to do.
    await createServerDatabase(dataDir);
    const first = startMain({ PORT: '0', DATA_DIR: dataDir });
    procs.push(first);
    const url = await waitForUrl(first);
    expect(await (await fetch(`${url}/api/health`)).json()).toMatchObject({
      status: 'ok',
      database: 'pglite',
    });

    const second = startMain({ PORT: '0', DATA_DIR: dataDir });
    procs.push(second);
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toContain(`The data directory ${dataDir} is in use by another Atelier process`);

    expect((await fetch(`${url}/api/health`)).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('"msg":"stopped"');
    expect(fs.existsSync(path.join(dataDir, '.atelier.lock'))).toBe(false);
  }, 120_000); // starts real server processes from source (tsx): slow on a busy 2-core machine
});
