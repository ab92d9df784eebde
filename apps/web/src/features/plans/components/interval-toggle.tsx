import { BILLING_TEXTS, type BillingInterval } from '@atelier/shared';
import { useId } from 'react';

/** Monthly / Yearly switch of the plan cards. */
export function IntervalToggle({
  value,
  onChange,
}: {
  value: BillingInterval;
  onChange: (interval: BillingInterval) => void;
}) {
  const name = useId();
  const option = (interval: BillingInterval, label: string) => (
    <label className="cursor-pointer">
      <input
        type="radio"
        name={name}
        value={interval}
        checked={value === interval}
        onChange={() => onChange(interval)}
        className="peer sr-only"
      />
      <span className="block rounded-md px-3 py-1.5 font-medium text-muted-foreground text-sm transition-colors hover:text-foreground peer-checked:bg-background peer-checked:text-foreground peer-focus-visible:outline-2 peer-focus-visible:outline-ring">
        {label}
      </span>
    </label>
  );
  return (
    <fieldset className="inline-flex w-fit rounded-lg bg-muted p-1">
      <legend className="sr-only">Billing period</legend>
      {option('month', BILLING_TEXTS.monthly)}
      {option('year', BILLING_TEXTS.yearly)}
    </fieldset>
  );
}
