/** The comment the server's event streams send once the subscription is registered (sse.ts, events.ts). */
export const SSE_CONNECTED = ': connected';

/**
 * A `fetch` for a client under test that reports when an event stream it opened has said
 * `: connected`: from then on no change is missed, so a test writes only after `connected`
 * (instead of sleeping and hoping the subscription is there).
 */
export function fetchWatchingConnected(): { fetch: typeof fetch; connected: Promise<void> } {
  let markConnected!: () => void;
  const connected = new Promise<void>((resolve) => {
    markConnected = resolve;
  });
  const watching: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (!response.body || !response.headers.get('content-type')?.includes('text/event-stream')) {
      return response;
    }
    const [mine, theirs] = response.body.tee();
    void (async () => {
      const reader = mine.getReader();
      const decoder = new TextDecoder();
      let text = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += decoder.decode(value, { stream: true });
        if (text.includes(SSE_CONNECTED)) {
          markConnected();
          await reader.cancel();
          return;
        }
      }
    })().catch(() => {});
    return new Response(theirs, response);
  };
  return { fetch: watching, connected };
}
