import { Skeleton } from '../components/ui/skeleton.tsx';
import { UsersTable } from '../features/admin-users/components/users-table.tsx';
import { useRequireSession } from '../features/auth/hooks/use-session.ts';

/** `/admin/users` (admins): builder accounts; disable one (it cannot sign in) or enable it again. */
export function AdminUsersRoute() {
  const session = useRequireSession();
  const user = session.data?.user;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-10">
      <div className="flex flex-col gap-1">
        <h1 className="font-semibold text-2xl tracking-tight">Users</h1>
        <p className="text-muted-foreground text-sm">
          Builder accounts. A disabled account cannot sign in and its sessions end at once.
        </p>
      </div>
      {!user ? (
        <Skeleton className="h-40 w-full" />
      ) : user.isAdmin ? (
        <UsersTable selfId={user.id} />
      ) : (
        <p className="text-muted-foreground text-sm">Only admins can manage users.</p>
      )}
    </div>
  );
}
