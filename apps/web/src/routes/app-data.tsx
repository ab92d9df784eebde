import { useParams } from 'react-router';
import { DataSourcesSection } from '../features/data-sources/components/data-sources-section.tsx';

/** `/apps/{appId}/data`: the data sources of one app (until the builder page hosts the panel). */
export function AppDataRoute() {
  const { appId = '' } = useParams();
  return (
    <main className="mx-auto grid w-full max-w-4xl gap-4 p-6">
      <DataSourcesSection appId={appId} />
    </main>
  );
}
