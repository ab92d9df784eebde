import { DATA_SEARCH_DEBOUNCE_MS, DATA_SOURCE_MESSAGES, maxDataItemsMessage } from '@atelier/shared';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { useContextItems, useLiveItems, useOfferedConnectors, usePassageSearch } from '../api.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { AddTextForm, UploadForm, WebPageForm } from './add-source-forms.tsx';
import { ConnectorForm } from './connector-form.tsx';
import { ItemRow } from './item-row.tsx';

const SOURCES = ['Text', 'Items List (CSV)', 'Doc (DOCX)', 'Local files', 'Web page'] as const;
type Source = string;

export function DataSourcesDialog(props: {
  appId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The tab to open on (a connector, after connecting it). */
  initialSource?: string | undefined;
}) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-3xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Data Sources</DialogTitle>
          <DialogDescription>
            Give your app business context: text, lists, documents and web pages it can answer from.
          </DialogDescription>
        </DialogHeader>
        <DataSourcesBody appId={props.appId} initialSource={props.initialSource} />
      </DialogContent>
    </Dialog>
  );
}

function DataSourcesBody({ appId, initialSource }: { appId: string; initialSource?: string | undefined }) {
  const items = useContextItems(appId);
  const connectors = useOfferedConnectors();
  const [source, setSource] = useState<Source>(initialSource ?? 'Text');
  const [query, setQuery] = useState('');
  const searchId = useId();
  const debounced = useDebouncedValue(query.trim(), DATA_SEARCH_DEBOUNCE_MS);
  useLiveItems(appId, items.data?.contextItems);

  if (items.isPending) return <Skeleton className="h-40 w-full" />;
  // A failed first load has nothing to show; a failed refresh keeps the last list and the forms.
  if (items.isError && !items.data)
    return (
      <p role="alert" className="text-destructive text-sm">
        {DATA_SOURCE_MESSAGES.fetchFailed}
      </p>
    );
  const { contextItems, hasReachedDataLimit, limits } = items.data;
  const visible = debounced
    ? contextItems.filter((item) => item.name.toLowerCase().includes(debounced.toLowerCase()))
    : contextItems;

  const offered = connectors.data ?? [];
  const forms: Record<Source, ReactNode> = {
    Text: <AddTextForm appId={appId} disabled={hasReachedDataLimit} />,
    'Items List (CSV)': (
      <UploadForm
        appId={appId}
        disabled={hasReachedDataLimit}
        limits={limits}
        label="CSV file"
        accept=".csv,text/csv"
        hint="One item per row; the first row names the columns."
      />
    ),
    'Doc (DOCX)': (
      <UploadForm
        appId={appId}
        disabled={hasReachedDataLimit}
        limits={limits}
        label="Document"
        accept=".docx,.doc,.pdf"
        hint="DOCX, DOC or PDF."
      />
    ),
    'Local files': (
      <UploadForm
        appId={appId}
        disabled={hasReachedDataLimit}
        limits={limits}
        label="Files from your computer"
        accept=".csv,.pdf,.doc,.docx,.txt,.md"
        hint="CSV, PDF, DOC, DOCX, TXT or Markdown."
      />
    ),
    'Web page': <WebPageForm appId={appId} disabled={hasReachedDataLimit} limits={limits} />,
  };
  for (const connector of offered) {
    forms[connector.name] = (
      <ConnectorForm
        key={connector.id}
        appId={appId}
        provider={connector.id}
        name={connector.name}
        disabled={hasReachedDataLimit}
      />
    );
  }

  return (
    <div className="grid gap-4">
      {items.isError && (
        <p role="alert" className="text-destructive text-sm">
          {DATA_SOURCE_MESSAGES.fetchFailed}
        </p>
      )}
      {hasReachedDataLimit && (
        <div
          role="status"
          className="flex items-center justify-between gap-3 rounded-md border border-border bg-muted p-3 text-sm"
        >
          <span>
            <strong>{maxDataItemsMessage(limits.dataItems)}</strong> on your plan. Upgrade to add more data.
          </span>
          <Button asChild size="sm">
            <Link to="?goto=upgrade_app_plan">Upgrade</Link>
          </Button>
        </div>
      )}
      <div role="tablist" aria-label="Add a data source" className="flex flex-wrap gap-1">
        {[...SOURCES, ...offered.map((c) => c.name)].map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={source === name}
            onClick={() => setSource(name)}
            className={cn(
              'rounded-md border px-3 py-1.5 text-sm',
              source === name
                ? 'border-primary bg-primary text-primary-foreground'
                : 'border-border hover:bg-accent',
            )}
          >
            {name}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={source}>
        {forms[source]}
      </div>
      <div className="grid gap-2">
        <label htmlFor={searchId} className="sr-only">
          Search data
        </label>
        <Input
          id={searchId}
          type="search"
          placeholder="Search data"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        {contextItems.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            No data yet. Add text, a CSV list, a document or a web page above.
          </p>
        ) : (
          <ul aria-label="Data items">
            {visible.map((item) => (
              <ItemRow key={item.id} appId={appId} item={item} />
            ))}
            {visible.length === 0 && (
              <li className="text-muted-foreground text-sm">No item name matches “{debounced}”.</li>
            )}
          </ul>
        )}
        {debounced && <Passages appId={appId} query={debounced} />}
      </div>
    </div>
  );
}

function Passages({ appId, query }: { appId: string; query: string }) {
  const search = usePassageSearch(appId, query);
  if (search.isPending) return <Skeleton className="h-16 w-full" />;
  if (search.isError) return <p className="text-destructive text-sm">{search.error.message}</p>;
  const { passages } = search.data;
  return (
    <section aria-label="Matching passages" className="grid gap-2">
      <h3 className="font-medium text-sm">Matching passages</h3>
      {passages.length === 0 && (
        <p className="text-muted-foreground text-sm">No passage matches “{query}”.</p>
      )}
      {passages.map((passage) => (
        <article key={passage.chunkId} className="rounded-md border border-border p-2 text-sm">
          <p className="text-muted-foreground text-xs">
            {passage.itemName} · {passage.method.toUpperCase()} score {passage.score.toFixed(2)}
          </p>
          <p className="line-clamp-4 whitespace-pre-line">{passage.text}</p>
        </article>
      ))}
    </section>
  );
}
