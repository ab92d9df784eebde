import { type BuildCheckData, CHAT_MESSAGES } from '@atelier/shared';
import { AlertTriangle, Check, Loader2 } from 'lucide-react';

/**
 * The build check of a reply that changed code (issue 21 §5): "Checking the build…" and
 * "Fixing 3 errors…" while the reply runs, then what was fixed, or plainly what is still broken.
 */
export function BuildCheckNote({ check, streaming }: { check: BuildCheckData; streaming: boolean }) {
  if (check.status === 'checking' || check.status === 'fixing') {
    if (!streaming) return null;
    return (
      <p
        role="status"
        data-testid="build-check"
        className="mt-2 inline-flex items-center gap-1.5 rounded-md bg-muted px-2 py-1 text-muted-foreground text-xs"
      >
        <Loader2 aria-hidden="true" className="size-3.5 motion-safe:animate-spin" />
        {check.status === 'checking'
          ? CHAT_MESSAGES.checkingBuild
          : CHAT_MESSAGES.fixingErrors(check.errorCount)}
      </p>
    );
  }
  if (check.status === 'passed') return null;
  if (check.status === 'fixed') {
    return (
      <p
        data-testid="build-check"
        className="mt-2 inline-flex items-center gap-1.5 rounded-md bg-muted px-2 py-1 text-muted-foreground text-xs"
      >
        <Check aria-hidden="true" className="size-3.5 text-emerald-600" />
        {CHAT_MESSAGES.buildFixed(check.errorCount)}
      </p>
    );
  }
  return (
    <div
      data-testid="build-check"
      className="mt-2 rounded-md border border-amber-500/40 bg-amber-500/5 px-3 py-2 text-sm"
    >
      <p className="flex items-start gap-1.5">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
        {check.status === 'skipped'
          ? CHAT_MESSAGES.buildCheckSkipped
          : CHAT_MESSAGES.buildStillBroken(check.errorCount)}
      </p>
      {check.issues.length > 0 ? (
        <ul className="mt-1 space-y-0.5 break-words pl-6 font-mono text-xs">
          {check.issues.map((issue) => (
            <li key={`${issue.file}:${issue.line}:${issue.message}`}>
              {issue.file}
              {issue.line ? `:${issue.line}` : ''} {issue.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
