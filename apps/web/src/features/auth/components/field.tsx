import type { ReactNode } from 'react';
import { Label } from '../../../components/ui/label.tsx';

/** A labelled control with its hint or error under it (the error is announced). */
export function Field(props: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string;
  children: ReactNode;
}) {
  const describedBy = props.error ? `${props.id}-error` : props.hint ? `${props.id}-hint` : undefined;
  return (
    <div className="flex flex-col gap-1.5" data-described-by={describedBy}>
      <Label htmlFor={props.id}>{props.label}</Label>
      {props.children}
      {props.error ? (
        <p id={`${props.id}-error`} role="alert" className="text-destructive text-xs">
          {props.error}
        </p>
      ) : props.hint ? (
        <p id={`${props.id}-hint`} className="text-muted-foreground text-xs">
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}

/** The message of a failed request, shown at the top of a form. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-destructive text-sm"
    >
      {message}
    </p>
  );
}
