import { Eye } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useApp } from '../features/apps/api.ts';
import { errorMessage } from '../features/auth/error-message.ts';
import { useRequireSession } from '../features/auth/hooks/use-session.ts';
import { BuilderLayout } from '../features/builder/components/builder-layout.tsx';
import { BuilderTopBar } from '../features/builder/components/builder-top-bar.tsx';
import { DatabasePanel } from '../features/database/components/database-panel.tsx';

/**
 * `/build/app/{appId}/database`: the builder's Database view (spec 2 §2). The access-control
 * popover asks the chat to change permissions; the chat's send function is passed in once the
 * builder page hosts the chat.
 */
export function AppDatabaseRoute() {
  const { appId = '' } = useParams();
  const session = useRequireSession();
  const app = useApp(appId);
  if (app.isError) {
    return (
      <p role="alert" className="p-6 text-sm">
        {errorMessage(app.error)}
      </p>
    );
  }
  if (!app.data || !session.data) {
    return (
      <div className="flex h-dvh flex-col gap-4 p-4">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="flex-1" />
      </div>
    );
  }
  return (
    <BuilderLayout
      topBar={
        <BuilderTopBar
          app={app.data}
          actions={
            <Button variant="outline" size="sm" asChild>
              <Link to={`/build/app/${encodeURIComponent(appId)}`}>
                <Eye aria-hidden="true" />
                Preview
              </Link>
            </Button>
          }
        />
      }
    >
      <div className="h-full overflow-auto">
        <DatabasePanel appId={appId} />
      </div>
    </BuilderLayout>
  );
}
