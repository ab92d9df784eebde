import { type CustomField, MAX_OPTION_LABEL_LENGTH, OPTION_EDIT_BLUR_CLOSE_MS } from '@atelier/shared';
import { TrashIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { InlineTextInput } from '../../../components/ui/inline-text-input.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ImageUpload } from '../../uploads/components/image-upload.tsx';
import { addOption, renameOption } from '../fields-logic.ts';

/**
 * The option list of a select field (spec 2 §2, §5): add, rename (closes 500 ms after leaving the
 * input), remove, and an icon image per option. Empty and duplicate labels are refused with the
 * spec's messages.
 */
export function FieldOptionsEditor(props: {
  appId: string;
  field: CustomField;
  onChange: (field: CustomField) => void;
}) {
  const { appId, field, onChange } = props;
  const newId = useId();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const options = field.options ?? [];

  const add = () => {
    const outcome = addOption(field, draft);
    if (!outcome.ok) {
      setError(outcome.error);
      return;
    }
    setError(null);
    setDraft('');
    onChange(outcome.value);
  };

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-medium text-xs">Options</legend>
      <ul className="flex flex-col gap-1.5">
        {options.map((option, index) => (
          <li key={option.id ?? `${index}-${option.label}`} className="flex items-center gap-1.5">
            <ImageUpload
              appId={appId}
              label={`Icon of ${option.label}`}
              folder="icons"
              compact
              hideLabel
              value={option.iconUrl ?? null}
              onChange={(url) =>
                onChange({
                  ...field,
                  options: options.map((o, i) => (i === index ? { ...o, iconUrl: url } : o)),
                })
              }
            />
            <OptionLabel
              label={option.label}
              onRename={(label) => {
                const outcome = renameOption(field, index, label);
                if (!outcome.ok) return outcome.error;
                onChange(outcome.value);
                return null;
              }}
            />
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={`Remove option ${option.label}`}
              onClick={() => onChange({ ...field, options: options.filter((_, i) => i !== index) })}
            >
              <TrashIcon aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex items-center gap-1.5">
        <Input
          id={newId}
          aria-label="New option"
          placeholder="New option"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button variant="outline" size="sm" onClick={add}>
          Add option
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-destructive text-xs">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** An option's label: a button that opens an input; the edit is kept or refused when it closes. */
function OptionLabel(props: { label: string; onRename: (label: string) => string | null }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(props.label);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);

  const commit = () => {
    if (value === props.label) {
      setEditing(false);
      return;
    }
    const problem = props.onRename(value);
    setError(problem);
    if (!problem) setEditing(false);
  };

  if (!editing) {
    return (
      <button
        type="button"
        className="min-w-0 flex-1 truncate rounded px-1 text-left text-sm hover:bg-accent"
        aria-label={`Edit option ${props.label}`}
        onClick={() => {
          setValue(props.label);
          setError(null);
          setEditing(true);
        }}
      >
        {props.label}
      </button>
    );
  }
  return (
    <div className="flex min-w-0 flex-1 flex-col">
      <InlineTextInput
        autoFocus
        aria-label={`Option ${props.label}`}
        value={value}
        maxLength={MAX_OPTION_LABEL_LENGTH}
        onValueChange={setValue}
        onFocus={() => clearTimeout(timer.current ?? undefined)}
        onBlur={() => {
          timer.current = setTimeout(commit, OPTION_EDIT_BLUR_CLOSE_MS);
        }}
        onSave={commit}
        onCancel={() => setEditing(false)}
      />
      {error && (
        <p role="alert" className="text-destructive text-xs">
          {error}
        </p>
      )}
    </div>
  );
}
