import type { ChatUIDataTypes, ChatUIMetadata } from '@atelier/shared';
import type { UIMessageChunk } from 'ai';

export type Chunk = UIMessageChunk<ChatUIMetadata, ChatUIDataTypes>;

/**
 * Text deltas are sent at most this often (the first at once): a model writes hundreds of tiny
 * deltas, and a browser that receives them in bursts re-renders once per delta, which React
 * refuses past its nested-update limit under load (vercel/ai#6166, "Maximum update depth exceeded").
 */
export const TEXT_FLUSH_MS = 50;

/**
 * A stream the reply writes into while the client listens; once the client has gone, writes are
 * dropped. Consecutive text deltas are joined into one chunk per TEXT_FLUSH_MS; any other chunk
 * first sends the text before it, so the order of the reply is kept.
 */
export function createOutlet(flushMs = TEXT_FLUSH_MS) {
  let controller: ReadableStreamDefaultController<Chunk> | null = null;
  let pending: { id: string; delta: string } | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let sentText = false;
  const stream = new ReadableStream<Chunk>({
    start(c) {
      controller = c;
    },
    cancel() {
      controller = null;
    },
  });
  const enqueue = (chunk: Chunk) => {
    try {
      controller?.enqueue(chunk);
    } catch {
      controller = null;
    }
  };
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!pending) return;
    enqueue({ type: 'text-delta', id: pending.id, delta: pending.delta });
    pending = null;
  };
  return {
    stream,
    emit(chunk: Chunk) {
      if (chunk.type !== 'text-delta') {
        flush();
        enqueue(chunk);
        return;
      }
      if (!sentText) {
        sentText = true;
        enqueue(chunk);
        return;
      }
      if (pending && pending.id !== chunk.id) flush();
      if (pending) pending.delta += chunk.delta;
      else pending = { id: chunk.id, delta: chunk.delta };
      timer ??= setTimeout(flush, flushMs);
    },
    close() {
      flush();
      try {
        controller?.close();
      } catch {
        // already closed or cancelled
      }
      controller = null;
    },
  };
}
