import { CHAT_MESSAGES } from '@atelier/shared';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Eye } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Badge } from '../components/ui/badge.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { adminUsersApi, adminUsersKeys } from '../features/admin-users/api.ts';
import { errorMessage } from '../features/auth/error-message.ts';
import { useRequireSession } from '../features/auth/hooks/use-session.ts';
import { ReadOnlyChat } from '../features/chat/components/read-only-chat.tsx';

/**
 * `/admin/apps/{appId}/chat` (admins, from /admin/users → Apps): another builder's conversation,
 * read-only (spec 3 §6) — support reads what was asked and answered without acting in their name.
 */
export function AdminAppChatRoute() {
  const { appId = '' } = useParams();
  const session = useRequireSession();
  const user = session.data?.user;
  const app = useQuery({
    queryKey: adminUsersKeys.app(appId),
    queryFn: ({ signal }) => adminUsersApi.app(appId, signal),
    enabled: user?.isAdmin === true,
  });
  return (
    <div className="mx-auto flex h-[calc(100dvh-4rem)] min-h-[28rem] w-full max-w-3xl flex-col gap-4 px-4 py-6">
      <Link
        to="/admin/users"
        className="inline-flex items-center gap-1 self-start text-muted-foreground text-sm hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Users
      </Link>
      {!user ? (
        <Skeleton className="h-40 w-full" />
      ) : !user.isAdmin ? (
        <p className="text-muted-foreground text-sm">Only admins can read other builders' chats.</p>
      ) : app.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {errorMessage(app.error)}
        </p>
      ) : (
        <>
          <div className="flex flex-col gap-1">
            <div className="flex flex-wrap items-center gap-2">
              {app.data ? (
                <h1 className="font-semibold text-2xl tracking-tight">{app.data.name}</h1>
              ) : (
                <Skeleton className="h-8 w-40" />
              )}
              <Badge variant="secondary">
                <Eye aria-hidden="true" />
                {CHAT_MESSAGES.readOnlyBadge}
              </Badge>
            </div>
            <p className="text-muted-foreground text-sm">
              {app.data ? `Chat of ${app.data.ownerEmail}. ` : null}
              {CHAT_MESSAGES.readOnly}.
            </p>
          </div>
          <div className="flex min-h-0 flex-1 flex-col rounded-lg border border-border">
            <ReadOnlyChat appId={appId} isAdmin />
          </div>
        </>
      )}
    </div>
  );
}
