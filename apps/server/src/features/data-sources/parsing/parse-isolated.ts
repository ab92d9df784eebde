import { fork } from 'node:child_process';
import { childEntry } from '../../../platform/child-entry.ts';
import type { FileKind } from './detect-type.ts';
import type { ParseChildMessage, ParseChildRequest } from './parse-child.ts';
import { ParseError } from './parse-error.ts';
import type { ParseProgress } from './parse-file.ts';
import type { ParsedDocument } from './parsed-document.ts';

/** Bounds of one upload's parse: its own process, with this much heap and time. */
export const PARSE_LIMITS = { memoryMb: 512, timeMs: 120_000 } as const;

export interface ParseLimits {
  memoryMb: number;
  timeMs: number;
}

/**
 * `parseFile` in a child process (parse-child.ts), so a big or hostile file (a 20,000-row CSV, a DOCX
 * whose XML expands to gigabytes, a heavy PDF) never holds the server's event loop or memory. The
 * child gets `memoryMb` of heap and `timeMs`; past either it is killed and the upload fails with a
 * clear reason. A ParseError in the child is thrown here as the same ParseError.
 */
export function parseFileIsolated(
  kind: FileKind,
  bytes: Uint8Array,
  progress: ParseProgress = {},
  limits: ParseLimits = PARSE_LIMITS,
): Promise<ParsedDocument[]> {
  const entry = childEntry(import.meta.url, './parse-child.ts', './parse-worker.js');
  const child = fork(entry.file, [], {
    execArgv: [...entry.execArgv, `--max-old-space-size=${limits.memoryMb}`],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    env: { PATH: process.env.PATH ?? '' },
  });
  return new Promise<ParsedDocument[]>((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | undefined, documents?: ParsedDocument[]) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      if (error) reject(error);
      else resolve(documents ?? []);
    };
    const timer = setTimeout(
      () =>
        finish(
          new ParseError(
            'parse_limit',
            `The file took too long to read (more than ${Math.max(1, Math.round(limits.timeMs / 1000))} s); split it into smaller files`,
          ),
        ),
      limits.timeMs,
    );
    child.on('message', (message: ParseChildMessage) => {
      if (message.t === 'page') {
        void Promise.resolve(progress.onPage?.(message.done, message.total)).catch(() => {});
      } else if (message.t === 'done') {
        finish(undefined, message.documents);
      } else {
        finish(
          message.code
            ? new ParseError(message.code, message.message)
            : new ParseError('corrupt_file', 'The file could not be read'),
        );
      }
    });
    child.on('error', (error) => finish(error));
    // 'close' comes after the child's last message was delivered: no answer by then means it died.
    child.on('close', () =>
      finish(
        new ParseError(
          'parse_limit',
          `The file needs more memory to read than is allowed (${limits.memoryMb} MB); split it into smaller files`,
        ),
      ),
    );
    child.send({ kind, bytes } satisfies ParseChildRequest);
  });
}
