import { appTitle } from '@atelier/shared';
import { useParams } from 'react-router';
import { useApp } from '../features/apps/api.ts';
import { errorMessage } from '../features/auth/error-message.ts';
import { useRequireSession } from '../features/auth/hooks/use-session.ts';
import { BuilderLayoutSkeleton } from '../features/builder/components/builder-layout.tsx';
import { BuilderSubpage } from '../features/builder/components/builder-subpage.tsx';
import { PlanDialogHost } from '../features/plans/components/plan-dialog-host.tsx';
import { ToolsPanel } from '../features/tools/components/tools-panel.tsx';

/** `/build/app/{appId}/tools` (spec 2 §2): the app's tools collection. */
export function BuilderToolsRoute() {
  const { appId = '' } = useParams();
  useRequireSession();
  const app = useApp(appId);
  if (app.isError) {
    return (
      <p role="alert" className="p-6 text-sm">
        {errorMessage(app.error)}
      </p>
    );
  }
  if (!app.data) return <BuilderLayoutSkeleton side={false} />;
  return (
    <BuilderSubpage app={app.data} mainLabel="Tools">
      <div className="h-full overflow-auto">
        <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
          <h2 className="font-semibold text-xl">Tools of {appTitle(app.data)}</h2>
          <ToolsPanel appId={appId} onToolsRoute />
        </div>
      </div>
      <PlanDialogHost />
    </BuilderSubpage>
  );
}
