import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A throwaway PostgreSQL cluster from Debian's `postgresql` package: initdb in a temp dir, listening
 * on 127.0.0.1 at a free port, trust auth, durability switched off for speed, removed on stop.
 * As root it runs as the `postgres` system user (initdb refuses root).
 */
export interface PgCluster {
  /** Connection URL of the `postgres` database as the superuser. */
  readonly url: string;
  readonly port: number;
  stop(): void;
}

export const POSTGRES_INSTALL_HINT = 'apt-get update && apt-get install -y postgresql';

export function findPostgresBinDir(): string | undefined {
  const candidates: string[] = [];
  const base = '/usr/lib/postgresql';
  if (fs.existsSync(base)) {
    for (const version of fs.readdirSync(base).sort((a, b) => Number(b) - Number(a))) {
      candidates.push(path.join(base, version, 'bin'));
    }
  }
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (onPath) candidates.push(path.dirname(onPath));
  return candidates.find(
    (dir) => fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'postgres')),
  );
}

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

export async function startPgCluster(): Promise<PgCluster> {
  const binDir = findPostgresBinDir();
  if (!binDir) {
    throw new Error(
      `PostgreSQL server binaries (initdb, postgres) are not installed. Run: ${POSTGRES_INSTALL_HINT}`,
    );
  }
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-pg-'));
  const dataDir = path.join(dir, 'data');
  if (asRoot) {
    fs.chmodSync(dir, 0o755);
    execFileSync('chown', ['postgres:postgres', dir]);
  }
  const run = (command: string, args: string[]) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], cwd: dir });
  };
  run(path.join(binDir, 'initdb'), [
    '-D',
    dataDir,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--no-sync',
    '--no-instructions',
  ]);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${dir}`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
  ].join(' ');
  run(path.join(binDir, 'pg_ctl'), [
    '-D',
    dataDir,
    '-o',
    options,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    'start',
  ]);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run(path.join(binDir, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
