import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE_NAME = '.atelier.lock';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by another Atelier process (pid ${holderPid}). ` +
        'PGlite allows one writer only: stop that process, or set DATA_DIR to another directory.',
    );
  }
}

interface LockContent {
  pid: number;
  hostname: string;
  startedAt: string;
}

/** Lock files held by this process, so a second open in the same process is refused too. */
const heldHere = new Set<string>();

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isFresh(lockPath: string): boolean {
  try {
    return Date.now() - fs.statSync(lockPath).mtimeMs < 2000;
  } catch {
    return false;
  }
}

function readLock(lockPath: string): LockContent | undefined {
  try {
    return JSON.parse(fs.readFileSync(lockPath, 'utf8')) as LockContent;
  } catch {
    return undefined;
  }
}

/**
 * Takes the exclusive lock on a PGlite data directory: a lock file created with O_EXCL holding our
 * pid. A lock whose process is gone (killed with SIGKILL, machine restarted) is stale and taken over;
 * a live holder makes this throw DataDirInUseError so the caller can exit without touching the files.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE_NAME);
  if (heldHere.has(lockPath)) throw new DataDirInUseError(dataDir, process.pid);
  const content: LockContent = {
    pid: process.pid,
    hostname: os.hostname(),
    startedAt: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 30; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(content), { flag: 'wx' });
      heldHere.add(lockPath);
      let released = false;
      return {
        path: lockPath,
        release() {
          if (released) return;
          released = true;
          heldHere.delete(lockPath);
          if (readLock(lockPath)?.pid === process.pid) fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLock(lockPath);
      if (!holder && isFresh(lockPath)) {
        // Another process is between creating and writing its lock: give it a moment.
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
        continue;
      }
      const sameHost = holder?.hostname === os.hostname();
      // Our own pid in the file is a previous incarnation (pid reuse after a restart): stale.
      if (holder && holder.pid !== process.pid && (!sameHost || isAlive(holder.pid))) {
        throw new DataDirInUseError(dataDir, holder.pid);
      }
      // Stale (holder gone) or unreadable (a writer died mid-write): remove and try again.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirInUseError(dataDir, readLock(lockPath)?.pid ?? -1);
}
