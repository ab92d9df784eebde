import { runtimeErrorMessageSchema } from '@atelier/shared';
import { useCallback, useEffect, useState } from 'react';
import { addRuntimeError, type RuntimeErrorItem } from '../runtime-errors.ts';

let sequence = 0;
const newId = () => `runtime-error-${++sequence}`;

/**
 * Runtime errors posted by the app in the preview frame (`atelier:runtime-error` messages). Only
 * messages from the preview's frames' windows count: a sandboxed preview has an opaque origin, so the sender
 * is identified by its window, not by `event.origin`.
 */
export function useRuntimeErrors(isPreviewWindow: (source: MessageEventSource | null) => boolean) {
  const [errors, setErrors] = useState<RuntimeErrorItem[]>([]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (!isPreviewWindow(event.source)) return;
      const parsed = runtimeErrorMessageSchema.safeParse(event.data);
      if (!parsed.success) return;
      setErrors((current) => addRuntimeError(current, parsed.data, newId));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [isPreviewWindow]);

  const suppress = useCallback(
    (id: string) => setErrors((current) => current.filter((e) => e.id !== id)),
    [],
  );
  const clear = useCallback(() => setErrors([]), []);
  return { errors, suppress, clear };
}
