import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface Started {
  child: ChildProcess;
  /** Milliseconds from spawn to the first 200 answer of the health URL. */
  startMs: number;
  stop(): Promise<void>;
}

/** Spawns a process and polls `healthUrl` every 5 ms until it answers 200 (within `timeoutMs`). */
export async function spawnUntilHealthy(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  healthUrl: string,
  timeoutMs = 60_000,
): Promise<Started> {
  const started = performance.now();
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}: ${stderr}`);
    try {
      const res = await fetch(healthUrl);
      if (res.status === 200) {
        await res.arrayBuffer();
        break;
      }
    } catch {
      // not listening yet
    }
    if (performance.now() - started > timeoutMs) {
      throw new Error(`not healthy after ${timeoutMs / 1000} s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const startMs = performance.now() - started;
  return {
    child,
    startMs,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
