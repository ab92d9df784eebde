/* ---------- console: each call is one log line of the invocation ---------- */
import { hostLog } from './bridge.ts';

/** A value as a log line shows it: strings as they are at the top level, JSON otherwise. */
export function describe(value: unknown, depth: number): string {
  if (typeof value === 'string') return depth === 0 ? value : JSON.stringify(value);
  if (value instanceof Error) return value.stack || `${value.name}: ${value.message}`;
  if (typeof value === 'function') return `[Function ${value.name || 'anonymous'}]`;
  if (typeof value === 'bigint') return `${value}n`;
  if (value === undefined || typeof value === 'symbol') return String(value);
  try {
    const json = JSON.stringify(value);
    return json === undefined ? String(value) : json;
  } catch {
    return String(value);
  }
}

const write =
  (level: string) =>
  (...args: unknown[]) => {
    hostLog(level, args.map((a) => describe(a, 0)).join(' '));
  };

export const console = {
  log: write('info'),
  info: write('info'),
  debug: write('debug'),
  warn: write('warn'),
  error: write('error'),
  trace: write('debug'),
};
