import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useApp } from '../features/apps/api.ts';
import { errorMessage } from '../features/auth/error-message.ts';
import { useRequireSession } from '../features/auth/hooks/use-session.ts';
import { BuilderLayoutSkeleton } from '../features/builder/components/builder-layout.tsx';
import { BuilderSubpage } from '../features/builder/components/builder-subpage.tsx';
import { PlanDialogHost } from '../features/plans/components/plan-dialog-host.tsx';
import { useTools } from '../features/tools/api.ts';
import { ActivateToolDialog } from '../features/tools/components/activate-tool-dialog.tsx';
import { ToolContentForm } from '../features/tools/components/tool-content-form.tsx';
import { RenameDialog, ToolStatusBadge } from '../features/tools/components/tools-panel.tsx';

/** `/build/app/{appId}/tool/{toolId}` (spec 2 §2): one tool: its title, path, status and activation. */
export function BuilderToolRoute() {
  const { appId = '', toolId = '' } = useParams();
  useRequireSession();
  const tools = useTools(appId);
  const app = useApp(appId);
  const single = app.data?.type === 'AI_TOOL' || app.data?.type === 'AI_APP';
  const [renaming, setRenaming] = useState(false);
  const tool = tools.data?.tools.find((entry) => entry.toolId === toolId);
  const back = `/build/app/${encodeURIComponent(appId)}`;
  if (app.isError) {
    return (
      <p role="alert" className="p-6 text-sm">
        {errorMessage(app.error)}
      </p>
    );
  }
  if (!app.data) return <BuilderLayoutSkeleton side={false} />;
  return (
    <BuilderSubpage app={app.data} mainLabel="Tool">
      <div className="h-full overflow-auto">
        <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8">
          <div className="flex items-center gap-2">
            <h2 className="font-semibold text-xl">{tool?.title ?? 'Tool'}</h2>
            {tool && <ToolStatusBadge status={tool.status} />}
          </div>
          {!tools.data && !tools.isError && <Skeleton className="h-24" />}
          {(tools.isError || (tools.data && !tool)) && (
            <p role="alert">This tool could not be found in the app.</p>
          )}
          {tool && (
            <div className="flex flex-col gap-4 rounded-lg border border-border p-4">
              <p className="text-sm">
                Public link:{' '}
                <a href={tool.url} target="_blank" rel="noreferrer" className="text-primary underline">
                  {tool.url}
                </a>
              </p>
              <div className="flex gap-2">
                <ActivateToolDialog appId={appId} tool={tool} />
                <Button variant="outline" size="sm" onClick={() => setRenaming(true)}>
                  Rename
                </Button>
                <Button variant="outline" size="sm" asChild>
                  <Link to={`${back}/tools`}>All tools</Link>
                </Button>
              </div>
              {renaming && <RenameDialog appId={appId} tool={tool} onClose={() => setRenaming(false)} />}
            </div>
          )}
          {tool && app.data && !single && <ToolContentForm key={tool.toolId} appId={appId} tool={tool} />}
          {tool && single && (
            <p className="text-muted-foreground text-sm">
              This tool's texts, fields and call to action are the app's: edit them in the{' '}
              <Link to={back} className="text-primary underline">
                builder
              </Link>
              .
            </p>
          )}
        </div>
      </div>
      <PlanDialogHost />
    </BuilderSubpage>
  );
}
