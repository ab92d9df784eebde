import {
  BILLING_TEXTS,
  type BillingInterval,
  effectiveMonthlyPrice,
  formatMoney,
  type Plan,
  perMonthOfYearly,
  showsYearlyBadge,
  yearlyBadgeText,
} from '@atelier/shared';
import { Badge } from '../../../components/ui/badge.tsx';

/** The price of a plan for an interval: per month (yearly: yearly / 12), money with two decimals. */
export function PlanPrice({ plan, interval }: { plan: Plan; interval: BillingInterval }) {
  if (plan.oneTimePayment) {
    return (
      <p className="flex items-baseline gap-1.5">
        <span className="font-semibold text-2xl tracking-tight">{formatMoney(plan.price)}</span>
        <span className="text-muted-foreground text-sm">{BILLING_TEXTS.oneTime}</span>
      </p>
    );
  }
  const yearly = interval === 'year' && plan.priceYearly !== null;
  const perMonth = yearly ? perMonthOfYearly(plan.priceYearly!) : effectiveMonthlyPrice(plan);
  const struck = !yearly && plan.discountedPrice !== null ? plan.price : null;
  return (
    <div className="grid gap-1">
      <p className="flex flex-wrap items-baseline gap-1.5">
        {struck !== null && <s className="text-muted-foreground text-sm">{formatMoney(struck)}</s>}
        <span className="font-semibold text-2xl tracking-tight">{formatMoney(perMonth)}</span>
        <span className="text-muted-foreground text-sm">{BILLING_TEXTS.perMonth}</span>
        {yearly && showsYearlyBadge(plan) && <Badge variant="secondary">{yearlyBadgeText(plan)}</Badge>}
      </p>
      <p className="min-h-4 text-muted-foreground text-xs">
        {yearly && plan.priceYearly! > 0 ? BILLING_TEXTS.billedYearly(formatMoney(plan.priceYearly!)) : ''}
      </p>
    </div>
  );
}
