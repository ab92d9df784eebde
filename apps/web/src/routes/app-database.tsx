import { useQueryClient } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { queryKeys as appKeys, useApp } from '../features/apps/api.ts';
import { errorMessage } from '../features/auth/error-message.ts';
import { useRequireSession } from '../features/auth/hooks/use-session.ts';
import { BuilderLayout, BuilderLayoutSkeleton } from '../features/builder/components/builder-layout.tsx';
import { BuilderTopBar } from '../features/builder/components/builder-top-bar.tsx';
import { PublishDialog } from '../features/builder/components/publish-dialog.tsx';
import { useBuilderChat } from '../features/chat/hooks/use-builder-chat.tsx';
import { databaseKeys } from '../features/database/api.ts';
import { DatabasePanel } from '../features/database/components/database-panel.tsx';

/**
 * `/build/app/{appId}/database`: the builder's Database view (spec 2 §2), with the chat beside it:
 * the access-control popover asks the chat to change permissions (spec 2 §6).
 */
export function AppDatabaseRoute() {
  const { appId = '' } = useParams();
  const session = useRequireSession();
  const app = useApp(appId);
  const chat = useBuilderChat(appId, app.data?.currentVersionId ?? null);
  useRefreshAfterReply(appId, chat.chat.busy);
  if (app.isError) {
    return (
      <p role="alert" className="p-6 text-sm">
        {errorMessage(app.error)}
      </p>
    );
  }
  if (!app.data || !session.data) {
    return <BuilderLayoutSkeleton />;
  }
  return (
    <BuilderLayout
      mainLabel="Database"
      chat={chat.panel}
      topBar={
        <BuilderTopBar
          app={app.data}
          actions={
            <>
              {chat.toggle}
              <Button variant="outline" size="sm" asChild>
                <Link to={`/build/app/${encodeURIComponent(appId)}`}>
                  <Eye aria-hidden="true" />
                  Preview
                </Link>
              </Button>
              <PublishDialog app={app.data} />
            </>
          }
        />
      }
    >
      <div className="h-full overflow-auto">
        <DatabasePanel
          appId={appId}
          sendChatMessage={(text) => chat.chat.send(text)}
          chatBusy={chat.chat.busy}
        />
      </div>
    </BuilderLayout>
  );
}

/**
 * A chat reply may write a new version (a new entity, changed permissions): when the chat falls
 * idle, read the app and its entities again, and once more a moment later (the version is
 * committed as the reply ends).
 */
function useRefreshAfterReply(appId: string, busy: boolean) {
  const client = useQueryClient();
  const wasBusy = useRef(false);
  useEffect(() => {
    const ended = wasBusy.current && !busy;
    wasBusy.current = busy;
    if (!ended) return;
    const refresh = () => {
      void client.invalidateQueries({ queryKey: appKeys.app(appId) });
      void client.invalidateQueries({ queryKey: databaseKeys.entities(appId) });
    };
    refresh();
    const timer = setTimeout(refresh, 1000);
    return () => clearTimeout(timer);
  }, [appId, busy, client]);
}
