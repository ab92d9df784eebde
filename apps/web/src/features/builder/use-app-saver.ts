import { type AppSummary, BUILDER_MESSAGES, BUILDER_SAVE_DEBOUNCE_MS } from '@atelier/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { toast } from '../../components/ui/toaster.tsx';
import { answer, api } from '../../lib/api.ts';
import { queryKeys } from '../apps/api.ts';
import { failedAreaMessage } from './save-messages.ts';
import { createSaveQueue, type SavePatch, type SaveQueue } from './save-queue.ts';

/**
 * Debounced saving of the builder panels (`PATCH /api/apps/{appId}` with partial objects):
 * flushed on route change, and leaving the page with something unsaved asks
 * 'You have unsaved changes! Are you sure you want to leave?'.
 */
export function useAppSaver(appId: string) {
  const client = useQueryClient();
  const [pending, setPending] = useState(false);
  const queueRef = useRef<SaveQueue | null>(null);
  if (!queueRef.current) {
    queueRef.current = createSaveQueue({
      delayMs: BUILDER_SAVE_DEBOUNCE_MS,
      send: async (patch) => {
        const app = await answer<AppSummary>(
          api.PATCH('/apps/{appId}', { params: { path: { appId } }, body: patch }),
        );
        client.setQueryData(queryKeys.app(appId), app);
        void client.invalidateQueries({ queryKey: queryKeys.list() });
      },
      onError: (_error, patch) =>
        toast.error(BUILDER_MESSAGES.saveFailed, { description: failedAreaMessage(patch) }),
      onPendingChange: setPending,
    });
  }
  const queue = queueRef.current;

  useEffect(() => {
    if (!pending) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      void queue.flush();
      event.preventDefault();
      event.returnValue = BUILDER_MESSAGES.unsavedChanges;
      return BUILDER_MESSAGES.unsavedChanges;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [pending, queue]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => pending && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void queue.flush().then(() => {
      if (!queue.hasPending() || window.confirm(BUILDER_MESSAGES.unsavedChanges)) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker, queue]);

  useEffect(
    () => () => {
      void queue.flush();
      queue.dispose();
    },
    [queue],
  );

  return { save: (patch: SavePatch) => queue.enqueue(patch), flush: () => queue.flush(), pending };
}
