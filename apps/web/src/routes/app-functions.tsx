import { Navigate, useParams } from 'react-router';

/**
 * `/apps/{appId}/functions`, the old home of functions and secrets: they live in the code editor now
 * (spec 1 §2, issue 23 #1), so old links land there.
 */
export function AppFunctionsRoute() {
  const { appId = '' } = useParams();
  return <Navigate to={`/build/app/${encodeURIComponent(appId)}/code`} replace />;
}
