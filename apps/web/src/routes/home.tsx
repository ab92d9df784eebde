import { Link, useNavigate } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { ImportBase44Form } from '../features/apps/components/import-base44-form.tsx';
import { NewAppForm } from '../features/apps/components/new-app-form.tsx';
import { useRequireSession } from '../features/auth/hooks/use-session.ts';
import { AppCards } from '../features/home/components/app-cards.tsx';
import { PromptBox } from '../features/home/components/prompt-box.tsx';

/** `/home`: the builder's apps and the prompt that creates a new one. */
export function HomeRoute() {
  const session = useRequireSession();
  const navigate = useNavigate();
  const user = session.data?.user;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-4 py-12">
      <div className="flex flex-wrap items-center justify-between gap-3">
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
      </div>
      {user && (
        <>
          <PromptBox />
          <section aria-labelledby="your-apps" className="flex flex-col gap-3">
            <h2 id="your-apps" className="font-medium text-lg">
              Your apps
            </h2>
            <AppCards />
          </section>
          <NewAppForm />
          <ImportBase44Form />
        </>
      )}
    </div>
  );
}
