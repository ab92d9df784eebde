import {
  BILLING_TEXTS,
  type BillingInterval,
  type Plan,
  type PlanCardState,
  planCardButtonText,
} from '@atelier/shared';
import { CheckIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { planFeatures } from './plan-features.ts';
import { PlanPrice } from './plan-price.tsx';

export interface PlanCardProps {
  plan: Plan;
  state: PlanCardState;
  interval: BillingInterval;
  busy: boolean;
  onChoose: (plan: Plan) => void;
  onDowngrade: (plan: Plan) => void;
}

/** One plan (spec 1 §2): name, price, most-popular marker, description, what it gives, and a button per card state. */
export function PlanCard({ plan, state, interval, busy, onChoose, onDowngrade }: PlanCardProps) {
  const [confirming, setConfirming] = useState(false);
  const label = confirming ? BILLING_TEXTS.confirmDowngrade : planCardButtonText(plan, state);
  const inactive = state === 'selected' || state === 'disabled';
  return (
    <Card
      role="group"
      aria-label={plan.name}
      data-state={state}
      className={cn(
        'flex flex-col',
        plan.isMostPopular && 'border-primary',
        state === 'disabled' && 'opacity-60',
      )}
    >
      <CardHeader className="gap-2">
        <div className="flex items-center justify-between gap-2">
          <CardTitle>{plan.name}</CardTitle>
          {plan.isMostPopular && <Badge>{BILLING_TEXTS.mostPopular}</Badge>}
        </div>
        <PlanPrice plan={plan} interval={interval} />
        <CardDescription>{plan.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="grid gap-1.5 text-sm">
          {planFeatures(plan).map((feature) => (
            <li key={feature} className="flex gap-2">
              <CheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        <Button
          className="w-full"
          variant={state === 'upgrade' || (state === 'none' && plan.isMostPopular) ? 'default' : 'outline'}
          disabled={inactive || busy}
          onClick={() => {
            if (state !== 'downgrade') return onChoose(plan);
            if (!confirming) return setConfirming(true);
            setConfirming(false);
            onDowngrade(plan);
          }}
        >
          {label}
        </Button>
      </CardFooter>
    </Card>
  );
}
