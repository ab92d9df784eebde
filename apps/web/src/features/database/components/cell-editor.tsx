import {
  DATABASE_MESSAGES,
  imageUploadProblem,
  isLongText,
  parseJsonCell,
  parseNumberCell,
  readBooleanCell,
  type TableColumn,
} from '@atelier/shared';
import { type KeyboardEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toaster.tsx';

export interface CellEditorProps {
  column: TableColumn;
  value: unknown;
  /** Saves a new value (null clears the field). */
  onCommit(value: unknown): void;
  onCancel(): void;
  /** Uploads an image file, answering its URL. */
  uploadImage?(file: File): Promise<string>;
}

const fieldClass =
  'w-full rounded border border-ring bg-background px-1.5 py-1 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** The editor of one cell, by its column's data type (spec 3 §4, §5): committed on blur or Enter. */
export function CellEditor(props: CellEditorProps) {
  switch (props.column.dataType) {
    case 'number':
      return <NumberEditor {...props} />;
    case 'json':
      return <JsonEditor {...props} />;
    case 'datetime':
      return <DateTimeEditor {...props} />;
    case 'select':
      return <SelectEditor {...props} />;
    case 'multiselect':
      return <MultiselectEditor {...props} />;
    case 'image':
      return <ImageEditor {...props} />;
    case 'boolean':
      return <BooleanEditor {...props} />;
    default:
      return <TextEditor {...props} />;
  }
}

const label = (column: TableColumn) => `Edit ${column.label}`;

function onKeys(commit: () => void, cancel: () => void, multiLine = false) {
  return (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    } else if (event.key === 'Enter' && !(multiLine && event.shiftKey)) {
      event.preventDefault();
      commit();
    }
  };
}

/** Text: a single line, or a multi-line editor for texts over 50 characters or with a line break. */
function TextEditor({ column, value, onCommit, onCancel }: CellEditorProps) {
  const initial = value === undefined || value === null ? '' : String(value);
  const [text, setText] = useState(initial);
  const commit = () => onCommit(text === '' ? null : text);
  if (isLongText(text)) {
    return (
      <textarea
        aria-label={label(column)}
        // biome-ignore lint/a11y/noAutofocus: the editor opens on the user's click
        autoFocus
        rows={5}
        className={`${fieldClass} absolute top-0 left-0 z-20 min-h-32 w-80 shadow-lg`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={onKeys(commit, onCancel, true)}
      />
    );
  }
  return (
    <input
      aria-label={label(column)}
      // biome-ignore lint/a11y/noAutofocus: the editor opens on the user's click
      autoFocus
      className={fieldClass}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && event.shiftKey) {
          event.preventDefault();
          setText(`${text}\n`);
          return;
        }
        onKeys(commit, onCancel)(event);
      }}
    />
  );
}

function NumberEditor({ column, value, onCommit, onCancel }: CellEditorProps) {
  const [text, setText] = useState(value === undefined || value === null ? '' : String(value));
  const commit = () => {
    const parsed = parseNumberCell(text);
    if (parsed === undefined) onCancel();
    else onCommit(parsed);
  };
  return (
    <input
      aria-label={label(column)}
      // biome-ignore lint/a11y/noAutofocus: the editor opens on the user's click
      autoFocus
      type="number"
      step="any"
      className={fieldClass}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={onKeys(commit, onCancel)}
    />
  );
}

/** JSON: must parse ('Invalid JSON: …'); empty saves null (spec 3 §5). */
function JsonEditor({ column, value, onCommit, onCancel }: CellEditorProps) {
  const [text, setText] = useState(
    value === undefined || value === null ? '' : JSON.stringify(value, null, 2),
  );
  const [error, setError] = useState<string | null>(null);
  const commit = () => {
    const parsed = parseJsonCell(text);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    onCommit(parsed.value);
  };
  return (
    <div className="absolute top-0 left-0 z-20 grid w-80 gap-1 rounded border border-border bg-background p-2 shadow-lg">
      <textarea
        aria-label={label(column)}
        // biome-ignore lint/a11y/noAutofocus: the editor opens on the user's click
        autoFocus
        rows={6}
        className={`${fieldClass} font-mono text-xs`}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        onBlur={commit}
        onKeyDown={onKeys(commit, onCancel, true)}
      />
      {error && (
        <p role="alert" className="text-destructive text-xs">
          {error}
        </p>
      )}
    </div>
  );
}

const toLocalInput = (value: unknown) => {
  const date = new Date(String(value ?? ''));
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
};

function DateTimeEditor({ column, value, onCommit, onCancel }: CellEditorProps) {
  const [text, setText] = useState(toLocalInput(value));
  const commit = () => onCommit(text === '' ? null : new Date(text).toISOString());
  return (
    <input
      aria-label={label(column)}
      // biome-ignore lint/a11y/noAutofocus: the editor opens on the user's click
      autoFocus
      type="datetime-local"
      className={fieldClass}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={onKeys(commit, onCancel)}
    />
  );
}

function SelectEditor({ column, value, onCommit, onCancel }: CellEditorProps) {
  return (
    <select
      aria-label={label(column)}
      // biome-ignore lint/a11y/noAutofocus: the editor opens on the user's click
      autoFocus
      className={fieldClass}
      defaultValue={value === undefined || value === null ? '' : String(value)}
      onChange={(event) => onCommit(event.target.value === '' ? null : event.target.value)}
      onBlur={onCancel}
      onKeyDown={(event) => event.key === 'Escape' && onCancel()}
    >
      <option value="">—</option>
      {column.options.map((option) => (
        <option key={option.label} value={option.label}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

function MultiselectEditor({ column, value, onCommit, onCancel }: CellEditorProps) {
  const [chosen, setChosen] = useState<string[]>(Array.isArray(value) ? value.map(String) : []);
  const commit = () => onCommit(chosen);
  return (
    <fieldset
      aria-label={label(column)}
      className="absolute top-0 left-0 z-20 grid w-56 gap-1 rounded border border-border bg-background p-2 shadow-lg"
      onKeyDown={onKeys(commit, onCancel)}
    >
      {column.options.map((option) => (
        <label key={option.label} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={chosen.includes(option.label)}
            onChange={(event) =>
              setChosen(
                event.target.checked
                  ? [...chosen, option.label]
                  : chosen.filter((item) => item !== option.label),
              )
            }
          />
          <span
            className="rounded px-1.5 py-0.5 text-xs"
            style={{ backgroundColor: option.backgroundColor, color: option.color }}
          >
            {option.label}
          </span>
        </label>
      ))}
      <Button size="sm" onClick={commit}>
        Done
      </Button>
    </fieldset>
  );
}

function BooleanEditor({ column, value, onCommit }: CellEditorProps) {
  return (
    <input
      type="checkbox"
      aria-label={label(column)}
      // biome-ignore lint/a11y/noAutofocus: the editor opens on the user's click
      autoFocus
      defaultChecked={readBooleanCell(value)}
      onChange={(event) => onCommit(event.target.checked)}
    />
  );
}

/** Image: a URL, or an image file under 10,000,000 bytes uploaded through the UploadFile integration. */
function ImageEditor({ column, value, onCommit, onCancel, uploadImage }: CellEditorProps) {
  const [url, setUrl] = useState(typeof value === 'string' ? value : '');
  const [busy, setBusy] = useState(false);
  const upload = async (file: File | undefined) => {
    const problem = imageUploadProblem(file);
    if (problem || !file || !uploadImage) {
      toast.error(problem ?? DATABASE_MESSAGES.uploadFailed);
      return;
    }
    setBusy(true);
    try {
      const fileUrl = await uploadImage(file);
      toast.success(DATABASE_MESSAGES.uploadSucceeded, { duration: 3000 });
      onCommit(fileUrl);
    } catch {
      toast.error(DATABASE_MESSAGES.uploadFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="absolute top-0 left-0 z-20 grid w-72 gap-2 rounded border border-border bg-background p-2 shadow-lg">
      <input
        aria-label={`${label(column)} URL`}
        // biome-ignore lint/a11y/noAutofocus: the editor opens on the user's click
        autoFocus
        className={fieldClass}
        placeholder="https://…"
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        onKeyDown={onKeys(() => onCommit(url === '' ? null : url), onCancel)}
      />
      <input
        type="file"
        accept="image/*"
        aria-label={`Upload ${column.label}`}
        disabled={busy}
        className="text-xs"
        onChange={(event) => void upload(event.target.files?.[0])}
      />
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button size="sm" onClick={() => onCommit(url === '' ? null : url)} disabled={busy}>
          Save
        </Button>
      </div>
    </div>
  );
}
