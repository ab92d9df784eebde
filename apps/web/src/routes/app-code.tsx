import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { queryKeys, useApp } from '../features/apps/api.ts';
import { useRequireSession } from '../features/auth/hooks/use-session.ts';
import { CodeEditorPanel } from '../features/code-editor/components/code-editor-panel.tsx';
import { PreviewPanel } from '../features/preview/components/preview-panel.tsx';

/** `/build/app/{appId}/code`: the code editor beside the live preview (spec 1 §2). */
export function AppCodeRoute() {
  const { appId = '' } = useParams();
  const session = useRequireSession();
  const app = useApp(appId);
  const client = useQueryClient();
  const isAdmin = session.data?.user.isAdmin === true;
  if (!session.data || app.isPending) return <p className="p-4 text-sm text-muted-foreground">Loading…</p>;
  if (!app.data) return <p className="p-4 text-sm">App not found</p>;
  return (
    <div className="flex h-dvh flex-col">
      <header className="flex items-center gap-3 border-b px-3 py-2 text-sm">
        <Link to={`/build/app/${encodeURIComponent(appId)}`} className="underline">
          Back to builder
        </Link>
        <h1 className="font-semibold">{app.data.name} · Code</h1>
      </header>
      <div className="grid min-h-0 flex-1 grid-cols-1 lg:grid-cols-2">
        <CodeEditorPanel
          appId={appId}
          appName={app.data.name}
          isAdmin={isAdmin}
          onNewVersion={() => void client.invalidateQueries({ queryKey: queryKeys.app(appId) })}
        />
        <div className="min-h-0 border-l">
          <PreviewPanel appId={appId} appName={app.data.name} currentVersionId={app.data.currentVersionId} />
        </div>
      </div>
    </div>
  );
}
