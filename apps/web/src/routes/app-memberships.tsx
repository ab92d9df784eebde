import { Navigate, useParams } from 'react-router';

/**
 * `/apps/{appId}/memberships`, the old home of paid memberships: they live in the builder's Settings
 * panel now (spec 2 §2, issue 23 #4), so old links land in the builder.
 */
export function AppMembershipsRoute() {
  const { appId = '' } = useParams();
  return <Navigate to={`/build/app/${encodeURIComponent(appId)}`} replace />;
}
