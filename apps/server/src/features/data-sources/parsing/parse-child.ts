/**
 * The child process that parses one upload (parse-isolated.ts forks it): it gets the file kind and
 * bytes, parses, and answers the documents or the ParseError, reporting PDF pages as it goes.
 */
import type { FileKind } from './detect-type.ts';
import { ParseError } from './parse-error.ts';
import { parseFile } from './parse-file.ts';

export type ParseChildRequest = { kind: FileKind; bytes: Uint8Array };
export type ParseChildMessage =
  | { t: 'page'; done: number; total: number }
  | { t: 'done'; documents: { locator: string | null; text: string }[] }
  | { t: 'failed'; code: ParseError['code'] | null; message: string };

const send = (message: ParseChildMessage) =>
  new Promise<void>((resolve) => process.send?.(message, undefined, {}, () => resolve()));

process.once('message', async (request: ParseChildRequest) => {
  try {
    const documents = await parseFile(request.kind, request.bytes, {
      onPage: (done, total) => send({ t: 'page', done, total }),
    });
    await send({ t: 'done', documents });
  } catch (error) {
    await send(
      error instanceof ParseError
        ? { t: 'failed', code: error.code, message: error.message }
        : { t: 'failed', code: null, message: String((error as Error)?.message ?? error) },
    );
  }
  process.exit(0);
});
