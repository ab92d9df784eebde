import { BILLING_TEXTS } from '@atelier/shared';
import { InfoIcon } from 'lucide-react';

/** Shown by the plan dialog and the plans page in demo mode (spec 1 §2). */
export function DemoBanner() {
  return (
    <p
      role="note"
      className="flex items-center gap-2 rounded-md border border-border bg-muted px-3 py-2 text-muted-foreground text-sm"
    >
      <InfoIcon aria-hidden="true" className="size-4 shrink-0" />
      {BILLING_TEXTS.demoBanner}
    </p>
  );
}
