import { inlineInputMaxText } from '@atelier/shared';
import { type ComponentProps, useId } from 'react';
import { cn } from '../../lib/cn.ts';
import { Input } from './input.tsx';

/**
 * A text edited in place (spec 3 §5 "Inline text input"): Enter saves the trimmed text when it is
 * not empty, Escape cancels, and "{max} characters max" shows once the limit is reached (typing
 * stops there).
 */
export function InlineTextInput({
  value,
  maxLength,
  onValueChange,
  onSave,
  onCancel,
  className,
  ...props
}: Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'maxLength'> & {
  value: string;
  maxLength: number;
  onValueChange: (value: string) => void;
  /** The trimmed, non-empty text. */
  onSave: (text: string) => void;
  onCancel: () => void;
}) {
  const hintId = useId();
  const full = value.length >= maxLength;
  return (
    <>
      <Input
        {...props}
        value={value}
        maxLength={maxLength}
        aria-describedby={full ? hintId : undefined}
        className={cn('h-8', className)}
        onChange={(event) => onValueChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            const text = value.trim();
            if (text !== '') onSave(text);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            onCancel();
          }
        }}
      />
      {full ? (
        <p id={hintId} className="text-muted-foreground text-xs">
          {inlineInputMaxText(maxLength)}
        </p>
      ) : null}
    </>
  );
}
