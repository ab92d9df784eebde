import { BILLING_TEXTS } from '@atelier/shared';
import { SparklesIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { upgradeLink } from '../hooks/use-upgrade-dialog.ts';

/** A refused over-limit action (403 plan_limit_reached) that a higher plan would allow. */
export function isUpgradeableLimit(error: unknown): error is ApiError {
  if (!(error instanceof ApiError) || error.code !== 'plan_limit_reached') return false;
  const details = error.details as { upgrade?: boolean } | undefined;
  return details?.upgrade !== false;
}

/** An upgrade prompt for a plan-gated control: the reason, and Upgrade (opens the plan dialog). */
export function UpgradePrompt({ message, planId }: { message: string; planId?: string }) {
  return (
    <div
      role="note"
      className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-border bg-muted px-3 py-2 text-sm"
    >
      <span className="flex items-center gap-2">
        <SparklesIcon aria-hidden="true" className="size-4 shrink-0 text-primary" />
        {message}
      </span>
      <Button size="sm" asChild>
        <Link to={upgradeLink(planId)}>{BILLING_TEXTS.upgrade}</Link>
      </Button>
    </div>
  );
}
