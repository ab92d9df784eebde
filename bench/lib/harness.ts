import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(benchDir, '..');

export interface BenchResult {
  name: string;
  description: string;
  /** Figures by label; each label names its unit. */
  figures: Record<string, number>;
  /** Ratios against the baseline measured in the same run. */
  ratios: Record<string, number>;
  targets?: Record<string, string>;
  notes?: string[];
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The value at share `p` (0–1) of an ascending array; NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number;
}

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Prints a result and writes it to bench/results/<name>.json with the machine and the date. */
export function record(result: BenchResult): void {
  const cpus = os.cpus();
  const file = path.join(benchDir, 'results', `${result.name}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const entry = {
    ...result,
    date: new Date().toISOString(),
    node: process.version,
    machine: `${cpus.length} × ${cpus[0]?.model ?? 'unknown cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
  };
  fs.writeFileSync(file, `${JSON.stringify(entry, null, 2)}\n`);
  console.log(`\n## ${result.name}: ${result.description}`);
  for (const [label, value] of Object.entries(result.figures)) console.log(`  ${label}: ${value}`);
  for (const [label, value] of Object.entries(result.ratios)) console.log(`  ratio ${label}: ${value}`);
  for (const [label, value] of Object.entries(result.targets ?? {}))
    console.log(`  target ${label}: ${value}`);
  for (const note of result.notes ?? []) console.log(`  note: ${note}`);
  console.log(`  → ${path.relative(repoRoot, file)}`);
}

/**
 * CPU seconds (user + system) a process, or one of its threads (`tid`; the main thread's is the
 * pid), has used so far, from /proc (Linux); NaN elsewhere.
 */
export function cpuSeconds(pid: number | undefined, tid?: number): number {
  try {
    const file = tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`;
    const fields = fs.readFileSync(file, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}
