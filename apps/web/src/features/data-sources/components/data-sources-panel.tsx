import { type ContextItem, DATA_SOURCE_MESSAGES } from '@atelier/shared';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { useContextItems, useLiveItems, useReplaceItem } from '../api.ts';
import { EDITING_INSTRUCTIONS } from '../editing-instructions.ts';
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
    <section aria-label="Data sources" className="@container grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-base">Data sources</h2>
        <Button onClick={onOpenDialog}>Manage data</Button>
      </div>
      {items.data.contextItems.length === 0 && (
        <p className="text-muted-foreground text-sm">No data items yet. Use Manage data to add one.</p>
      )}
      <div className="grid min-w-0 gap-3 @lg:grid-cols-2">
        {items.data.contextItems.map((item) => (
          <DataItemCard key={item.id} appId={appId} item={item} />
        ))}
      </div>
    </section>
  );
}

function DataItemCard({ appId, item }: { appId: string; item: ContextItem }) {
  const input = useRef<HTMLInputElement>(null);
  const [showInstructions, setShowInstructions] = useState(false);
  const replace = useReplaceItem(appId);
  // "Replace file" for every uploaded file type; connected and scraped items are synced at their source.
  const accept = item.source === 'local_files' ? ACCEPT_BY_TYPE[item.type] : undefined;
  const template = item.templateFileUrl;
  const instructionsId = `editing-instructions-${item.id}`;
  return (
    <Card aria-label={item.name} className="min-w-0">
      <CardHeader className="p-3">
        <CardTitle className="truncate text-sm">{item.name}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-1 p-3 pt-0 text-muted-foreground text-xs">
        <span>{countLabel(item)}</span>
        <span>{TYPE_LABELS[item.type]}</span>
        <span>Updated {formatDate(item.lastSyncedAt ?? item.createdAt)}</span>
      </CardContent>
      <CardFooter className="flex-wrap gap-2 p-3 pt-0">
        {template && (
          <Button size="sm" variant="outline" asChild>
            {template.startsWith('/') ? (
              <a href={template} download>
                Copy template
              </a>
            ) : (
              <a href={template} target="_blank" rel="noopener noreferrer">
                Copy template
              </a>
            )}
          </Button>
        )}
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
        <Button
          size="sm"
          variant="link"
          className="px-0"
          aria-expanded={showInstructions}
          aria-controls={instructionsId}
          onClick={() => setShowInstructions((shown) => !shown)}
        >
          Editing instructions
        </Button>
        {showInstructions && (
          <p id={instructionsId} className="basis-full text-muted-foreground text-xs">
            {EDITING_INSTRUCTIONS[item.type]}
          </p>
        )}
      </CardFooter>
    </Card>
  );
}
