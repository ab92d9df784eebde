import { type AppSummary, chatToggleLabel } from '@atelier/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Label } from '../../../components/ui/label.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { queryKeys } from '../../apps/api.ts';
import { type ChatStatus, optimisticStatus, settleChatToggle } from '../chat-activation.ts';
import { activateChat } from '../settings-api.ts';

const statusOf = (app: AppSummary): ChatStatus => {
  const assistant = app.builder.chatAssistant as { status?: string } | undefined;
  return assistant?.status === 'active' ? 'active' : 'draft';
};

/**
 * App chat (spec 2 §2 "Activate chat assistant modal", admins): one switch labelled Activate chat or
 * Activated. It flips at once and rolls back when `POST /api/apps/{appId}/chat/activate` fails.
 */
export function ChatActivationPanel({ app }: { app: AppSummary }) {
  const [status, setStatus] = useState<ChatStatus>(() => statusOf(app));
  const [busy, setBusy] = useState(false);
  const client = useQueryClient();
  const id = useId();
  const isActive = status === 'active';

  const toggle = async (next: boolean) => {
    const previous = status;
    setStatus(optimisticStatus(next));
    setBusy(true);
    let ok = false;
    try {
      await activateChat(app.id, next);
      ok = true;
    } catch {
      ok = false;
    }
    const outcome = settleChatToggle(previous, next, ok);
    setStatus(outcome.status);
    setBusy(false);
    if (outcome.toast.kind === 'success') toast.success(outcome.toast.message);
    else toast.error(outcome.toast.message);
    if (ok) void client.invalidateQueries({ queryKey: queryKeys.app(app.id) });
  };

  return (
    <div className="flex flex-col gap-2">
      <p className="text-muted-foreground text-sm">
        Let visitors of the published app talk to a chat assistant that answers from the app's data sources.
      </p>
      <div className="flex items-center gap-2">
        <Switch id={id} checked={isActive} disabled={busy} onCheckedChange={(on) => void toggle(on)} />
        <Label htmlFor={id}>{chatToggleLabel(isActive)}</Label>
      </div>
    </div>
  );
}
