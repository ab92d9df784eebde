import { SECRET_MASK } from '@atelier/shared';
import { EyeIcon, EyeOffIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';

/** One row of the editor: a stored secret (`existing`, key fixed, value write-only) or a new one. */
export interface SecretDraft {
  id: string;
  key: string;
  /** What the builder typed; never a stored value (values do not come back from the server). */
  value: string;
  description: string;
  existing: boolean;
  /** The stored description, to tell whether it changed. */
  savedDescription: string;
}

interface SecretRowProps {
  draft: SecretDraft;
  onChange: (draft: SecretDraft) => void;
  onDelete: () => void;
  deleting: boolean;
}

/** Spec 2 §2 "Rows of key and value, each with show/hide and delete" (plus the instructions). */
export function SecretRow({ draft, onChange, onDelete, deleting }: SecretRowProps) {
  const [shown, setShown] = useState(false);
  const name = draft.existing ? draft.key : draft.key.trim() || 'New secret';
  return (
    <fieldset aria-label={name} className="m-0 grid min-w-0 gap-2 rounded-lg border border-border p-3">
      <div className="grid gap-2 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-center">
        <Input
          aria-label="Key"
          placeholder="API_KEY"
          value={draft.key}
          readOnly={draft.existing}
          title={draft.existing ? 'Existing keys cannot be renamed' : undefined}
          className={draft.existing ? 'bg-muted font-mono' : 'font-mono'}
          onChange={(e) => onChange({ ...draft, key: e.target.value })}
        />
        <Input
          aria-label="Value"
          type={shown ? 'text' : 'password'}
          autoComplete="off"
          spellCheck={false}
          placeholder={draft.existing ? `${SECRET_MASK} (unchanged)` : 'Value'}
          value={draft.value}
          onChange={(e) => onChange({ ...draft, value: e.target.value })}
        />
        <Button
          variant="ghost"
          size="icon"
          aria-label={shown ? 'Hide value' : 'Show value'}
          aria-pressed={shown}
          onClick={() => setShown((v) => !v)}
        >
          {shown ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Delete ${name}`}
          disabled={deleting}
          onClick={onDelete}
        >
          <Trash2Icon aria-hidden="true" />
        </Button>
      </div>
      <Input
        aria-label="Instructions"
        placeholder="Instructions: where to find this value (optional)"
        value={draft.description}
        onChange={(e) => onChange({ ...draft, description: e.target.value })}
      />
    </fieldset>
  );
}
