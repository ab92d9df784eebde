import { MenuIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useSession } from '../hooks/use-session.ts';

/**
 * The top bar's sign-in corner: Log in / Sign up, or the signed-in e-mail with Settings and Sign out
 * (admins: AI models, Users). Below the sm breakpoint the signed-in links fold into one menu, so the
 * header fits a 390 px phone (issue 23 #23).
 */
export function AccountMenu() {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const listId = useId();
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
  const links = [
    ...(user.isAdmin
      ? [
          { to: '/admin/llm', label: 'AI models' },
          { to: '/admin/users', label: 'Users' },
        ]
      : []),
    { to: '/settings', label: 'Settings' },
    { to: '/logout', label: 'Sign out' },
  ];
  return (
    <>
      <span className="hidden max-w-48 truncate text-muted-foreground text-xs md:inline" title={user.email}>
        {user.email}
      </span>
      <div className="hidden items-center gap-1 sm:flex">
        {links.map((link) => (
          <Button key={link.to} variant="ghost" size="sm" asChild>
            <Link to={link.to}>{link.label}</Link>
          </Button>
        ))}
      </div>
      {/* A plain disclosure (no menu library): the sign-in pages' first load stays within budget. */}
      <div className="relative sm:hidden">
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label="Account menu"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
        >
          <MenuIcon aria-hidden="true" />
        </Button>
        {open && (
          <ul
            id={listId}
            aria-label="Account"
            className="absolute top-full right-0 z-50 mt-1 flex min-w-48 flex-col rounded-md border border-border bg-popover p-1 text-sm shadow-md"
          >
            <li className="max-w-64 truncate px-2 py-1.5 text-muted-foreground text-xs">{user.email}</li>
            {links.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  onClick={() => setOpen(false)}
                  className="block rounded-sm px-2 py-1.5 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
