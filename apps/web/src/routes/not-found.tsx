import { Link } from 'react-router';
import { Button } from '../components/ui/button.tsx';

export function NotFoundRoute() {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="font-medium font-mono text-muted-foreground text-sm">404</p>
      <h1 className="font-semibold text-2xl tracking-tight">Page not found</h1>
      <p className="text-muted-foreground">
        The page you are looking for does not exist or has moved. Check the address, or start again from the
        home page.
      </p>
      <Button asChild variant="outline">
        <Link to="/">Back to home</Link>
      </Button>
    </div>
  );
}
