import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { useApp } from '../features/apps/api.ts';
import { useRequireSession } from '../features/auth/hooks/use-session.ts';
import { PlanDialogHost } from '../features/plans/components/plan-dialog-host.tsx';
import { ToolsPanel } from '../features/tools/components/tools-panel.tsx';

/** `/build/app/{appId}/tools` (spec 2 §2): the app's tools collection. */
export function BuilderToolsRoute() {
  const { appId = '' } = useParams();
  useRequireSession();
  const app = useApp(appId);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
      <div className="flex items-center gap-2">
        <Button variant="ghost" size="icon-sm" asChild>
          <Link to={`/build/app/${encodeURIComponent(appId)}`} aria-label="Back to the builder">
            <ArrowLeft aria-hidden="true" />
          </Link>
        </Button>
        <h1 className="font-semibold text-xl">Tools of {app.data?.name ?? 'the app'}</h1>
      </div>
      <ToolsPanel appId={appId} onToolsRoute />
      <PlanDialogHost />
    </div>
  );
}
