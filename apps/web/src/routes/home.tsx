import { Link, useNavigate } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { NewAppForm } from '../features/apps/components/new-app-form.tsx';
import { useRequireSession } from '../features/auth/hooks/use-session.ts';

/** `/home`: a small signed-in page until the builder's home (apps, prompt) takes its place. */
export function HomeRoute() {
  const session = useRequireSession();
  const navigate = useNavigate();
  const user = session.data?.user;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-12">
      <h1 className="font-semibold text-2xl tracking-tight">Home</h1>
      {user ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm">
            Signed in as <span className="font-medium">{user.email}</span>
          </p>
          <Button variant="outline" size="sm" asChild>
            <Link to="/settings">Settings</Link>
          </Button>
          <Button variant="outline" size="sm" onClick={() => navigate('/logout')}>
            Sign out
          </Button>
        </div>
      ) : (
        <Skeleton className="h-8 w-72" />
      )}
      {user && <NewAppForm />}
    </div>
  );
}
