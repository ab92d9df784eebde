import type { ValidationIssue } from '@atelier/shared';

/** Validation issues: file and line, detector, message. */
export function IssueList({ issues }: { issues: readonly ValidationIssue[] }) {
  return (
    <ul aria-label="Validation issues" className="max-h-48 space-y-1 overflow-auto text-xs">
      {issues.map((issue, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: issues may repeat; their order is the answer's
        <li key={i} className="rounded border px-2 py-1">
          <span className="font-mono">
            {issue.componentName}
            {issue.line ? `:${issue.line}` : ''}
          </span>{' '}
          <span className="text-muted-foreground">
            [{issue.detectorId}, {issue.severity}]
          </span>
          <div className="whitespace-pre-wrap">{issue.message}</div>
        </li>
      ))}
    </ul>
  );
}
