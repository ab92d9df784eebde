import { usePaymentRefresh } from '../hooks/use-payment-refresh.ts';
import { useAccount } from '../hooks/use-plans.ts';
import { useUpgradeDialog } from '../hooks/use-upgrade-dialog.ts';
import { UpgradeDialog } from './upgrade-dialog.tsx';

/**
 * Mounted once in the app shell: `?goto=upgrade_app_plan` opens the plan dialog on any page, and
 * `?sale_id=` (back from a checkout) refreshes the account until the payment shows.
 */
export function PlanDialogHost() {
  const dialog = useUpgradeDialog();
  const { signedIn } = useAccount();
  usePaymentRefresh(signedIn);
  return dialog.open ? <UpgradeDialog planId={dialog.planId} onClose={dialog.close} /> : null;
}
