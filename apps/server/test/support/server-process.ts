import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundlePrelude } from '../../src/platform/sandbox/prelude-bundle.mjs';

/**
 * The real server as a child process, for tests and tools that kill, restart or run several of it:
 * a private esbuild bundle of `src/main.ts` (the entry `npm start` runs, bundled the way build.mjs
 * bundles it) in its own folder under `apps/server/dist/`, so it neither waits for nor races with
 * the shared build.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerBundle {
  /** The bundled entry (`…/main.js`). */
  readonly main: string;
  remove(): void;
}

export async function buildServerBundle(): Promise<ServerBundle> {
  const outdir = path.join(serverDir, 'dist', `proc-${process.pid}-${randomBytes(3).toString('hex')}`);
  await build({
    entryPoints: {
      main: path.join(serverDir, 'src/main.ts'),
      // The same child entries as build.mjs: the server forks them from beside main.js.
      'function-runner': path.join(serverDir, 'src/platform/sandbox/runner.ts'),
      'parse-worker': path.join(serverDir, 'src/features/data-sources/parsing/parse-child.ts'),
      'pglite-worker': path.join(serverDir, 'src/platform/db/pglite-worker.ts'),
      'type-check-worker': path.join(serverDir, 'src/features/code-editor/type-check-worker.ts'),
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    // As build.mjs: the function runner's sandbox prelude is part of the bundle (without it the
    // runner looks for the prelude's sources beside the bundle, and every function fails).
    define: { ATELIER_SANDBOX_PRELUDE: JSON.stringify(await bundlePrelude()) },
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@atelier/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  return {
    main: path.join(outdir, 'main.js'),
    remove: () => fs.rmSync(outdir, { recursive: true, force: true }),
  };
}

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly url: string;
  /** Everything the process wrote to stderr and stdout so far (for failure messages). */
  output(): string;
  /** Resolves with the exit code (or the signal) once the process has exited. */
  readonly exited: Promise<number | NodeJS.Signals>;
  /** Sends a signal and waits for the exit. */
  kill(signal?: NodeJS.Signals): Promise<number | NodeJS.Signals>;
}

export interface StartServerProcessOptions {
  main: string;
  port: number;
  /** Extra environment (DATA_DIR, DATABASE_URL, …); the defaults keep the process quiet and offline. */
  env?: NodeJS.ProcessEnv;
  /** Longest wait for the first 200 of `/api/health`. */
  timeoutMs?: number;
}

/** Spawns the bundled server on 127.0.0.1:`port` and resolves once `/api/health` answers 200. */
export async function startServerProcess(options: StartServerProcessOptions): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, [options.main], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      PREVIEW_PORT: '0',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      MODEL_CATALOGUE_URL: 'off',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | NodeJS.Signals>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ?? code ?? 0));
  });
  let exitedWith: number | NodeJS.Signals | undefined;
  void exited.then((value) => {
    exitedWith = value;
  });
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (exitedWith !== undefined)
      throw new Error(`the server exited (${exitedWith}) before it was healthy:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not healthy after ${options.timeoutMs ?? 60_000} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    child,
    url,
    output: () => output,
    exited,
    kill(signal = 'SIGTERM') {
      if (exitedWith === undefined) child.kill(signal);
      return exited;
    },
  };
}
