import { useParams } from 'react-router';
import { ToolPage } from '../features/tools/components/tool-page.tsx';

/** `/tool/{path}` (spec 2 §2): a live tool's public page. */
export function ToolRoute() {
  const { path = '', toolPath } = useParams();
  const name = toolPath ?? path;
  return <ToolPage key={name} path={name} />;
}
