import fs from 'node:fs';
import path from 'node:path';

/**
 * Where a benchmark's servers spent their CPU, phase by phase: with `--cpu-prof` each server writes
 * a V8 profile when it exits; a phase is a window of the machine's monotonic clock (the clock V8's
 * profile timestamps use, as `process.hrtime` does) in which one process was loaded. `topFrames`
 * sums the samples of the window by function (self time, idle left out).
 */
export interface Phase {
  label: string;
  pid: number | undefined;
  /** Monotonic microseconds, as in the profile's `startTime`. */
  start: number;
  end: number;
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface Profile {
  nodes: { id: number; callFrame: CallFrame }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/** Runs `work` and records its window as a phase of process `pid`. */
export async function inPhase<T>(
  phases: Phase[] | undefined,
  label: string,
  pid: number | undefined,
  work: () => Promise<T>,
): Promise<T> {
  const start = monotonicMicros();
  try {
    return await work();
  } finally {
    phases?.push({ label, pid, start, end: monotonicMicros() });
  }
}

const frameName = (frame: CallFrame) =>
  `${frame.functionName || '(anonymous)'} ${path.basename(frame.url) || '(native)'}:${frame.lineNumber + 1}`;

/** The `count` functions with the most self time in the window, with their share of the busy time. */
export function topFrames(profile: Profile, start: number, end: number, count = 15) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const self = new Map<string, number>();
  let at = profile.startTime;
  let busy = 0;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    if (at < start || at > end) return;
    const frame = byId.get(id);
    if (!frame || frame.functionName === '(idle)') return;
    const delta = profile.timeDeltas[index + 1] ?? 0;
    busy += delta;
    const name = frameName(frame);
    self.set(name, (self.get(name) ?? 0) + delta);
  });
  const frames = [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, micros]) => ({ name, ms: micros / 1000, share: busy > 0 ? micros / busy : 0 }));
  return { busyMs: busy / 1000, frames };
}

/**
 * A text summary of every phase's top frames from the profiles in `dir` (files named by pid, as
 * `--cpu-prof` writes them), also written to `dir/phases.txt`.
 */
export function summarisePhases(dir: string, phases: Phase[]): string {
  fs.writeFileSync(path.join(dir, 'phases.json'), JSON.stringify(phases, null, 1));
  const files = fs.readdirSync(dir).filter((file) => file.endsWith('.cpuprofile'));
  const profiles = new Map<string, Profile>();
  const read = (file: string) => {
    if (!profiles.has(file)) profiles.set(file, JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')));
    return profiles.get(file)!;
  };
  const lines: string[] = [];
  for (const phase of phases) {
    // CPU.<date>.<time>.<pid>.<thread>.<sequence>.cpuprofile: the main thread is 0, workers follow.
    const threads = files
      .filter((name) => name.split('.')[3] === String(phase.pid))
      .sort((a, b) => Number(a.split('.')[4]) - Number(b.split('.')[4]));
    for (const file of threads) {
      const { busyMs, frames } = topFrames(read(file), phase.start, phase.end);
      if (busyMs === 0) continue;
      const thread = file.split('.')[4] === '0' ? 'main thread' : `worker ${file.split('.')[4]}`;
      lines.push(`${phase.label} (pid ${phase.pid}, ${thread}): ${busyMs.toFixed(0)} ms busy`);
      for (const frame of frames)
        lines.push(
          `  ${frame.ms.toFixed(1).padStart(8)} ms ${(frame.share * 100).toFixed(1).padStart(5)} %  ${frame.name}`,
        );
    }
  }
  const text = lines.join('\n');
  fs.writeFileSync(path.join(dir, 'phases.txt'), `${text}\n`);
  return text;
}
