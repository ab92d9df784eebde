import { type BillingInterval, isPlanId, planDialogHeadline } from '@atelier/shared';
import { useState } from 'react';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { CurrentPlan } from '../features/plans/components/current-plan.tsx';
import { DemoBanner } from '../features/plans/components/demo-banner.tsx';
import { IntervalToggle } from '../features/plans/components/interval-toggle.tsx';
import { PlanGrid } from '../features/plans/components/plan-grid.tsx';
import { useAccount, useBillingStatus, usePlans } from '../features/plans/hooks/use-plans.ts';

/** `/joinplan`: every plan with its state for the builder, the one-time app package, and the current plan. */
export function JoinPlanRoute() {
  const plans = usePlans();
  const { signedIn, account } = useAccount();
  const status = useBillingStatus(signedIn);
  const [interval, setInterval] = useState<BillingInterval>('month');
  const current = account.data && isPlanId(account.data.plan) ? account.data.plan : 'lite';
  const subscriptionPlans = plans.data?.plans.filter((plan) => !plan.oneTimePayment) ?? [];
  const oneTime = plans.data?.plans.filter((plan) => plan.oneTimePayment) ?? [];
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-10">
      <header className="grid gap-2">
        <h1 className="font-semibold text-2xl tracking-tight">
          {signedIn ? planDialogHeadline(subscriptionPlans, current) : 'Plans'}
        </h1>
        <p className="text-muted-foreground text-sm">
          Billed monthly or yearly. Change or cancel at any time.
        </p>
      </header>
      {plans.data?.demoMode && <DemoBanner />}
      {status.data && <CurrentPlan status={status.data} />}
      {plans.isPending && <Skeleton className="h-96 w-full" />}
      {plans.isError && (
        <p role="alert" className="text-destructive text-sm">
          {plans.error.message}
        </p>
      )}
      {plans.data && (
        <>
          <IntervalToggle value={interval} onChange={setInterval} />
          <PlanGrid plans={subscriptionPlans} account={account.data} interval={interval} />
          {oneTime.length > 0 && (
            <section aria-label="One-time purchase" className="grid gap-3">
              <h2 className="font-semibold text-lg">One-time purchase</h2>
              <PlanGrid plans={oneTime} account={account.data} interval={interval} single />
            </section>
          )}
        </>
      )}
    </div>
  );
}
