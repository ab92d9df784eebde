import { appTitle } from '@atelier/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { queryKeys, useApp } from '../features/apps/api.ts';
import { useRequireSession } from '../features/auth/hooks/use-session.ts';
import { BuilderLayoutSkeleton } from '../features/builder/components/builder-layout.tsx';
import { BuilderSubpage } from '../features/builder/components/builder-subpage.tsx';
import { CodeEditorPanel } from '../features/code-editor/components/code-editor-panel.tsx';
import { PreviewPanel } from '../features/preview/components/preview-panel.tsx';

/**
 * `/build/app/{appId}/code`: the code editor beside the live preview (spec 1 §2), under the builder's
 * one top bar (issue 23 #25: name, status, Publish, as on every builder route).
 */
export function AppCodeRoute() {
  const { appId = '' } = useParams();
  const session = useRequireSession();
  const app = useApp(appId);
  const client = useQueryClient();
  const isAdmin = session.data?.user.isAdmin === true;
  if (!session.data || app.isPending) {
    return <BuilderLayoutSkeleton side={false} />;
  }
  if (!app.data) return <p className="p-4 text-sm">App not found</p>;
  return (
    <BuilderSubpage app={app.data} mainLabel="Code">
      <div className="grid h-full min-h-0 grid-cols-1 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <CodeEditorPanel
          appId={appId}
          appName={app.data.name}
          isAdmin={isAdmin}
          onNewVersion={() => void client.invalidateQueries({ queryKey: queryKeys.app(appId) })}
        />
        <div className="min-h-0 border-l">
          <PreviewPanel
            appId={appId}
            appName={appTitle(app.data)}
            currentVersionId={app.data.currentVersionId}
          />
        </div>
      </div>
    </BuilderSubpage>
  );
}
