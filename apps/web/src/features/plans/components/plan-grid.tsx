import type { Account, BillingInterval, Plan } from '@atelier/shared';
import { toast } from '../../../components/ui/toaster.tsx';
import { stateOf, useCheckout, usePlanChange } from '../hooks/use-plans.ts';
import { PlanCard } from './plan-card.tsx';

/** The plan cards with their states for the account; choosing one starts its checkout or downgrade. */
export function PlanGrid({
  plans,
  account,
  interval,
  single = false,
}: {
  plans: Plan[];
  account: Account | undefined;
  interval: BillingInterval;
  /** One column (a single offer) instead of the responsive plan grid. */
  single?: boolean;
}) {
  const checkout = useCheckout();
  const { downgrade } = usePlanChange();
  const busy = checkout.isPending || downgrade.isPending;
  return (
    <div
      className={single ? 'grid max-w-xs gap-4' : 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5'}
    >
      {plans.map((plan) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          state={stateOf(plan, account)}
          interval={interval}
          busy={busy}
          onChoose={(chosen) => checkout.start({ planId: chosen.id, interval })}
          onDowngrade={(chosen) =>
            downgrade.mutate(chosen.id, {
              onSuccess: (status) =>
                toast.success(
                  status.plan === chosen.id
                    ? `You're on the ${chosen.name} plan now`
                    : `Your plan moves to ${chosen.name} at the end of the billing period`,
                ),
            })
          }
        />
      ))}
    </div>
  );
}
