import {
  ACCESS_MESSAGES,
  ACCESS_PRESETS,
  accessLabel,
  type EntityRls,
  permissionChangeRequest,
  presetFor,
} from '@atelier/shared';
import { Check, Shield } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toaster.tsx';

export interface AccessControlPopoverProps {
  entity: string;
  /** The entity's roles; null when its file holds rules in Base44's format (a preset replaces them). */
  rls: EntityRls | null;
  /**
   * Sends a message to the builder's chat (the chat's send function). Choosing a preset does not
   * call the server directly: it asks the assistant to change the permissions (spec 2 §6). It
   * answers false (or throws) when the message did not go through.
   */
  sendChatMessage?: ((text: string) => Promise<boolean | undefined> | boolean | undefined) | undefined;
  /** The chat is answering: permission changes wait (spec 2 §6). */
  chatBusy?: boolean | undefined;
}

/** The access-control popover: the current rules' preset name or "{read} can read, {write} can write", and the presets. */
export function AccessControlPopover({ entity, rls, sendChatMessage, chatBusy }: AccessControlPopoverProps) {
  const [open, setOpen] = useState(false);
  const current = presetFor(rls);

  const choose = async (read: EntityRls['read'], write: EntityRls['write']) => {
    if (chatBusy) {
      toast.error(ACCESS_MESSAGES.chatBusy);
      return;
    }
    try {
      if (!sendChatMessage) throw new Error('The chat is not available here');
      // The chat answers false (or throws) when the message did not go through (issue 23 #11).
      const sent = await sendChatMessage(permissionChangeRequest(entity, { read, write }));
      if (sent === false) throw new Error('The permission change was not sent');
      setOpen(false);
    } catch {
      toast.error(ACCESS_MESSAGES.requestFailed);
    }
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Button variant="outline" size="sm" aria-label={`Access control: ${accessLabel(rls)}`}>
          <Shield aria-hidden="true" />
          <span className="max-w-64 truncate">{accessLabel(rls)}</span>
        </Button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          className="z-50 grid w-96 gap-1 rounded-lg border border-border bg-background p-2 text-sm shadow-lg"
        >
          <p className="px-2 py-1 text-muted-foreground text-xs">Who can read and write {entity} records</p>
          {ACCESS_PRESETS.map((preset) => (
            <button
              key={preset.id}
              type="button"
              className="grid gap-0.5 rounded-md px-2 py-1.5 text-left hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
              onClick={() => void choose(preset.read, preset.write)}
              aria-current={current?.id === preset.id ? 'true' : undefined}
            >
              <span className="flex items-center gap-2 font-medium">
                {preset.name}
                {current?.id === preset.id && <Check className="size-3.5" aria-label="Current" />}
              </span>
              <span className="text-muted-foreground text-xs">{preset.description}</span>
            </button>
          ))}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
