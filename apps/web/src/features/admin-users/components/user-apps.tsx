import { ADMIN_USER_MESSAGES } from '@atelier/shared';
import { useQuery } from '@tanstack/react-query';
import { MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { adminUsersApi, adminUsersKeys } from '../api.ts';

/** A builder's apps on /admin/users, each opening its chat read-only (spec 3 §6). */
export function UserApps({ userId, email }: { userId: string; email: string }) {
  const apps = useQuery({
    queryKey: adminUsersKeys.apps(userId),
    queryFn: ({ signal }) => adminUsersApi.apps(userId, signal),
  });
  if (apps.isPending) return <Skeleton className="h-8 w-full" />;
  if (apps.isError)
    return (
      <p role="alert" className="text-destructive text-sm">
        {ADMIN_USER_MESSAGES.appsLoadFailed}
      </p>
    );
  if (apps.data.apps.length === 0)
    return <p className="text-muted-foreground text-sm">{ADMIN_USER_MESSAGES.noApps}</p>;
  return (
    <ul aria-label={`Apps of ${email}`} className="flex w-full flex-col gap-1">
      {apps.data.apps.map((app) => (
        <li key={app.id} className="flex min-w-0 items-center gap-2 text-sm">
          <Link
            to={`/admin/apps/${encodeURIComponent(app.id)}/chat`}
            className="inline-flex min-w-0 items-center gap-1.5 rounded-sm underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <MessageSquare aria-hidden="true" className="size-3.5 shrink-0 text-muted-foreground" />
            <span className="truncate">{app.name}</span>
          </Link>
          <span className="shrink-0 text-muted-foreground text-xs">{app.type}</span>
        </li>
      ))}
      {apps.data.hasMore ? (
        <li className="text-muted-foreground text-xs">Showing the 100 most recently changed.</li>
      ) : null}
    </ul>
  );
}
