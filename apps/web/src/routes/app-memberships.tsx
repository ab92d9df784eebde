import { useParams } from 'react-router';
import { useRequireSession } from '../features/auth/hooks/use-session.ts';
import { PaidMembershipsSettings } from '../features/payments/components/paid-memberships-settings.tsx';

/** `/apps/{appId}/memberships`: paid memberships of one app (until the builder's Settings panel hosts it). */
export function AppMembershipsRoute() {
  const { appId = '' } = useParams();
  useRequireSession();
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4 px-4 py-10">
      <PaidMembershipsSettings appId={appId} />
    </div>
  );
}
