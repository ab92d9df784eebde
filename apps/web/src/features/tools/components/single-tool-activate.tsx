import { useTools } from '../api.ts';
import { ActivateToolDialog } from './activate-tool-dialog.tsx';

/** The builder top bar's Activate button of a single-tool app (its one tool). */
export function SingleToolActivate({ appId }: { appId: string }) {
  const tools = useTools(appId);
  const tool = tools.data?.tools[0];
  return tool ? <ActivateToolDialog appId={appId} tool={tool} /> : null;
}
