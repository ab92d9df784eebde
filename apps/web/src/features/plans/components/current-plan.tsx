import {
  BILLING_TEXTS,
  type BillingStatus,
  isCatalogueItemId,
  isPlanStatusAlive,
  planName,
} from '@atelier/shared';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { usePlanChange } from '../hooks/use-plans.ts';

const dateText = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'long' });

/** The builder's plan with its subscription status: cancel at the end of the period, or keep it. */
export function CurrentPlan({ status }: { status: BillingStatus }) {
  const { cancel, resume } = usePlanChange();
  const name = isCatalogueItemId(status.plan) ? planName(status.plan) : status.plan;
  const alive = isPlanStatusAlive(status.planSubscriptionStatus);
  const paid = status.plan !== 'lite' && alive;
  const note =
    status.planSubscriptionCancelledAt && alive
      ? BILLING_TEXTS.cancelsOn(dateText(status.planSubscriptionCancelledAt))
      : status.hasPaidAppPackage
        ? 'App package: paid'
        : '';
  return (
    <Card aria-label="Current plan">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle>
            {BILLING_TEXTS.currentPlanLine(name, status.planSubscriptionStatus ?? 'free')}
          </CardTitle>
          {note && <p className="text-muted-foreground text-sm">{note}</p>}
        </div>
        {paid &&
          (status.planSubscriptionCancelledAt ? (
            <Button size="sm" disabled={resume.isPending} onClick={() => resume.mutate()}>
              {BILLING_TEXTS.keepPlan}
            </Button>
          ) : (
            <Button size="sm" variant="outline" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
              {BILLING_TEXTS.cancelPlan}
            </Button>
          ))}
      </CardHeader>
    </Card>
  );
}
