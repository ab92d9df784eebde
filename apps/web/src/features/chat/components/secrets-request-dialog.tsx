import { type ActionResult, SECRET_MESSAGES } from '@atelier/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { useSaveSecrets } from '../../secrets/api.ts';

export interface SecretsRequestDialogProps {
  appId: string;
  /** The secrets a `request_secrets` action asked for; null: closed. */
  secrets: NonNullable<ActionResult['secrets']> | null;
  onClose: () => void;
}

/** The secrets entry dialog (spec 3 §5, §8): masked values, all required; saved write-only. */
export function SecretsRequestDialog({ appId, secrets, onClose }: SecretsRequestDialogProps) {
  const [values, setValues] = useState<Record<string, string>>({});
  const save = useSaveSecrets(appId);
  useEffect(() => {
    if (secrets) setValues({});
  }, [secrets]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!secrets) return;
    if (secrets.some((s) => !values[s.secretName]?.trim())) {
      toast.error(SECRET_MESSAGES.valuesRequiredTitle, { description: SECRET_MESSAGES.valuesRequired });
      return;
    }
    try {
      await save.mutateAsync(
        secrets.map((s) => ({ key: s.secretName, value: values[s.secretName]!, description: s.description })),
      );
      toast.success(SECRET_MESSAGES.updated);
      onClose();
    } catch (error) {
      // Spec 3 §7: the provider not ready says so; any other failure is 'Failed to set secrets'.
      const notReady = error instanceof Error && error.message === SECRET_MESSAGES.notInitialized;
      toast.error(notReady ? SECRET_MESSAGES.notInitialized : SECRET_MESSAGES.setFailed);
    }
  };

  return (
    <Dialog open={secrets !== null} onOpenChange={(open) => (open || save.isPending ? undefined : onClose())}>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Enter secrets</DialogTitle>
            <DialogDescription>
              The app needs these values. They are stored encrypted and never shown again or sent to the AI.
            </DialogDescription>
          </DialogHeader>
          {(secrets ?? []).map((secret) => (
            <div key={secret.secretName} className="flex flex-col gap-1.5">
              <label htmlFor={`secret-${secret.secretName}`} className="font-medium font-mono text-sm">
                {secret.secretName}
              </label>
              {secret.description ? (
                <p className="text-muted-foreground text-xs">{secret.description}</p>
              ) : null}
              <Input
                id={`secret-${secret.secretName}`}
                type="password"
                autoComplete="off"
                value={values[secret.secretName] ?? ''}
                onChange={(event) => setValues((v) => ({ ...v, [secret.secretName]: event.target.value }))}
              />
            </div>
          ))}
          <DialogFooter>
            <Button variant="outline" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save secrets'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
