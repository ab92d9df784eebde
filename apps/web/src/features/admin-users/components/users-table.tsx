import { ADMIN_USER_MESSAGES, type AdminUser } from '@atelier/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { errorMessage } from '../../auth/error-message.ts';
import { useDebouncedValue } from '../../data-sources/hooks/use-debounced-value.ts';
import { adminUsersApi, adminUsersKeys } from '../api.ts';
import { UserApps } from './user-apps.tsx';

/** Builder accounts with Disable / Enable (issue 23 #28); the admin's own row cannot be disabled. */
export function UsersTable({ selfId }: { selfId: string }) {
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [appsOf, setAppsOf] = useState<string | null>(null);
  const q = useDebouncedValue(query.trim(), 300);
  const client = useQueryClient();
  const users = useQuery({
    queryKey: adminUsersKeys.list(q),
    queryFn: ({ signal }) => adminUsersApi.list(q, signal),
  });
  const change = useMutation({
    mutationFn: (user: AdminUser) => adminUsersApi.setDisabled(user.id, user.disabledAt === null),
    onSuccess: (user) => {
      toast.success(
        user.disabledAt ? ADMIN_USER_MESSAGES.disabled(user.email) : ADMIN_USER_MESSAGES.enabled(user.email),
      );
      // A list asked for before the change was stored (a search typed meanwhile: its first fetch, with no
      // data yet) would otherwise be joined, not asked again, and show the row unchanged.
      void client
        .cancelQueries({ queryKey: adminUsersKeys.all })
        .then(() => client.invalidateQueries({ queryKey: adminUsersKeys.all }));
    },
    onError: (error) => toast.error(errorMessage(error, ADMIN_USER_MESSAGES.changeFailed)),
  });

  return (
    <section aria-label="Users" className="flex flex-col gap-3">
      <div className="flex max-w-sm flex-col gap-1.5">
        <Label htmlFor={searchId}>Find a user</Label>
        <Input
          id={searchId}
          type="search"
          placeholder="E-mail or name"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {users.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : users.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {ADMIN_USER_MESSAGES.loadFailed}
        </p>
      ) : users.data.users.length === 0 ? (
        <p className="text-muted-foreground text-sm">No user matches “{q}”.</p>
      ) : (
        <ul aria-label="Builder accounts" className="divide-y divide-border rounded-lg border border-border">
          {users.data.users.map((user) => (
            <li
              key={user.id}
              aria-label={user.email}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm"
            >
              <span className="min-w-0 flex-1 truncate">
                <span className="font-medium">{user.email}</span>
                {user.name ? <span className="text-muted-foreground"> · {user.name}</span> : null}
              </span>
              <span className="text-muted-foreground text-xs">{user.plan}</span>
              {user.isAdmin ? <Badge variant="secondary">Admin</Badge> : null}
              {user.disabledAt ? <Badge variant="destructive">Disabled</Badge> : null}
              <Button
                size="sm"
                variant="ghost"
                aria-expanded={appsOf === user.id}
                onClick={() => setAppsOf((open) => (open === user.id ? null : user.id))}
              >
                Apps
              </Button>
              <Button
                size="sm"
                variant={user.disabledAt ? 'outline' : 'destructive'}
                disabled={user.id === selfId || (change.isPending && change.variables?.id === user.id)}
                title={user.id === selfId ? ADMIN_USER_MESSAGES.notYourself : undefined}
                onClick={() => change.mutate(user)}
              >
                {user.disabledAt ? 'Enable' : 'Disable'}
              </Button>
              {appsOf === user.id ? (
                <div className="w-full pt-1 pb-1">
                  <UserApps userId={user.id} email={user.email} />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {users.data?.hasMore ? (
        <p className="text-muted-foreground text-xs">Showing the newest 50; search to find others.</p>
      ) : null}
    </section>
  );
}
