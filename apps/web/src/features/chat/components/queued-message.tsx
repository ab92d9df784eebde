import { CHAT_MESSAGES } from '@atelier/shared';
import { Clock, X } from 'lucide-react';
import type { SendOptions } from '../hooks/use-app-chat.ts';

/** A message typed while a reply runs: sent when the reply ends, unless removed. */
export interface QueuedMessage {
  text: string;
  options: SendOptions;
}

/** The queued message that is due now: the reply has ended (the server takes one reply at a time). */
export function dueMessage(busy: boolean, queued: QueuedMessage | null): QueuedMessage | null {
  return busy ? null : queued;
}

export function QueuedMessageNote({ queued, onRemove }: { queued: QueuedMessage; onRemove: () => void }) {
  const files = queued.options.attachments?.length ?? 0;
  return (
    <output
      aria-label={CHAT_MESSAGES.queued}
      className="flex items-start gap-2 rounded-md border border-border border-dashed px-2 py-1.5 text-sm"
    >
      <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <span className="min-w-0 flex-1">
        <span className="line-clamp-2 whitespace-pre-wrap break-words">
          {queued.text || `${files} ${files === 1 ? 'file' : 'files'}`}
        </span>
        <span className="block text-muted-foreground text-xs">{CHAT_MESSAGES.queued}</span>
      </span>
      <button
        type="button"
        aria-label={CHAT_MESSAGES.removeQueued}
        title={CHAT_MESSAGES.removeQueued}
        onClick={onRemove}
        className="rounded p-0.5 text-muted-foreground hover:text-foreground focus-visible:outline-2"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </output>
  );
}
