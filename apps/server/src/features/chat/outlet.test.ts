import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Chunk, createOutlet, TEXT_FLUSH_MS } from './outlet.ts';

async function readAll(stream: ReadableStream<Chunk>): Promise<Chunk[]> {
  const chunks: Chunk[] = [];
  const reader = stream.getReader();
  while (true) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
  }
}

describe('chat outlet', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the first delta at once, joins the next ones per flush interval and keeps the order', async () => {
    vi.useFakeTimers();
    const outlet = createOutlet();
    const read = readAll(outlet.stream);
    outlet.emit({ type: 'text-start', id: 't' });
    for (const delta of ['He', 'll', 'o', ' wo']) outlet.emit({ type: 'text-delta', id: 't', delta });
    vi.advanceTimersByTime(TEXT_FLUSH_MS);
    outlet.emit({ type: 'text-delta', id: 't', delta: 'rl' });
    outlet.emit({ type: 'text-delta', id: 't', delta: 'd' });
    outlet.emit({ type: 'data-action-results', id: 'actions', data: { results: [] } });
    outlet.emit({ type: 'text-delta', id: 't', delta: '!' });
    outlet.emit({ type: 'text-end', id: 't' });
    outlet.close();
    const chunks = await read;
    expect(chunks).toEqual([
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'He' },
      { type: 'text-delta', id: 't', delta: 'llo wo' },
      { type: 'text-delta', id: 't', delta: 'rld' },
      { type: 'data-action-results', id: 'actions', data: { results: [] } },
      { type: 'text-delta', id: 't', delta: '!' },
      { type: 'text-end', id: 't' },
    ]);
  });

  it('sends held text on close and drops writes once the client has gone', async () => {
    const outlet = createOutlet(60_000);
    const reader = outlet.stream.getReader();
    outlet.emit({ type: 'text-delta', id: 't', delta: 'a' });
    outlet.emit({ type: 'text-delta', id: 't', delta: 'b' });
    outlet.close();
    expect((await reader.read()).value).toEqual({ type: 'text-delta', id: 't', delta: 'a' });
    expect((await reader.read()).value).toEqual({ type: 'text-delta', id: 't', delta: 'b' });
    expect((await reader.read()).done).toBe(true);

    const gone = createOutlet();
    await gone.stream.cancel();
    expect(() => gone.emit({ type: 'text-delta', id: 't', delta: 'x' })).not.toThrow();
    gone.close();
  });
});
