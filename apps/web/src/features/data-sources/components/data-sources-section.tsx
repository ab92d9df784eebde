import { CONNECTOR_OAUTH_MESSAGES, OAUTH_CONNECT_RESULTS, type OAuthConnectResult } from '@atelier/shared';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../components/ui/toaster.tsx';
import { DataSourcesDialog } from './data-sources-dialog.tsx';
import { DataSourcesPanel } from './data-sources-panel.tsx';

const PROVIDER_NAMES: Record<string, string> = { notion: 'Notion', google_drive: 'Google Drive' };

/**
 * The data sources of one app, ready to mount anywhere (the builder's "Data sources" side-panel entry,
 * `/apps/{appId}/data`): the cards of spec 2 §2 and the Data Sources dialog behind "Manage data".
 * Coming back from connecting Notion or Google Drive (`?connect={provider}&result=`), the dialog
 * opens on that connector with the outcome.
 */
export function DataSourcesSection({ appId }: { appId: string }) {
  const [open, setOpen] = useState(false);
  const [source, setSource] = useState<string>();
  const [params, setParams] = useSearchParams();
  const connect = params.get('connect');
  const result = params.get('result');
  useEffect(() => {
    const name = connect ? PROVIDER_NAMES[connect] : undefined;
    if (!name || !(OAUTH_CONNECT_RESULTS as readonly string[]).includes(result ?? '')) return;
    const outcome = result as OAuthConnectResult;
    const message = CONNECTOR_OAUTH_MESSAGES[outcome](name);
    if (outcome === 'connected') toast.success(message);
    else toast.error(message);
    setSource(name);
    setOpen(true);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('connect');
        next.delete('result');
        return next;
      },
      { replace: true },
    );
  }, [connect, result, setParams]);
  return (
    <>
      <DataSourcesPanel appId={appId} onOpenDialog={() => setOpen(true)} />
      <DataSourcesDialog appId={appId} open={open} onOpenChange={setOpen} initialSource={source} />
    </>
  );
}
