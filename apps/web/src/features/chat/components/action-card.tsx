import type { ActionResult, StreamedAction } from '@atelier/shared';
import { CHAT_MESSAGES, unclosedActionNote } from '@atelier/shared';
import { AlertTriangle, Check, ChevronRight, CircleSlash, FileCode2, KeyRound, Loader2 } from 'lucide-react';
import { memo, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { cardState } from '../message-logic.ts';

export interface ActionCardProps {
  action: StreamedAction;
  /** What the server did with it, once known. */
  result: ActionResult | undefined;
  /** request_secrets: opens the secrets dialog again. */
  onEnterSecrets?: (() => void) | undefined;
}

const TYPE_LABELS: Record<string, string> = {
  add_file: 'New file',
  edit_file: 'Rewrite',
  partial_edit: 'Edit',
  delete_file: 'Delete',
  add_entity: 'New entity',
  edit_entity: 'Entity',
  import_entities: 'Import',
  insert_entity_records: 'Records',
  request_secrets: 'Secrets',
  add_package: 'Package',
};

/** The number of lines of an action's content so far ("12 lines" grows while the file is written). */
export function lineCount(content: string): number {
  if (content === '') return 0;
  return content.split('\n').length - (content.endsWith('\n') ? 1 : 0);
}

const WRITES_CONTENT = new Set(['add_file', 'edit_file', 'partial_edit', 'add_entity', 'edit_entity']);

/**
 * One action of a reply (DESIGN.md: action cards show streaming / complete / truncated). Collapsed
 * by default; opened, it shows the file as it is written (issue 21 §8), following its end while it
 * streams.
 */
export const ActionCard = memo(function ActionCard({ action, result, onEnterSecrets }: ActionCardProps) {
  const [open, setOpen] = useState(false);
  const content = useRef<HTMLPreElement | null>(null);
  const streaming = action.status === 'streaming';
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the content as it grows
  useEffect(() => {
    const element = content.current;
    if (open && streaming && element) element.scrollTop = element.scrollHeight;
  }, [open, streaming, action.content]);
  const lines = WRITES_CONTENT.has(action.type) ? lineCount(action.content) : null;
  const state = cardState(action, result);
  const target = action.path ?? action.entity ?? '';
  const note =
    result?.message ??
    (action.status === 'truncated'
      ? unclosedActionNote(action, CHAT_MESSAGES.notAppliedTruncated)
      : action.error);
  const Icon =
    action.status === 'streaming'
      ? Loader2
      : state.tone === 'success'
        ? Check
        : state.tone === 'error'
          ? AlertTriangle
          : state.tone === 'warning'
            ? CircleSlash
            : FileCode2;
  return (
    <div
      className="my-2 rounded-lg border border-border bg-card text-card-foreground"
      data-testid="action-card"
      data-status={action.status}
      data-outcome={result?.outcome ?? ''}
    >
      <button
        type="button"
        className="flex w-full items-center gap-2 px-3 py-2 text-left"
        onClick={() => setOpen((v) => !v)}
        aria-expanded={open}
      >
        <ChevronRight
          aria-hidden="true"
          className={cn('size-3.5 shrink-0 transition-transform', open && 'rotate-90')}
        />
        <Icon
          aria-hidden="true"
          className={cn(
            'size-4 shrink-0',
            action.status === 'streaming' && 'motion-safe:animate-spin',
            state.tone === 'success' && 'text-emerald-600',
            state.tone === 'error' && 'text-destructive',
            state.tone === 'warning' && 'text-amber-600',
          )}
        />
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium">
            {action.title || TYPE_LABELS[action.type] || action.type}
          </span>
          <span className="block truncate text-muted-foreground text-xs">
            {TYPE_LABELS[action.type] ?? action.type}
            {target ? ` · ${target}` : ''}
            {lines !== null && lines > 0 ? (
              <span data-testid="action-lines">{` · ${lines} ${lines === 1 ? 'line' : 'lines'}`}</span>
            ) : null}
          </span>
        </span>
        <span
          className={cn(
            'shrink-0 rounded px-1.5 py-0.5 text-xs',
            state.tone === 'success' && 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-400',
            state.tone === 'error' && 'bg-destructive/10 text-destructive',
            state.tone === 'warning' && 'bg-amber-500/10 text-amber-700 dark:text-amber-400',
            state.tone === 'muted' && 'bg-muted text-muted-foreground',
          )}
        >
          {state.label}
        </span>
      </button>
      {note && state.tone !== 'success' ? (
        <p className="px-3 pb-2 text-muted-foreground text-xs">{note}</p>
      ) : null}
      {result?.details && result.details.length > 1 ? (
        <ul className="list-disc px-8 pb-2 text-muted-foreground text-xs">
          {result.details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      ) : null}
      {action.type === 'request_secrets' && result?.outcome === 'applied' && onEnterSecrets ? (
        <div className="px-3 pb-2">
          <Button size="sm" variant="outline" onClick={onEnterSecrets}>
            <KeyRound aria-hidden="true" />
            Enter secrets
          </Button>
        </div>
      ) : null}
      {open ? (
        <pre
          ref={content}
          data-testid="action-content"
          className="max-h-72 overflow-auto border-border border-t bg-muted/40 px-3 py-2 font-mono text-xs"
        >
          {action.content || '(empty)'}
        </pre>
      ) : null}
    </div>
  );
});
