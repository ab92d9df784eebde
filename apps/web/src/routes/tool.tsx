import { useParams } from 'react-router';
import { ToolPage } from '../features/tools/components/tool-page.tsx';

/**
 * `/tool/{path}` (spec 2 §2) and `{appBase}/tool/{toolPath}` = `/app/{appId}/tool/{toolPath}`
 * (spec 3 §2, only that app's tools): a live tool's public page.
 */
export function ToolRoute() {
  const { path = '', toolPath, appId } = useParams();
  const name = toolPath ?? path;
  return <ToolPage key={`${appId ?? ''}/${name}`} path={name} appId={appId} />;
}
