import type { AppSummary } from '@atelier/shared';
import { useSession } from '../../auth/hooks/use-session.ts';
import { PlanDialogHost } from '../../plans/components/plan-dialog-host.tsx';
import { useAccount } from '../../plans/hooks/use-plans.ts';
import { useAppSaver } from '../use-app-saver.ts';
import { SidePanel } from './side-panel.tsx';

/** The builder's side panel with its debounced saving, and the plan dialog (`?goto=upgrade_app_plan`). */
export function BuilderSidePanel({ app }: { app: AppSummary }) {
  const session = useSession();
  const { save, flush, pending } = useAppSaver(app.id);
  const { account } = useAccount();
  const viewer = { isAdmin: session.data?.user.isAdmin === true, plan: account.data?.plan ?? 'lite' };
  return (
    <>
      <SidePanel app={app} viewer={viewer} save={save} flush={flush} pending={pending} />
      <PlanDialogHost />
    </>
  );
}
