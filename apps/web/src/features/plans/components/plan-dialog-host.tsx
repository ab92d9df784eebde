import { lazy, Suspense } from 'react';
import { usePaymentRefresh } from '../hooks/use-payment-refresh.ts';
import { useAccount } from '../hooks/use-plans.ts';
import { useUpgradeDialog } from '../hooks/use-upgrade-dialog.ts';

// Loaded when first opened: the shell of every page (landing, sign-in) stays small.
const UpgradeDialog = lazy(() => import('./upgrade-dialog.tsx').then((m) => ({ default: m.UpgradeDialog })));

/**
 * Mounted once in the app shell: `?goto=upgrade_app_plan` opens the plan dialog on any page, and
 * `?sale_id=` (back from a checkout) refreshes the account until the payment shows.
 */
export function PlanDialogHost() {
  const dialog = useUpgradeDialog();
  const { signedIn } = useAccount();
  usePaymentRefresh(signedIn);
  if (!dialog.open) return null;
  return (
    <Suspense fallback={null}>
      <UpgradeDialog planId={dialog.planId} onClose={dialog.close} />
    </Suspense>
  );
}
