import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_MAX_ATTACHMENTS,
  CHAT_MESSAGES,
  type ChatAttachment,
} from '@atelier/shared';
import { ListPlus, Loader2, Paperclip, Send, Square, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { errorMessage } from '../../auth/error-message.ts';
import { chatApi } from '../api.ts';
import type { SendOptions } from '../hooks/use-app-chat.ts';
import { dueMessage, type QueuedMessage, QueuedMessageNote } from './queued-message.tsx';

export interface ChatInputProps {
  appId: string;
  busy: boolean;
  onSend: (text: string, options: SendOptions) => void;
  /** Stops the running reply (the button and Esc); absent: no Stop offered. */
  onStop?: () => void;
  stopping?: boolean;
}

/**
 * The message box: Enter sends, Shift+Enter starts a new line; files attach; discuss mode. While a
 * reply runs, Enter (or Queue) queues one message, which is sent when the reply ends (issue 21 §3).
 */
export function ChatInput({ appId, busy, onSend, onStop, stopping = false }: ChatInputProps) {
  const [text, setText] = useState('');
  const [attachments, setAttachments] = useState<ChatAttachment[]>([]);
  const [uploading, setUploading] = useState(0);
  const [discuss, setDiscuss] = useState(false);
  const discussId = useId();
  const fileInput = useRef<HTMLInputElement | null>(null);
  const [queued, setQueued] = useState<QueuedMessage | null>(null);
  const ready = uploading === 0 && (text.trim() !== '' || attachments.length > 0);
  const canSend = !busy && ready;
  const canQueue = busy && ready && queued === null;

  // The reply ended: the queued message goes out now.
  useEffect(() => {
    const due = dueMessage(busy, queued);
    if (!due) return;
    setQueued(null);
    onSend(due.text, due.options);
  }, [busy, queued, onSend]);

  // Esc stops the reply (unless a dialog or menu took the key first).
  useEffect(() => {
    if (!busy || !onStop) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.querySelector('[role="dialog"], [role="menu"]')) return;
      onStop();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [busy, onStop]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (canSend) onSend(text.trim(), { attachments, discuss });
    else if (canQueue) setQueued({ text: text.trim(), options: { attachments, discuss } });
    else return;
    setText('');
    setAttachments([]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const attach = async (files: FileList | null) => {
    for (const file of Array.from(files ?? []).slice(0, CHAT_MAX_ATTACHMENTS - attachments.length)) {
      if (file.size >= CHAT_ATTACHMENT_MAX_BYTES) {
        toast.error(CHAT_MESSAGES.attachmentTooLarge);
        continue;
      }
      setUploading((n) => n + 1);
      try {
        const uploaded = await chatApi.upload(appId, file);
        setAttachments((list) => [
          ...list,
          { name: uploaded.name, url: uploaded.url, contentType: uploaded.contentType },
        ]);
      } catch (error) {
        toast.error(errorMessage(error, CHAT_MESSAGES.attachmentUploadFailed));
      } finally {
        setUploading((n) => n - 1);
      }
    }
    if (fileInput.current) fileInput.current.value = '';
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-2 border-border border-t p-3">
      {queued ? <QueuedMessageNote queued={queued} onRemove={() => setQueued(null)} /> : null}
      {attachments.length > 0 || uploading > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Attached files">
          {attachments.map((a) => (
            <li
              key={a.url}
              className="inline-flex items-center gap-1 rounded border border-border px-2 py-0.5 text-xs"
            >
              {a.name}
              <button
                type="button"
                aria-label={`Remove ${a.name}`}
                onClick={() => setAttachments((list) => list.filter((x) => x.url !== a.url))}
              >
                <X aria-hidden="true" className="size-3" />
              </button>
            </li>
          ))}
          {uploading > 0 ? (
            <li className="inline-flex items-center gap-1 text-muted-foreground text-xs">
              <Loader2 aria-hidden="true" className="size-3 motion-safe:animate-spin" />
              Uploading…
            </li>
          ) : null}
        </ul>
      ) : null}
      <label htmlFor="chat-message" className="sr-only">
        Message
      </label>
      <Textarea
        id="chat-message"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={
          discuss ? 'Ask a question (nothing will be changed)' : 'Describe what to build or change'
        }
        className="max-h-48 min-h-16 resize-none"
      />
      <div className="flex items-center gap-2">
        <input
          ref={fileInput}
          type="file"
          multiple
          className="sr-only"
          id="chat-attach"
          accept="image/png,image/jpeg,image/gif,image/webp,application/pdf,text/plain,text/csv,text/markdown,application/json"
          onChange={(event) => void attach(event.target.files)}
        />
        <Button
          type="button"
          variant="ghost"
          size="icon-sm"
          aria-label="Attach files"
          onClick={() => fileInput.current?.click()}
        >
          <Paperclip aria-hidden="true" />
        </Button>
        <div className="flex items-center gap-1.5 text-muted-foreground text-xs">
          <Switch id={discussId} checked={discuss} onCheckedChange={setDiscuss} />
          <label htmlFor={discussId}>Discuss mode</label>
        </div>
        {busy ? (
          <Button type="submit" size="sm" variant="ghost" className="ml-auto" disabled={!canQueue}>
            <ListPlus aria-hidden="true" />
            {CHAT_MESSAGES.queue}
          </Button>
        ) : null}
        {busy && onStop ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={onStop}
            disabled={stopping}
            aria-keyshortcuts="Escape"
          >
            {stopping ? (
              <Loader2 aria-hidden="true" className="motion-safe:animate-spin" />
            ) : (
              <Square aria-hidden="true" />
            )}
            {CHAT_MESSAGES.stop}
          </Button>
        ) : null}
        {busy ? null : (
          <Button type="submit" size="sm" className="ml-auto" disabled={!canSend}>
            <Send aria-hidden="true" />
            Send
          </Button>
        )}
      </div>
    </form>
  );
}
