import {
  BILLING_TEXTS,
  type BillingInterval,
  effectiveMonthlyPrice,
  formatMoney,
  type Plan,
  perMonthOfYearly,
  showsYearlyBadge,
  unlockTitle,
  yearlyBadgeText,
} from '@atelier/shared';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useCheckout } from '../hooks/use-plans.ts';

export const singlePlanTitle = (plan: Plan) => unlockTitle(plan.name);

/** The single-plan case of the dialog (spec 1 §2): monthly or yearly for one plan, then the checkout. */
export function SinglePlanChooser({ plan }: { plan: Plan }) {
  const [interval, setInterval] = useState<BillingInterval>('year');
  const checkout = useCheckout();
  const yearly = plan.priceYearly ?? effectiveMonthlyPrice(plan) * 12;
  const options: { interval: BillingInterval; label: string; price: string; note: string; badge?: string }[] =
    [
      {
        interval: 'month',
        label: BILLING_TEXTS.monthly,
        price: `${formatMoney(effectiveMonthlyPrice(plan))}${BILLING_TEXTS.perMonth}`,
        note: '',
      },
      {
        interval: 'year',
        label: BILLING_TEXTS.yearly,
        price: `${formatMoney(perMonthOfYearly(yearly))}${BILLING_TEXTS.perMonth}`,
        note: BILLING_TEXTS.billedYearly(formatMoney(yearly)),
        ...(showsYearlyBadge(plan) ? { badge: yearlyBadgeText(plan) } : {}),
      },
    ];
  return (
    <div className="grid gap-4">
      <fieldset className="grid gap-2 sm:grid-cols-2">
        <legend className="sr-only">Billing period</legend>
        {options.map((option) => (
          <label key={option.interval} className="cursor-pointer">
            <input
              type="radio"
              name="single-plan-interval"
              value={option.interval}
              checked={interval === option.interval}
              onChange={() => setInterval(option.interval)}
              className="peer sr-only"
            />
            <span className="grid gap-1 rounded-lg border border-border p-4 transition-colors hover:bg-accent/50 peer-checked:border-primary peer-checked:bg-accent peer-focus-visible:outline-2 peer-focus-visible:outline-ring">
              <span className="flex items-center justify-between gap-2 font-medium text-sm">
                {option.label}
                {option.badge && <Badge variant="secondary">{option.badge}</Badge>}
              </span>
              <span className="font-semibold text-xl">{option.price}</span>
              <span className="min-h-4 text-muted-foreground text-xs">{option.note}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <Button disabled={checkout.isPending} onClick={() => checkout.start({ planId: plan.id, interval })}>
        {BILLING_TEXTS.continueToPayment}
      </Button>
    </div>
  );
}
