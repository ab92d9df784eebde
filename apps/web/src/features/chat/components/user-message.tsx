import { CHAT_MESSAGES } from '@atelier/shared';
import { FileText, RotateCcw, Undo2 } from 'lucide-react';
import { CopyButton } from '../../../components/markdown/copy-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { revertKind } from '../message-logic.ts';
import { attachmentsOf, type ChatUIMessage, isDiscuss, textOf } from '../types.ts';

export interface UserMessageProps {
  message: ChatUIMessage;
  /** Sending failed (no reply came): shows Retry. */
  failed: boolean;
  /** The last user message whose reply failed: Retry is offered. */
  canRetry: boolean;
  busy: boolean;
  /** The read-only view (spec 3 §6): no Retry, no Revert. */
  readOnly?: boolean;
  onRetry: (message: ChatUIMessage) => void;
  onRevert: (message: ChatUIMessage) => void;
}

export function UserMessage({
  message,
  failed,
  canRetry,
  busy,
  readOnly,
  onRetry,
  onRevert,
}: UserMessageProps) {
  const attachments = attachmentsOf(message);
  const kind = readOnly ? null : revertKind(message);
  const system = message.metadata?.systemActionInfo;
  return (
    <div className="flex flex-col items-end gap-1" data-role="user">
      <div
        className={
          system?.type === 'restore' || system?.type === 'undo_restore'
            ? 'max-w-[90%] rounded-lg border border-border border-dashed px-3 py-2 text-muted-foreground'
            : 'max-w-[90%] rounded-lg bg-primary/10 px-3 py-2'
        }
      >
        {attachments.length > 0 ? (
          <div className="mb-2 flex flex-wrap gap-2">
            {attachments.map((a) =>
              a.contentType.startsWith('image/') ? (
                <a key={a.url} href={a.url} target="_blank" rel="noreferrer">
                  <img src={a.url} alt={a.name} className="max-h-32 rounded-md border border-border" />
                </a>
              ) : (
                <a
                  key={a.url}
                  href={a.url}
                  className="inline-flex items-center gap-1 rounded border border-border px-2 py-1 text-xs"
                >
                  <FileText aria-hidden="true" className="size-3.5" />
                  {a.name}
                </a>
              ),
            )}
          </div>
        ) : null}
        <p className="whitespace-pre-wrap break-words">{textOf(message)}</p>
      </div>
      <div className="flex items-center gap-1 text-muted-foreground">
        <CopyButton label={CHAT_MESSAGES.copyMessage} text={() => textOf(message)} />
        {isDiscuss(message) ? <span className="text-xs">Discuss mode</span> : null}
        {failed ? <span className="text-destructive text-xs">Not sent</span> : null}
        {canRetry && !readOnly ? (
          <Button
            size="sm"
            variant="ghost"
            className="h-7 px-2"
            disabled={busy}
            onClick={() => onRetry(message)}
          >
            <RotateCcw aria-hidden="true" />
            {CHAT_MESSAGES.retry}
          </Button>
        ) : null}
        {kind ? (
          <Button
            size="sm"
            variant="ghost"
            className="h-7 px-2"
            disabled={busy}
            onClick={() => onRevert(message)}
          >
            {kind === 'undo' ? <Undo2 aria-hidden="true" /> : <RotateCcw aria-hidden="true" />}
            {kind === 'undo' ? CHAT_MESSAGES.undoRestore : CHAT_MESSAGES.revert}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
