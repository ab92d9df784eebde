import { BILLING_TEXTS, type BillingInterval, findPlan, isPlanId, planDialogHeadline } from '@atelier/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useAccount, usePlans } from '../hooks/use-plans.ts';
import { DemoBanner } from './demo-banner.tsx';
import { IntervalToggle } from './interval-toggle.tsx';
import { PlanGrid } from './plan-grid.tsx';
import { SinglePlanChooser, singlePlanTitle } from './single-plan-chooser.tsx';

/**
 * The plan upgrade dialog (spec 1 §2): the plan cards with their states, or for one plan the
 * monthly/yearly chooser; the demo banner in demo mode.
 */
export function UpgradeDialog({ planId, onClose }: { planId: string | null; onClose: () => void }) {
  const plans = usePlans();
  const { account } = useAccount();
  const [interval, setInterval] = useState<BillingInterval>('month');
  const current = account.data && isPlanId(account.data.plan) ? account.data.plan : 'lite';
  const subscriptionPlans = plans.data?.plans.filter((plan) => !plan.oneTimePayment) ?? [];
  const single = planId && plans.data ? findPlan(plans.data.plans, planId) : undefined;
  const title = single ? singlePlanTitle(single) : planDialogHeadline(subscriptionPlans, current);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className={single ? 'max-w-xl' : 'max-h-[90dvh] max-w-6xl overflow-y-auto'}>
        <DialogHeader>
          <DialogTitle className="text-xl">{plans.data ? title : 'Plans'}</DialogTitle>
          <DialogDescription>
            {single
              ? single.description
              : 'Every plan is billed monthly or yearly; change or cancel at any time.'}
          </DialogDescription>
        </DialogHeader>
        {plans.data?.demoMode && <DemoBanner />}
        {plans.isPending && <Skeleton className="h-80 w-full" />}
        {plans.isError && (
          <p role="alert" className="text-destructive text-sm">
            {plans.error.message}
          </p>
        )}
        {plans.data &&
          (single ? (
            <SinglePlanChooser plan={single} />
          ) : (
            <div className="grid gap-4">
              <IntervalToggle value={interval} onChange={setInterval} />
              <PlanGrid plans={subscriptionPlans} account={account.data} interval={interval} />
              <p className="text-muted-foreground text-xs">
                <Link
                  to="/joinplan"
                  className="underline underline-offset-4 hover:text-foreground"
                  onClick={onClose}
                >
                  {BILLING_TEXTS.manage}
                </Link>
              </p>
            </div>
          ))}
      </DialogContent>
    </Dialog>
  );
}
