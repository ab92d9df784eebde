import { CODE_EDITOR_MESSAGES, type RepairResult, VALIDATION_MESSAGES } from '@atelier/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { codeEditorApi } from '../api.ts';
import { IssueList } from './issue-list.tsx';

type ApplyState = 'idle' | 'applying' | 'applied';

export interface RepairResultCardProps {
  appId: string;
  label: string;
  result: RepairResult;
  onApplied: () => void;
}

/** One repair run: counts, timings, per-file details, and "apply the bundle" (spec 3 §3, §4). */
export function RepairResultCard({ appId, label, result, onApplied }: RepairResultCardProps) {
  const [apply, setApply] = useState<ApplyState>('idle');
  const [refusal, setRefusal] = useState<string | null>(null);
  const applyBundle = async () => {
    setApply('applying');
    setRefusal(null);
    try {
      // The run's candidate version becomes current, unless the app changed since the run started.
      if (result.versionId) {
        await codeEditorApi.applyRepair(appId, result.versionId, result.baseVersionId ?? null);
      }
      setApply('applied');
      onApplied();
    } catch (error) {
      setApply('idle');
      if (error instanceof ApiError && error.status === 409) {
        setRefusal(error.message);
        return;
      }
      toast.error(CODE_EDITOR_MESSAGES.mergeFailed);
    }
  };
  return (
    <section aria-label={`Repair result: ${label}`} className="space-y-2 rounded border p-2 text-sm">
      <h4 className="font-medium">{label}</h4>
      <p data-testid="repair-summary">
        {result.iterationsPerformed} iteration(s) · {result.initialIssues.length} initial issue(s) ·{' '}
        {result.unresolvedIssues.length} unresolved · {result.repairedFiles.length} file(s) repaired
      </p>
      <p className="text-muted-foreground text-xs">
        {result.executionTimeMs} ms in all · repair {result.timingBreakdown.repairOnlyTimeMs} ms · validation{' '}
        {result.timingBreakdown.validationTimeMs} ms
        {result.versionId ? ' · saved as a new version' : ''}
      </p>
      {result.unresolvedIssues.length > 0 ? <IssueList issues={result.unresolvedIssues} /> : null}
      <details>
        <summary className="cursor-pointer text-xs">Repair details</summary>
        <ul className="space-y-1 text-xs">
          {result.repairProcessDetails.map((d) => (
            <li key={d.fileId}>
              <span className="font-mono">{d.fileId}</span>: {d.initialIssueCount} → {d.finalIssueCount}{' '}
              {d.repairSuccess ? 'repaired' : 'not repaired'}
              {d.aiRepairs.map((r, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: one entry per iteration, in order
                <div key={i} className="text-muted-foreground">
                  #{i + 1} {r.modelUsed} · {r.processingTimeMs} ms ·{' '}
                  {r.success ? 'changed the file' : 'no change'}
                </div>
              ))}
            </li>
          ))}
        </ul>
      </details>
      <Button size="sm" variant="outline" disabled={apply !== 'idle'} onClick={() => void applyBundle()}>
        {apply === 'applying'
          ? VALIDATION_MESSAGES.applying
          : apply === 'applied'
            ? VALIDATION_MESSAGES.applied
            : 'Apply bundle'}
      </Button>
      {refusal ? (
        <p role="alert" className="text-destructive text-sm">
          {refusal}
        </p>
      ) : null}
    </section>
  );
}
