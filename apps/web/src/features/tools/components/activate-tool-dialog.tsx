import { TOOL_MESSAGES, type Tool } from '@atelier/shared';
import { CopyIcon, Zap } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { errorMessage } from '../../auth/error-message.ts';
import { isUpgradeableLimit, UpgradePrompt } from '../../plans/components/upgrade-prompt.tsx';
import { toolUrl, useUpdateTool } from '../api.ts';

/**
 * The Activate tool modal (spec 2 §2): 'Activate Your Tool!', a toggle labelled Activate tool or
 * Activated, and a copyable link. Activation needs a title and stays within the plan's live-tool cap
 * (refused by the server; the cap message comes with Upgrade, which opens the plan dialog).
 */
export function ActivateToolDialog({
  appId,
  tool,
  trigger,
}: {
  appId: string;
  tool: Tool;
  trigger?: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const update = useUpdateTool(appId);
  const toggleId = useId();
  const linkId = useId();
  const active = tool.status === 'active';
  const link = toolUrl(tool.path);

  const toggle = async (next: boolean) => {
    setFailure(null);
    try {
      await update.mutateAsync({ toolId: tool.toolId, status: next ? 'active' : 'draft' });
    } catch (error) {
      setFailure(error);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setFailure(null);
      }}
    >
      <DialogTrigger asChild>
        {trigger ?? (
          <Button variant="outline" size="sm">
            <Zap aria-hidden="true" />
            {active ? TOOL_MESSAGES.activatedToggle : 'Activate'}
          </Button>
        )}
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{TOOL_MESSAGES.activateTitle}</DialogTitle>
          <DialogDescription>An active tool is live at its link for anyone to use.</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-4">
          <div className="flex items-center gap-2">
            <Switch
              id={toggleId}
              checked={active}
              disabled={update.isPending}
              onCheckedChange={(on) => void toggle(on)}
            />
            <Label htmlFor={toggleId}>
              {active ? TOOL_MESSAGES.activatedToggle : TOOL_MESSAGES.activateToggle}
            </Label>
          </div>
          {failure !== null &&
            (isUpgradeableLimit(failure) ? (
              <UpgradePrompt message={errorMessage(failure)} />
            ) : (
              <p role="alert" className="text-destructive text-sm">
                {errorMessage(failure)}
              </p>
            ))}
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={linkId}>Tool link</Label>
            <div className="flex gap-2">
              <Input id={linkId} readOnly value={link} onFocus={(event) => event.target.select()} />
              <Button
                type="button"
                variant="outline"
                size="icon"
                aria-label="Copy tool link"
                onClick={() =>
                  void navigator.clipboard
                    ?.writeText(link)
                    .then(() => toast.copied('Tool link copied'))
                    .catch(() => toast.error('Could not copy; select the link and copy it'))
                }
              >
                <CopyIcon aria-hidden="true" />
              </Button>
            </div>
            {active && (
              <a
                href={`/tool/${tool.path}`}
                target="_blank"
                rel="noreferrer"
                className="text-primary text-sm underline"
              >
                Open /tool/{tool.path}
              </a>
            )}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
