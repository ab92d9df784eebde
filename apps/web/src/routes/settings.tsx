import { Skeleton } from '../components/ui/skeleton.tsx';
import { AdminSetupSection } from '../features/auth/components/settings/admin-setup-section.tsx';
import { DangerSection } from '../features/auth/components/settings/danger-section.tsx';
import { EmailSection } from '../features/auth/components/settings/email-section.tsx';
import { PasswordSection } from '../features/auth/components/settings/password-section.tsx';
import { ProfileSection } from '../features/auth/components/settings/profile-section.tsx';
import { useRequireSession } from '../features/auth/hooks/use-session.ts';

/** `/settings`: name and business details, e-mail, password, sessions, account deletion. */
export function SettingsRoute() {
  const session = useRequireSession();
  const user = session.data?.user;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-10">
      <h1 className="font-semibold text-2xl tracking-tight">Settings</h1>
      {user ? (
        <>
          <ProfileSection key={`profile-${user.id}`} user={user} />
          <EmailSection user={user} />
          <PasswordSection user={user} />
          <AdminSetupSection user={user} />
          <DangerSection user={user} />
        </>
      ) : (
        <>
          <Skeleton className="h-48 w-full" />
          <Skeleton className="h-32 w-full" />
        </>
      )}
    </div>
  );
}
