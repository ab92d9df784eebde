import { type SaveSecretsRequest, SECRET_MESSAGES, type SecretView } from '@atelier/shared';
import { PlusIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { useDeleteSecret, useSaveSecrets, useSecrets } from '../api.ts';
import { type SecretDraft, SecretRow } from './secret-row.tsx';

let nextId = 0;
const draftId = () => `secret-${++nextId}`;

const fromStored = (secret: SecretView): SecretDraft => ({
  id: draftId(),
  key: secret.key,
  value: '',
  description: secret.description,
  existing: true,
  savedDescription: secret.description,
});

const emptyDraft = (): SecretDraft => ({
  id: draftId(),
  key: '',
  value: '',
  description: '',
  existing: false,
  savedDescription: '',
});

/** The rows to send, or null when a row breaks "every row needs both key and value" (spec 2 §5). */
export function secretsToSave(drafts: SecretDraft[]): SaveSecretsRequest['secrets'] | null {
  const out: SaveSecretsRequest['secrets'] = [];
  for (const draft of drafts) {
    if (draft.existing) {
      const descriptionChanged = draft.description !== draft.savedDescription;
      if (draft.value !== '' || descriptionChanged) {
        out.push({
          key: draft.key,
          ...(draft.value !== '' ? { value: draft.value } : {}),
          description: draft.description,
        });
      }
      continue;
    }
    if (draft.key.trim() === '' || draft.value === '') return null;
    out.push({ key: draft.key.trim(), value: draft.value, description: draft.description });
  }
  return out;
}

interface SecretsEditorProps {
  appId: string;
  /** Called after a save or delete with the functions that use the changed secrets. */
  onAffectedFunctions?: (names: string[]) => void;
}

/** The question before a saved secret is deleted. */
export const confirmDeleteSecret = (key: string) =>
  `Delete the secret ${key}? Functions that read it will fail until it is set again.`;

/** Spec 2 §2 "Secrets editor": rows of key and value with show/hide and delete; Add Secret; Save. */
export function SecretsEditor({ appId, onAffectedFunctions }: SecretsEditorProps) {
  const secrets = useSecrets(appId);
  const save = useSaveSecrets(appId);
  const remove = useDeleteSecret(appId);
  const [drafts, setDrafts] = useState<SecretDraft[] | null>(null);

  useEffect(() => {
    if (secrets.data && drafts === null) setDrafts(secrets.data.secrets.map(fromStored));
  }, [secrets.data, drafts]);

  if (appId === '') {
    return (
      <p role="alert" className="text-destructive text-sm">
        {SECRET_MESSAGES.notInitialized}
      </p>
    );
  }
  if (secrets.isError) {
    return (
      <p role="alert" className="text-destructive text-sm">
        {SECRET_MESSAGES.loadFailed}
      </p>
    );
  }
  if (drafts === null) return <Skeleton className="h-40 w-full" />;

  const update = (id: string, next: SecretDraft) => setDrafts(drafts.map((d) => (d.id === id ? next : d)));
  const dropLocal = (id: string) => setDrafts(drafts.filter((d) => d.id !== id));

  const onDelete = (draft: SecretDraft) => {
    if (!draft.existing) return dropLocal(draft.id);
    // A saved secret is gone for good, and functions that read it fail: ask, as tools do.
    if (!window.confirm(confirmDeleteSecret(draft.key))) return;
    remove.mutate(draft.key, {
      onSuccess: (answer) => {
        dropLocal(draft.id);
        toast.success(SECRET_MESSAGES.deleted);
        if (answer.affectedFunctions.length > 0) onAffectedFunctions?.(answer.affectedFunctions);
      },
      onError: () => toast.error(SECRET_MESSAGES.deleteFailed),
    });
  };

  const onSave = () => {
    const rows = secretsToSave(drafts);
    if (rows === null) {
      toast.error(SECRET_MESSAGES.keyAndValueRequired);
      return;
    }
    save.mutate(rows, {
      onSuccess: (answer) => {
        setDrafts(answer.secrets.map(fromStored));
        toast.success(SECRET_MESSAGES.saved, {
          description:
            answer.ignored.length > 0 ? `Reserved names ignored: ${answer.ignored.join(', ')}` : undefined,
        });
        if (answer.affectedFunctions.length > 0) onAffectedFunctions?.(answer.affectedFunctions);
      },
      onError: () => toast.error(SECRET_MESSAGES.saveFailed),
    });
  };

  return (
    <section aria-label="Secrets" className="grid gap-3">
      <div className="flex items-center justify-between">
        <h2 className="font-semibold text-base">Secrets</h2>
        <Button variant="outline" size="sm" onClick={() => setDrafts([...drafts, emptyDraft()])}>
          <PlusIcon aria-hidden="true" />
          Add Secret
        </Button>
      </div>
      <p className="text-muted-foreground text-xs">
        Functions read secrets as <code>ctx.env.NAME</code>. Values are encrypted and never shown again.
      </p>
      {drafts.length === 0 && (
        <p className="text-muted-foreground text-sm">No secrets yet. Use Add Secret to store an API key.</p>
      )}
      {drafts.map((draft) => (
        <SecretRow
          key={draft.id}
          draft={draft}
          deleting={remove.isPending && remove.variables === draft.key}
          onChange={(next) => update(draft.id, next)}
          onDelete={() => onDelete(draft)}
        />
      ))}
      <div className="flex justify-end">
        <Button onClick={onSave} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </section>
  );
}
