import { appTitle } from '@atelier/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { queryKeys, useApp } from '../features/apps/api.ts';
import { errorMessage } from '../features/auth/error-message.ts';
import { useRequireSession } from '../features/auth/hooks/use-session.ts';
import { BuilderLayout, BuilderLayoutSkeleton } from '../features/builder/components/builder-layout.tsx';
import { BuilderSidePanel } from '../features/builder/components/builder-side-panel.tsx';
import { BuilderTopBar } from '../features/builder/components/builder-top-bar.tsx';
import { PublishDialog } from '../features/builder/components/publish-dialog.tsx';
import { useBuilderChat } from '../features/chat/hooks/use-builder-chat.tsx';
import { AllChangesButton } from '../features/code-editor/components/all-changes-button.tsx';
import { PreviewPanel } from '../features/preview/components/preview-panel.tsx';
import { SingleToolActivate } from '../features/tools/components/single-tool-activate.tsx';
import { ToolFormPreview } from '../features/tools/components/tool-form-preview.tsx';

/** `/build/app/{appId}`: the builder (spec 1 §2). For now: the top bar, the live preview and its error panel. */
export function BuilderRoute() {
  const { appId = '' } = useParams();
  const session = useRequireSession();
  const app = useApp(appId);
  const client = useQueryClient();
  const chat = useBuilderChat(appId, app.data?.currentVersionId ?? null);

  if (app.isError) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-24 text-center">
        <h1 className="font-semibold text-xl">This app could not be opened</h1>
        <p className="text-muted-foreground">{errorMessage(app.error)}</p>
        <Button asChild variant="outline">
          <Link to="/home">Back to home</Link>
        </Button>
      </div>
    );
  }
  if (!app.data || !session.data) {
    return <BuilderLayoutSkeleton />;
  }
  const current = app.data;
  return (
    <BuilderLayout
      sidePanel={<BuilderSidePanel key={current.id} app={current} />}
      sidePanelClassName="md:w-auto"
      chat={chat.panel}
      topBar={
        <BuilderTopBar
          app={current}
          actions={
            <>
              {chat.toggle}
              <AllChangesButton
                appId={current.id}
                isAdmin={session.data.user.isAdmin === true}
                busy={() => chat.chat.busy}
                onMerged={() => void client.invalidateQueries({ queryKey: queryKeys.app(current.id) })}
              />
              <Button variant="outline" size="sm" asChild>
                <Link to={`/build/app/${encodeURIComponent(current.id)}/database`}>Database</Link>
              </Button>
              {(current.type === 'AI_TOOL' || current.type === 'AI_APP') && (
                <SingleToolActivate appId={current.id} />
              )}
              <PublishDialog app={current} busy={chat.chat.busy} />
            </>
          }
        />
      }
    >
      {current.type === 'AI_TOOL' || current.type === 'AI_APP' ? (
        <ToolFormPreview app={current} />
      ) : (
        <PreviewPanel
          appId={current.id}
          appName={appTitle(current)}
          currentVersionId={current.currentVersionId}
          versionId={chat.previewVersionId ?? chat.draftVersionId}
          onResolveWithAi={chat.resolveWithAi}
          onReload={() => client.invalidateQueries({ queryKey: queryKeys.app(current.id) })}
          settingsKey={JSON.stringify([current.name, current.header, current.description, current.style])}
        />
      )}
    </BuilderLayout>
  );
}
