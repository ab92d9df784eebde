import type { PublicToolField, ToolFieldValue } from '@atelier/shared';
import { useId } from 'react';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';

const asString = (value: ToolFieldValue | undefined) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** One typed input of a tool's form (spec 1 §3 field types), labelled so it can be found by its label. */
export function ToolFieldInput({
  field,
  value,
  onChange,
  accent,
  error,
}: {
  field: PublicToolField;
  value: ToolFieldValue | undefined;
  onChange: (value: ToolFieldValue) => void;
  accent?: string | undefined;
  /** What is wrong with the value, said under it before the run is sent. */
  error?: string | null | undefined;
}) {
  const id = useId();
  const label = (
    <Label htmlFor={id}>
      {field.label}
      {field.required && (
        <span aria-hidden="true" className="text-destructive">
          {' '}
          *
        </span>
      )}
    </Label>
  );
  const hint = field.instructions ? (
    <p id={`${id}-hint`} className="text-muted-foreground text-xs">
      {field.instructions}
    </p>
  ) : null;
  const common = {
    id,
    required: field.required,
    'aria-describedby':
      [field.instructions ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') ||
      undefined,
    'aria-invalid': error ? true : undefined,
    placeholder: field.placeholder ?? undefined,
  };

  if (field.type === 'multiselect') {
    const selected = Array.isArray(value) ? value : [];
    return (
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1 font-medium text-sm">
          {field.label}
          {field.required && <span className="text-destructive"> *</span>}
        </legend>
        {field.options.map((option) => (
          <label key={option.label} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              style={accent ? { accentColor: accent } : undefined}
              checked={selected.includes(option.label)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...selected, option.label]
                    : selected.filter((label) => label !== option.label),
                )
              }
            />
            {option.iconUrl && <img src={option.iconUrl} alt="" className="size-5 rounded object-cover" />}
            {option.label}
          </label>
        ))}
        {hint}
      </fieldset>
    );
  }

  let control: React.ReactNode;
  switch (field.type) {
    case 'long_text':
      control = (
        <Textarea {...common} rows={4} value={asString(value)} onChange={(e) => onChange(e.target.value)} />
      );
      break;
    case 'select':
    case 'tool_item_select':
      control = (
        <select
          {...common}
          className="h-9 rounded-md border border-input bg-background px-3 text-sm"
          value={asString(value)}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">{field.placeholder ?? 'Choose…'}</option>
          {field.options.map((option) => (
            <option key={option.label} value={option.label}>
              {option.label}
            </option>
          ))}
        </select>
      );
      break;
    case 'email':
      control = (
        <Input {...common} type="email" value={asString(value)} onChange={(e) => onChange(e.target.value)} />
      );
      break;
    case 'number':
      control = (
        <Input
          {...common}
          type="number"
          inputMode="decimal"
          step="any"
          value={asString(value)}
          onChange={(e) => onChange(e.target.value)}
        />
      );
      break;
    case 'date':
      control = (
        <Input {...common} type="date" value={asString(value)} onChange={(e) => onChange(e.target.value)} />
      );
      break;
    case 'height':
    case 'weight':
      control = (
        <Input
          {...common}
          inputMode="decimal"
          placeholder={field.placeholder ?? (field.type === 'height' ? 'e.g. 175 cm' : 'e.g. 70 kg')}
          value={asString(value)}
          onChange={(e) => onChange(e.target.value)}
        />
      );
      break;
    case 'photo':
      control = (
        <Input
          {...common}
          type="url"
          placeholder={field.placeholder ?? 'Link to a photo (https://…)'}
          value={asString(value)}
          onChange={(e) => onChange(e.target.value)}
        />
      );
      break;
    default:
      // text, place and any type added later
      control = <Input {...common} value={asString(value)} onChange={(e) => onChange(e.target.value)} />;
  }
  return (
    <div className="flex flex-col gap-1.5">
      {label}
      {control}
      {hint}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
