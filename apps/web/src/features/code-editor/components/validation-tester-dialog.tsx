import {
  REPAIR_ITERATIONS,
  type RepairResult,
  VALIDATION_MESSAGES,
  type ValidationResult,
} from '@atelier/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { codeEditorApi, codeEditorKeys } from '../api.ts';
import { readTesterSettings, type TesterSettings, writeTesterSettings } from '../tester-settings.ts';
import { IssueList } from './issue-list.tsx';
import { RepairResultCard } from './repair-result-card.tsx';

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

export interface ValidationTesterDialogProps {
  appId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After a repair or an applied bundle made a new version. */
  onNewVersion: () => void;
  /**
   * Opened from a chat reply (spec 3 §7): the reply's version is checked, and validate and repair
   * send that reply's id and content. Without it (the code page), any version, `messageId: null`.
   */
  source?: TesterSource | null;
}

export interface TesterSource {
  messageId: string;
  messageContent: string;
  versionId: string;
}

/** The cap of the request's messageContent (the API's limit). */
const MAX_MESSAGE_CONTENT = 100_000;

interface RepairRun {
  label: string;
  result?: RepairResult;
  error?: string;
}

/** The admin validation and repair tester (spec 3 §2, §4, §7): validate, repair, compare two models. */
export function ValidationTesterDialog({
  appId,
  open,
  onOpenChange,
  onNewVersion,
  source = null,
}: ValidationTesterDialogProps) {
  const [settings, setSettings] = useState<TesterSettings>(() => readTesterSettings(storage()));
  const [versionId, setVersionId] = useState('');
  const [compare, setCompare] = useState(false);
  const [validation, setValidation] = useState<ValidationResult | null>(null);
  const [busy, setBusy] = useState<'validating' | 'repairing' | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [runs, setRuns] = useState<RepairRun[]>([]);
  const versions = useQuery({
    queryKey: codeEditorKeys.versions(appId),
    queryFn: ({ signal }) => codeEditorApi.versions(appId, signal),
    enabled: open,
    retry: false,
  });
  const chosen = source?.versionId ?? (versionId || versions.data?.currentVersionId || '');
  const message = {
    messageId: source?.messageId ?? null,
    messageContent: source ? source.messageContent.slice(0, MAX_MESSAGE_CONTENT) : null,
  };

  const update = (patch: Partial<TesterSettings>) =>
    setSettings((s) => writeTesterSettings(storage(), { ...s, ...patch }));

  const validate = async () => {
    if (!chosen) return;
    setBusy('validating');
    setAlert(null);
    try {
      setValidation(await codeEditorApi.validate(appId, chosen, message));
      setRuns([]);
    } catch {
      setAlert(VALIDATION_MESSAGES.validateFailed);
    } finally {
      setBusy(null);
    }
  };

  const repair = async () => {
    if (!validation || validation.issues.length === 0) {
      setAlert(VALIDATION_MESSAGES.runValidationFirst);
      return;
    }
    setBusy('repairing');
    setAlert(null);
    const body = {
      ...message,
      initialIssues: validation.issues,
      iterations: settings.iterations,
    };
    const plan: { label: string; model: string | undefined; failure: string }[] = [
      {
        label: `Default model${settings.defaultModel ? ` (${settings.defaultModel})` : ''}`,
        model: settings.defaultModel || undefined,
        failure: compare ? VALIDATION_MESSAGES.repairFailedDefault : VALIDATION_MESSAGES.repairFailed,
      },
    ];
    if (compare)
      plan.push({
        label: `Custom model (${settings.customModel})`,
        model: settings.customModel,
        failure: VALIDATION_MESSAGES.repairFailedCustom,
      });
    // Compare mode: both calls run in parallel (spec 3 §7).
    const settled = await Promise.allSettled(
      plan.map((p) => codeEditorApi.repair(appId, chosen, { ...body, customModel: p.model ?? null })),
    );
    const next = settled.map((s, i): RepairRun => {
      const p = plan[i] as (typeof plan)[number];
      return s.status === 'fulfilled'
        ? { label: p.label, result: s.value }
        : { label: p.label, error: p.failure };
    });
    setRuns(next);
    const failures = next.filter((r) => r.error);
    if (failures.length > 0) setAlert(failures.map((f) => f.error).join(' · '));
    if (next.some((r) => r.result?.versionId)) onNewVersion();
    setBusy(null);
  };

  const issues = validation?.issues ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[90dvh] max-w-4xl flex-col overflow-auto">
        <DialogHeader>
          <DialogTitle>Validation and repair tester</DialogTitle>
          <DialogDescription>
            Admins: check a version for problems and let a model repair them.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-end gap-3 text-sm">
          {source ? (
            <p className="text-muted-foreground">
              The version of this reply{' '}
              <span className="font-mono" data-testid="tester-version">
                {source.versionId}
              </span>
            </p>
          ) : (
            <label className="flex flex-col gap-1">
              Version
              <select
                aria-label="Version to validate"
                className="h-8 rounded-md border border-input bg-background px-2"
                value={chosen}
                onChange={(e) => {
                  setVersionId(e.target.value);
                  setValidation(null);
                  setRuns([]);
                }}
              >
                {(versions.data?.versions ?? []).map((v) => (
                  <option key={v.id} value={v.id}>
                    v{v.seq}
                    {v.id === versions.data?.currentVersionId ? ' (current)' : ''}
                  </option>
                ))}
              </select>
            </label>
          )}
          <Button size="sm" disabled={!chosen || busy !== null} onClick={() => void validate()}>
            {busy === 'validating'
              ? 'Validating…'
              : validation
                ? VALIDATION_MESSAGES.revalidate
                : VALIDATION_MESSAGES.validate}
          </Button>
        </div>
        {alert ? (
          <p role="alert" className="text-destructive text-sm">
            {alert}
          </p>
        ) : null}
        {validation ? (
          <section aria-label="Validation result" className="space-y-1 text-sm">
            <p data-testid="validation-summary">
              {issues.length === 0 ? VALIDATION_MESSAGES.noIssues : `${issues.length} issue(s)`} ·{' '}
              {validation.executionTimeMs} ms ·{' '}
              {validation.detectors
                .map((d) => `${d.id}: ${d.status === 'ran' ? d.issueCount : d.status}`)
                .join(', ')}
            </p>
            {issues.length > 0 ? <IssueList issues={issues} /> : null}
          </section>
        ) : null}
        <fieldset className="grid grid-cols-1 gap-2 border-t pt-3 text-sm sm:grid-cols-3">
          <legend className="sr-only">Repair settings</legend>
          <div className="flex flex-col gap-1">
            <Label htmlFor="repair-iterations">Iterations</Label>
            <Input
              id="repair-iterations"
              type="number"
              min={REPAIR_ITERATIONS.min}
              max={REPAIR_ITERATIONS.max}
              value={settings.iterations}
              onChange={(e) => update({ iterations: Number(e.target.value) })}
              className="h-8"
            />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="repair-default-model">Default model</Label>
            <Input
              id="repair-default-model"
              placeholder="The server's default"
              value={settings.defaultModel}
              onChange={(e) => update({ defaultModel: e.target.value.trim() })}
              className="h-8"
            />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="repair-custom-model">Custom repair model</Label>
            <Input
              id="repair-custom-model"
              value={settings.customModel}
              onChange={(e) => update({ customModel: e.target.value.trim() })}
              className="h-8"
            />
          </div>
        </fieldset>
        <div className="flex items-center gap-3 text-sm">
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={compare} onChange={(e) => setCompare(e.target.checked)} />
            Compare default and custom model
          </label>
          {validation && issues.length === 0 ? null : (
            // Before a validation it stays clickable so that it can say to validate first (spec 3 §5).
            <Button size="sm" className="ml-auto" disabled={busy !== null} onClick={() => void repair()}>
              {busy === 'repairing'
                ? 'Repairing…'
                : runs.length > 0
                  ? VALIDATION_MESSAGES.rerepair
                  : VALIDATION_MESSAGES.tryRepair}
            </Button>
          )}
        </div>
        <div className={compare ? 'grid grid-cols-1 gap-2 md:grid-cols-2' : 'space-y-2'}>
          {runs.map((run) =>
            run.result ? (
              <RepairResultCard
                key={run.label}
                appId={appId}
                label={run.label}
                result={run.result}
                onApplied={onNewVersion}
              />
            ) : (
              <p key={run.label} className="rounded border p-2 text-destructive text-sm">
                {run.label}: {run.error}
              </p>
            ),
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
