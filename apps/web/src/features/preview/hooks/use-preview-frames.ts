import { type PreviewViewAs, previewRouteMessageSchema } from '@atelier/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a preview document has to post its handshake before the panel says it did not load. */
export const PREVIEW_LOAD_TIMEOUT_MS = 15_000;

export interface PreviewFrameEntry {
  key: number;
  src: string;
  /** Whom the document runs as (shown on the frame as `data-view-as`). */
  viewAs: PreviewViewAs;
}

/**
 * Double-buffered preview frames: the frame on screen stays while the next document (a new
 * version, another route, another "View as") loads hidden beside it, and replaces it only once
 * it posts its handshake (`atelier:preview-route`). Messages count only from these frames' windows
 * (a sandboxed preview has an opaque origin: the sender is known by its window, not its origin).
 */
export function usePreviewFrames(onRoute: (route: string) => void) {
  const [shown, setShown] = useState<PreviewFrameEntry | null>(null);
  const [pending, setPending] = useState<PreviewFrameEntry | null>(null);
  const [timedOut, setTimedOut] = useState(false);
  const elements = useRef(new Map<number, HTMLIFrameElement>());
  const sequence = useRef(0);
  const state = useRef({ shown, pending, onRoute });
  state.current = { shown, pending, onRoute };

  /** Loads a document in a new hidden frame (it takes the place of the one on screen once ready). */
  const load = useCallback((src: string, viewAs: PreviewViewAs) => {
    sequence.current += 1;
    setPending({ key: sequence.current, src, viewAs });
    setTimedOut(false);
  }, []);

  const keyOf = useCallback((source: MessageEventSource | null): number | undefined => {
    for (const [key, element] of elements.current) {
      if (source && element.contentWindow === source) return key;
    }
    return undefined;
  }, []);

  /** Whether a message came from one of the preview's frames. */
  const isPreviewWindow = useCallback(
    (source: MessageEventSource | null) => keyOf(source) !== undefined,
    [keyOf],
  );

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const parsed = previewRouteMessageSchema.safeParse(event.data);
      if (!parsed.success) return;
      const key = keyOf(event.source);
      const current = state.current;
      if (key === undefined) return;
      if (current.pending && key === current.pending.key) {
        setShown(current.pending);
        setPending(null);
        setTimedOut(false);
      } else if (!current.shown || key !== current.shown.key) return;
      if (parsed.data.route !== null) current.onRoute(parsed.data.route);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [keyOf]);

  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setTimedOut(true), PREVIEW_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [pending]);

  /** The `ref` of a frame element. */
  const register = useCallback(
    (key: number) => (element: HTMLIFrameElement | null) => {
      if (element) elements.current.set(key, element);
      else elements.current.delete(key);
    },
    [],
  );

  const frames = [shown, pending].filter((entry): entry is PreviewFrameEntry => entry !== null);
  return { frames, shown, pending, timedOut, load, register, isPreviewWindow };
}
