import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUseError, LOCK_FILE_NAME } from './data-dir-lock.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Starts another process that takes the lock and waits; resolves once it holds it. */
async function holdLockInChild(dir: string) {
  const script = `
    import { acquireDataDirLock } from ${JSON.stringify(path.join(here, 'data-dir-lock.ts'))};
    acquireDataDirLock(${JSON.stringify(dir)});
    console.log('locked');
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk) => chunk.toString().includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`child exited early with ${code}`)));
  });
  return child;
}

describe('acquireDataDirLock', () => {
  it('refuses a second holder in the same process, and allows it after release', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrowError(DataDirInUseError);
    lock.release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('refuses while another live process holds it, naming the directory', async () => {
    const dir = tempDir();
    const child = await holdLockInChild(dir);
    try {
      expect(() => acquireDataDirLock(dir)).toThrowError(
        new RegExp(`data directory ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is in use`),
      );
    } finally {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  });

  it('takes over the lock of a process that was killed with SIGKILL', async () => {
    const dir = tempDir();
    const child = await holdLockInChild(dir);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(true);
    const lock = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(lock.path, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });
});
