import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useConnectorDocuments, useImportDocuments } from '../api.ts';
import { TYPE_LABELS } from '../format.ts';
import { ConnectionBar, useConnection } from './connection-bar.tsx';

/**
 * A connector's tab: the builder's own connection (Connect / Connected as … · Disconnect) when the
 * server offers OAuth for it, and the documents to import — from the builder's own account when
 * connected, else from the server's token; nothing to pick until connected when there is no token.
 */
export function ConnectorForm(props: { appId: string; provider: string; name: string; disabled: boolean }) {
  const connection = useConnection(props.provider);
  if (connection.isPending) return <Skeleton className="h-24 w-full" />;
  if (connection.isError)
    return (
      <p role="alert" className="text-destructive text-sm">
        {connection.error.message}
      </p>
    );
  const state = connection.data;
  const canList = !state || state.connected || state.serverToken;
  return (
    <div className="grid gap-3">
      {state?.oauth && <ConnectionBar appId={props.appId} connection={state} />}
      {canList && <DocumentPicker {...props} key={state?.connected ? 'own' : 'server'} />}
    </div>
  );
}

/** Pick documents of a configured connector (Notion pages, Google Docs and Sheets) and import them. */
function DocumentPicker(props: { appId: string; provider: string; name: string; disabled: boolean }) {
  const documents = useConnectorDocuments(props.appId, props.provider);
  const importDocs = useImportDocuments(props.appId);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string>();
  if (documents.isPending) return <Skeleton className="h-24 w-full" />;
  if (documents.isError)
    return (
      <p role="alert" className="text-destructive text-sm">
        {documents.error.message}
      </p>
    );
  const list = documents.data.documents;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = list.filter((doc) => picked.has(doc.providerItemId));
    if (chosen.length === 0) return setError('Pick at least one document');
    setError(undefined);
    importDocs.mutate(
      { provider: props.provider, documents: chosen },
      { onSuccess: () => setPicked(new Set()), onError: (e) => setError(e.message) },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-2" noValidate>
      <fieldset className="grid max-h-56 gap-1 overflow-y-auto">
        <legend className="mb-1 font-medium text-sm">Documents in {props.name}</legend>
        {list.length === 0 && (
          <p className="text-muted-foreground text-sm">No documents are shared with this server.</p>
        )}
        {list.map((doc) => (
          <label key={doc.providerItemId} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={picked.has(doc.providerItemId)}
              onChange={(e) => {
                const next = new Set(picked);
                if (e.target.checked) next.add(doc.providerItemId);
                else next.delete(doc.providerItemId);
                setPicked(next);
              }}
            />
            <span className="truncate">{doc.name}</span>
            <span className="text-muted-foreground text-xs">{TYPE_LABELS[doc.type]}</span>
          </label>
        ))}
      </fieldset>
      {error && (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
      <Button type="submit" disabled={props.disabled || importDocs.isPending} className="justify-self-end">
        Import
      </Button>
    </form>
  );
}
