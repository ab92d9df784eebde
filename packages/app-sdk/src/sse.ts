import type { Transport } from './transport.ts';

export interface SseEvent {
  event: string;
  data: string;
  id: string | undefined;
}

/** Reconnect delays after a dropped stream: 1 s, 2 s, 5 s, then every 10 s. */
const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000];

/**
 * Reads a server-sent event stream with `fetch` (so the access token goes in the Authorization
 * header, not the URL) and reconnects with `Last-Event-ID` until stopped. Answers the stop function.
 */
export function openEventStream(
  transport: Transport,
  path: string,
  onEvent: (event: SseEvent) => void,
): () => void {
  const controller = new AbortController();
  let lastEventId: string | undefined;
  let attempt = 0;

  const run = async () => {
    while (!controller.signal.aborted) {
      try {
        const headers = await transport.headers({
          accept: 'text/event-stream',
          ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
        });
        const response = await transport.fetchImpl(transport.url(path), {
          headers,
          signal: controller.signal,
        });
        if (response.ok && response.body) {
          attempt = 0;
          await readEvents(response.body, controller.signal, (event) => {
            if (event.id !== undefined) lastEventId = event.id;
            onEvent(event);
          });
        } else if (response.status === 401 || response.status === 403 || response.status === 404) {
          return; // no access: retrying would not help
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      const delay = RECONNECT_DELAYS_MS[Math.min(attempt++, RECONNECT_DELAYS_MS.length - 1)]!;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  };
  void run();
  return () => controller.abort();
}

async function readEvents(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal,
  onEvent: (event: SseEvent) => void,
) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = 'message';
  let data: string[] = [];
  let id: string | undefined;
  signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined), { once: true });
  while (true) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let newline = buffer.search(/\r\n|\r|\n/);
    while (newline >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
      if (line === '') {
        if (data.length > 0) onEvent({ event, data: data.join('\n'), id });
        event = 'message';
        data = [];
      } else if (!line.startsWith(':')) {
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'data') data.push(value);
        else if (field === 'event') event = value;
        else if (field === 'id') id = value;
      }
      newline = buffer.search(/\r\n|\r|\n/);
    }
  }
}
