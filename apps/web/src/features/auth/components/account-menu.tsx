import { MenuIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { useSession } from '../hooks/use-session.ts';

/**
 * The top bar's sign-in corner: Log in / Sign up, or the signed-in e-mail with Settings and Sign out
 * (admins: AI models, Users). Below the sm breakpoint the signed-in links fold into one menu, so the
 * header fits a 390 px phone (issue 23 #23).
 */
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
      <div className="sm:hidden">
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon-sm" aria-label="Account menu">
              <MenuIcon aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuLabel className="max-w-64 truncate font-normal text-muted-foreground text-xs">
              {user.email}
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            {links.map((link) => (
              <DropdownMenuItem key={link.to} asChild>
                <Link to={link.to}>{link.label}</Link>
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </>
  );
}
