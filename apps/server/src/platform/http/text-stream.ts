/**
 * A response body that pulls its text from `parts` as the client reads it (back-pressure: a slow
 * reader holds one part in memory, not the whole answer) and stops `parts` when the client goes away.
 */
export function textStream(parts: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      const next = await parts.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await parts.return(undefined);
    },
  });
}
