import { parentPort } from 'node:worker_threads';
import { typeCheckHere } from './type-check.ts';
import type { TypeCheckRequest, TypeCheckResponse } from './type-check-thread.ts';

/** The type checker's thread (type-check-thread.ts): one check at a time, in order of arrival. */
const port = parentPort;
if (!port) throw new Error('type-check-worker runs as a worker thread');
port.on('message', async ({ id, files }: TypeCheckRequest) => {
  let answer: TypeCheckResponse;
  try {
    answer = { id, diagnostics: await typeCheckHere(files) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer);
});
