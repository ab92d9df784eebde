import type { SortIndexesResponse, SortIndexView } from '@atelier/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ListOrdered, Trash2 } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { errorMessage } from '../../auth/error-message.ts';
import { databaseKeys, sortIndexesApi } from '../api.ts';
import { seconds, shareDone } from '../sort-index-offer.ts';

/**
 * The database panel's sort indexes (issue 22 #3): an index on a data field serves its sorts both
 * ways at a million records. The column menu offers one for a large entity's unindexed field
 * (`SortIndexDialog`, which says what it costs and follows the build); `SortIndexesPopover` lists
 * the entity's indexes and drops one.
 */

export interface SortIndexDialogProps {
  appId: string;
  entity: string;
  /** The field to index; null: closed. */
  field: string | null;
  data: SortIndexesResponse | undefined;
  onClose(): void;
}

/** Asks before building a field's sort index (on PGlite the app pauses meanwhile), then follows the build. */
export function SortIndexDialog({ appId, entity, field, data, onClose }: SortIndexDialogProps) {
  const client = useQueryClient();
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const key = databaseKeys.sortIndexes(appId, entity);
  const build = useMutation({
    mutationFn: (name: string) => sortIndexesApi.build(appId, entity, name),
    onMutate: () => setStartedAt(Date.now()),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
    onError: () => setStartedAt(null),
  });
  const { reset } = build;
  const index = data?.indexes.find((candidate) => candidate.field === field && candidate.scope === 'all');
  const ready = startedAt !== null && index?.state === 'ready';

  useEffect(() => {
    if (startedAt === null || ready) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [startedAt, ready]);
  useEffect(() => {
    if (!ready || !field) return;
    toast.success(`The sort index on ${field} is ready`);
    setStartedAt(null);
    reset();
    onClose();
  }, [ready, field, onClose, reset]);

  const close = () => {
    setStartedAt(null);
    reset();
    onClose();
  };
  const records = (data?.records ?? 0).toLocaleString('en-US');
  const pauseMs = data?.pauseMs ?? null;
  const share = startedAt === null ? 0 : shareDone(index, startedAt, pauseMs, now);
  return (
    <Dialog open={field !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Index {field} for fast sorting</DialogTitle>
          <DialogDescription>
            Sorting {records} records on {field} reads all of them each time. An index keeps them in order:
            sorts on {field}, both ways, show their first rows at once. It is kept (listed under Sort indexes,
            where you can drop it) and makes each write of {entity} a little slower.
          </DialogDescription>
        </DialogHeader>
        {pauseMs !== null ? (
          <p role="alert" className="rounded-md border border-amber-500/50 bg-amber-500/10 p-3 text-sm">
            While it is built, the app pauses for about {seconds(pauseMs)} s: its pages, API calls and this
            panel wait until it is done.
          </p>
        ) : (
          <p className="text-muted-foreground text-sm">
            It is built in the background; the app keeps running.
          </p>
        )}
        {startedAt !== null && (
          <div className="grid gap-1 text-sm">
            <div
              role="progressbar"
              aria-label="Building the index"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(share * 100)}
              className="h-2 overflow-hidden rounded bg-muted"
            >
              <div className="h-full bg-primary transition-[width]" style={{ width: `${share * 100}%` }} />
            </div>
            <span className="text-muted-foreground">
              Building the index…
              {pauseMs !== null && ` about ${seconds(Math.max(0, pauseMs - (now - startedAt)))} s left`}
            </span>
          </div>
        )}
        {build.isError && (
          <p role="alert" className="text-destructive text-sm">
            {errorMessage(build.error)}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            {startedAt === null ? 'Cancel' : 'Close'}
          </Button>
          {startedAt === null && field && (
            <Button onClick={() => build.mutate(field)} disabled={build.isPending}>
              Build the index
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The entity's sort indexes (a toolbar button when it has any): each field, its state, and Drop. */
export function SortIndexesPopover({
  appId,
  entity,
  data,
}: {
  appId: string;
  entity: string;
  data: SortIndexesResponse | undefined;
}) {
  const client = useQueryClient();
  const drop = useMutation({
    mutationFn: (index: SortIndexView) => sortIndexesApi.drop(appId, entity, index.field, index.scope),
    onSuccess: (_, index) => toast.success(`The sort index on ${index.field} was dropped`),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => client.invalidateQueries({ queryKey: databaseKeys.sortIndexes(appId, entity) }),
  });
  const indexes = data?.indexes ?? [];
  if (indexes.length === 0) return null;
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button variant="outline" size="sm">
          <ListOrdered aria-hidden="true" />
          Sort indexes ({indexes.length})
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          className="z-50 grid w-80 max-w-[calc(100vw-1rem)] gap-1 rounded-lg border border-border bg-background p-2 text-sm shadow-lg"
        >
          <p className="px-2 py-1 text-muted-foreground text-xs">
            Fields of {entity} kept in order for fast sorts (both ways)
          </p>
          <ul aria-label={`Sort indexes of ${entity}`} className="grid gap-1">
            {indexes.map((index) => (
              <li
                key={`${index.field}-${index.scope}`}
                className="flex items-center gap-2 rounded-md px-2 py-1"
              >
                <span className="grid min-w-0 flex-1">
                  <span className="truncate font-medium">{index.field}</span>
                  <span className="text-muted-foreground text-xs">
                    {index.scope === 'creator' ? "Each user's own records · " : ''}
                    {index.state === 'ready'
                      ? 'Ready'
                      : `Building${index.progress != null ? ` ${Math.round(index.progress * 100)}%` : '…'}`}
                  </span>
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Drop the sort index on ${index.field}${index.scope === 'creator' ? " (each user's own)" : ''}`}
                  disabled={index.state !== 'ready' || drop.isPending}
                  onClick={() => drop.mutate(index)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
