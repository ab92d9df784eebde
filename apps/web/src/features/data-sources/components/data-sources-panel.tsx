import { type ContextItem, DATA_SOURCE_MESSAGES } from '@atelier/shared';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { useContextItems, useLiveItems, useReplaceItem } from '../api.ts';
import { countLabel, formatDate, TYPE_LABELS } from '../format.ts';

const ACCEPT_BY_TYPE: Partial<Record<ContextItem['type'], string>> = {
  csv: '.csv',
  doc: '.docx,.doc',
  pdf: '.pdf',
  txt: '.txt,.md',
};

/** Spec 2 §2 "Data sources panel": one card per data item. */
export function DataSourcesPanel({ appId, onOpenDialog }: { appId: string; onOpenDialog: () => void }) {
  const items = useContextItems(appId);
  useLiveItems(appId, items.data?.contextItems);
  if (items.isPending) return <Skeleton className="h-32 w-full" />;
  if (items.isError)
    return (
      <p role="alert" className="text-destructive text-sm">
        {DATA_SOURCE_MESSAGES.fetchFailedPanel}
      </p>
    );
  return (
    <section aria-label="Data sources" className="@container grid gap-3">
      <div className="flex items-center justify-between">
        <h2 className="font-semibold text-base">Data sources</h2>
        <Button onClick={onOpenDialog}>Manage data</Button>
      </div>
      {items.data.contextItems.length === 0 && (
        <p className="text-muted-foreground text-sm">No data items yet. Use Manage data to add one.</p>
      )}
      <div className="grid gap-3 @lg:grid-cols-2">
        {items.data.contextItems.map((item) => (
          <DataItemCard key={item.id} appId={appId} item={item} />
        ))}
      </div>
      <p id="editing-instructions" className="text-muted-foreground text-xs">
        Editing instructions: change the file on your computer, then use Replace file. The new file takes the
        old one's place and is synced again; CSV files keep one item per row with the first row as column
        names.
      </p>
    </section>
  );
}

function DataItemCard({ appId, item }: { appId: string; item: ContextItem }) {
  const input = useRef<HTMLInputElement>(null);
  const replace = useReplaceItem(appId);
  const accept = ACCEPT_BY_TYPE[item.type];
  return (
    <Card aria-label={item.name}>
      <CardHeader>
        <CardTitle className="truncate text-sm">{item.name}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-1 text-muted-foreground text-xs">
        <span>{countLabel(item)}</span>
        <span>{TYPE_LABELS[item.type]}</span>
        <span>Updated {formatDate(item.lastSyncedAt ?? item.createdAt)}</span>
      </CardContent>
      <CardFooter className="flex gap-2">
        {accept && (
          <>
            <input
              ref={input}
              type="file"
              accept={accept}
              className="hidden"
              aria-label={`Replacement for ${item.name}`}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) {
                  replace.mutate(
                    { oldItemId: item.id, file },
                    { onError: () => toast.error(DATA_SOURCE_MESSAGES.replaceFailed) },
                  );
                }
                e.target.value = '';
              }}
            />
            <Button
              size="sm"
              variant="outline"
              disabled={replace.isPending}
              onClick={() => input.current?.click()}
            >
              Replace file
            </Button>
          </>
        )}
        {item.type === 'csv' && item.source === 'local_files' && (
          <Button size="sm" variant="outline" asChild>
            <a href={`/api/context/${encodeURIComponent(item.id)}/template`} download>
              Copy template
            </a>
          </Button>
        )}
        <Button size="sm" variant="link" asChild>
          <a href="#editing-instructions">Editing instructions</a>
        </Button>
      </CardFooter>
    </Card>
  );
}
