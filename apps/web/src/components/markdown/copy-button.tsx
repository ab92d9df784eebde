import { CHAT_MESSAGES, COPY_CONFIRMATION_MS } from '@atelier/shared';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/button.tsx';
import { toast } from '../ui/toaster.tsx';

export interface CopyButtonProps {
  /** The text to copy, read when clicked (a streaming message copies what is there now). */
  text: () => string;
  label: string;
  className?: string;
}

/** Copies text to the clipboard; the icon says 'Copied' for 2 s (spec 3 §9). */
export function CopyButton({ text, label, className }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon-sm"
      aria-label={copied ? CHAT_MESSAGES.copied : label}
      title={copied ? CHAT_MESSAGES.copied : label}
      className={cn('text-muted-foreground', className)}
      onClick={() => {
        if (!navigator.clipboard) {
          toast.error('Copying needs a secure page (https)');
          return;
        }
        void navigator.clipboard.writeText(text()).then(
          () => setCopied(true),
          () => toast.error('Could not copy to the clipboard'),
        );
      }}
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
    </Button>
  );
}
