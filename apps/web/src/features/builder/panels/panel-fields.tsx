import { useId } from 'react';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';

/** A labelled text input of a builder panel. */
export function TextField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{props.label}</Label>
      {props.multiline ? (
        <Textarea
          id={id}
          value={props.value}
          placeholder={props.placeholder}
          rows={3}
          onChange={(event) => props.onChange(event.target.value)}
        />
      ) : (
        <Input
          id={id}
          value={props.value}
          placeholder={props.placeholder}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
    </div>
  );
}

/** A labelled toggle (checkbox) of a builder panel. */
export function ToggleField(props: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          className="size-4 accent-primary"
          checked={props.checked}
          disabled={props.disabled}
          onChange={(event) => props.onChange(event.target.checked)}
        />
        <Label htmlFor={id} className={props.disabled ? 'text-muted-foreground' : undefined}>
          {props.label}
        </Label>
      </div>
      {props.hint && <p className="text-muted-foreground text-xs">{props.hint}</p>}
    </div>
  );
}
