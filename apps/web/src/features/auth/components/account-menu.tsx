import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useSession } from '../hooks/use-session.ts';

/** The top bar's sign-in corner: Log in / Sign up, or the signed-in e-mail with Settings and Sign out. */
export function AccountMenu() {
  const session = useSession();
  if (session.isPending) return null;
  const user = session.data?.user;
  if (!user) {
    return (
      <>
        <Button variant="ghost" size="sm" asChild>
          <Link to="/login">Log in</Link>
        </Button>
        <Button size="sm" asChild>
          <Link to="/signup">Sign up</Link>
        </Button>
      </>
    );
  }
  return (
    <>
      <span className="hidden max-w-48 truncate text-muted-foreground text-xs sm:inline" title={user.email}>
        {user.email}
      </span>
      {user.isAdmin ? (
        <>
          <Button variant="ghost" size="sm" asChild>
            <Link to="/admin/llm">AI models</Link>
          </Button>
          <Button variant="ghost" size="sm" asChild>
            <Link to="/admin/users">Users</Link>
          </Button>
        </>
      ) : null}
      <Button variant="ghost" size="sm" asChild>
        <Link to="/settings">Settings</Link>
      </Button>
      <Button variant="ghost" size="sm" asChild>
        <Link to="/logout">Sign out</Link>
      </Button>
    </>
  );
}
