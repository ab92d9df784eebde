import { ERROR_PANEL_TEXTS } from '@atelier/shared';
import { AlertTriangle, ChevronDown, Sparkles, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useErrorPanelState } from '../hooks/use-error-panel-state.ts';
import { errorReportMessage, type RuntimeErrorItem } from '../runtime-errors.ts';

export interface RuntimeErrorPanelProps {
  errors: readonly RuntimeErrorItem[];
  onSuppress: (id: string) => void;
  onClear: () => void;
  /**
   * Sends a chat message (the chat's send function). "Resolve with AI" is shown only when given: it
   * sends the error report and clears the errors once the chat has finished (spec 3 §4).
   */
  onResolveWithAi?: ((message: string) => Promise<unknown>) | undefined;
  className?: string;
}

const countText = (count: number) => `${count} ${count === 1 ? 'error' : 'errors'}`;

/** The runtime error panel floating at the bottom right of the preview (spec 3 §2, §4). */
export function RuntimeErrorPanel({
  errors,
  onSuppress,
  onClear,
  onResolveWithAi,
  className,
}: RuntimeErrorPanelProps) {
  const { expanded, setExpanded } = useErrorPanelState(errors.length);
  const [resolving, setResolving] = useState(false);
  if (errors.length === 0) return null;

  const resolve = async () => {
    if (!onResolveWithAi) return;
    setResolving(true);
    try {
      await onResolveWithAi(errorReportMessage(errors));
      onClear();
    } finally {
      setResolving(false);
    }
  };

  if (!expanded) {
    return (
      <div className={cn('absolute right-4 bottom-4 z-20', className)}>
        <Button
          variant="destructive"
          size="sm"
          onClick={() => setExpanded(true)}
          aria-label={`Show runtime errors (${countText(errors.length)})`}
        >
          <AlertTriangle aria-hidden="true" />
          {countText(errors.length)}
        </Button>
      </div>
    );
  }

  return (
    <section
      aria-label="Runtime errors"
      className={cn(
        'absolute right-4 bottom-4 z-20 flex max-h-[min(28rem,70%)] w-[min(26rem,calc(100%-2rem))] flex-col rounded-lg border border-destructive/40 bg-background',
        className,
      )}
    >
      <header className="flex items-center gap-2 border-border border-b px-3 py-2">
        <AlertTriangle className="size-4 text-destructive" aria-hidden="true" />
        <h2 className="flex-1 font-medium text-sm">
          Runtime errors <span className="text-muted-foreground">({errors.length})</span>
        </h2>
        <Button
          variant="ghost"
          size="icon-sm"
          onClick={() => setExpanded(false)}
          aria-label="Minimize runtime errors"
        >
          <ChevronDown aria-hidden="true" />
        </Button>
      </header>
      <ul className="flex-1 divide-y divide-border overflow-y-auto">
        {errors.map((error) => (
          <li key={error.id} className="flex flex-col gap-1 px-3 py-2">
            <div className="flex items-start gap-2">
              <p className="flex-1 break-words font-medium text-destructive text-sm">
                {error.title}
                {error.count > 1 && (
                  <span className="ml-1 text-muted-foreground text-xs">×{error.count}</span>
                )}
              </p>
              <Button
                variant="ghost"
                size="sm"
                className="h-6 px-2"
                onClick={() => onSuppress(error.id)}
                aria-label={`${ERROR_PANEL_TEXTS.suppress}: ${error.title}`}
              >
                <X aria-hidden="true" />
                {ERROR_PANEL_TEXTS.suppress}
              </Button>
            </div>
            {error.componentName && (
              <p className="text-muted-foreground text-xs">
                in <code className="font-mono">&lt;{error.componentName}&gt;</code>
              </p>
            )}
            {error.details && error.details !== error.title && (
              <details className="text-xs">
                <summary className="cursor-pointer text-muted-foreground hover:text-foreground">
                  Details
                </summary>
                <pre className="mt-1 max-h-40 overflow-auto whitespace-pre-wrap break-words rounded bg-muted p-2 font-mono">
                  {error.details}
                </pre>
              </details>
            )}
          </li>
        ))}
      </ul>
      {onResolveWithAi && (
        <footer className="border-border border-t px-3 py-2">
          <Button size="sm" className="w-full" onClick={resolve} disabled={resolving}>
            <Sparkles aria-hidden="true" />
            {ERROR_PANEL_TEXTS.resolveWithAi}
          </Button>
        </footer>
      )}
    </section>
  );
}
