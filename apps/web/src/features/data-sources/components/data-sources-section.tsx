import { useState } from 'react';
import { DataSourcesDialog } from './data-sources-dialog.tsx';
import { DataSourcesPanel } from './data-sources-panel.tsx';

/**
 * The data sources of one app, ready to mount anywhere (the builder's "Data sources" side-panel entry,
 * `/apps/{appId}/data`): the cards of spec 2 §2 and the Data Sources dialog behind "Manage data".
 */
export function DataSourcesSection({ appId }: { appId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <DataSourcesPanel appId={appId} onOpenDialog={() => setOpen(true)} />
      <DataSourcesDialog appId={appId} open={open} onOpenChange={setOpen} />
    </>
  );
}
