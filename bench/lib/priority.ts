import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

/** Set in the copy of the bench that runs in a session of its own. */
const OWN_SESSION = 'BENCH_NICE_OWN_SESSION';
const AUTOGROUP = '/proc/self/autogroup';

/**
 * `BENCH_NICE` (e.g. -19, as root): the run, and everything it starts (servers, floors, PostgreSQL,
 * PGlite, Chromium), at that scheduling priority, so other work on a shared machine yields to it.
 * Linux shares the CPU between sessions first when autogroups are on (`sched_autogroup_enabled`):
 * a thread's nice then only ranks it within its own session, so the bench runs again in a session
 * of its own (a child with `setsid`) and sets that session's group to the priority. Linux also keeps
 * a priority per thread: each thread running then is set, and later ones inherit it.
 * Resolves true when the benchmarks are to run in this process, false when a child ran them (its
 * exit code is this process's).
 */
export async function applyBenchNice(): Promise<boolean> {
  const value = process.env.BENCH_NICE;
  if (!value) return true;
  const priority = Number(value);
  if (!Number.isInteger(priority) || priority < -20 || priority > 19)
    throw new Error(`BENCH_NICE must be a whole number from -20 to 19, not ${value}`);
  const autogroups = fs.existsSync(AUTOGROUP);
  if (autogroups && !process.env[OWN_SESSION]) {
    const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
      detached: true,
      stdio: 'inherit',
      env: { ...process.env, [OWN_SESSION]: '1' },
    });
    // Another session: a terminal's Ctrl-C reaches this process only.
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
    process.exitCode = await new Promise<number>((resolve) =>
      child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))),
    );
    return false;
  }
  if (autogroups) fs.writeFileSync(AUTOGROUP, String(priority));
  for (const thread of fs.existsSync('/proc/self/task') ? fs.readdirSync('/proc/self/task') : ['0'])
    os.setPriority(Number(thread), priority);
  const group = autogroups ? `, session group ${fs.readFileSync(AUTOGROUP, 'utf8').trim()}` : '';
  console.log(`Running at nice ${os.getPriority()}${group} (BENCH_NICE)`);
  return true;
}

/**
 * With `BENCH_NICE`: keeps a process the bench started, and its children, in session groups at the
 * bench's priority, for a program whose processes begin sessions of their own (PostgreSQL: pg_ctl
 * starts the postmaster with `setsid`, and each backend calls `setsid` too, so each would share the
 * CPU equally with every other session). Looks every 0.5 s (the server's and the floor's pooled
 * connections last); writing a process's `/proc/<pid>/autogroup` sets its group's. Answers a stop.
 */
export function prioritiseSessionsOf(pid: number): () => void {
  const value = process.env.BENCH_NICE;
  if (!value || !fs.existsSync(`/proc/${pid}/autogroup`)) return () => {};
  const set = () => {
    let children: string[] = [];
    try {
      children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
    } catch {
      // ended
    }
    for (const process of [String(pid), ...children.filter(Boolean)]) {
      try {
        const file = `/proc/${process}/autogroup`;
        if (!fs.readFileSync(file, 'utf8').includes(`nice ${value}`)) fs.writeFileSync(file, value);
      } catch {
        // ended meanwhile
      }
    }
  };
  set();
  const timer = setInterval(set, 500);
  timer.unref();
  return () => clearInterval(timer);
}
