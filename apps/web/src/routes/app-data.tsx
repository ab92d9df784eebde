import { useState } from 'react';
import { useParams } from 'react-router';
import { DataSourcesDialog } from '../features/data-sources/components/data-sources-dialog.tsx';
import { DataSourcesPanel } from '../features/data-sources/components/data-sources-panel.tsx';

/** `/apps/{appId}/data`: the data sources of one app (until the builder page hosts the panel). */
export function AppDataRoute() {
  const { appId = '' } = useParams();
  const [open, setOpen] = useState(false);
  return (
    <main className="mx-auto grid w-full max-w-4xl gap-4 p-6">
      <DataSourcesPanel appId={appId} onOpenDialog={() => setOpen(true)} />
      <DataSourcesDialog appId={appId} open={open} onOpenChange={setOpen} />
    </main>
  );
}
