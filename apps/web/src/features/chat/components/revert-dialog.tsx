import { CHAT_MESSAGES } from '@atelier/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';

export interface RevertRequest {
  kind: 'revert' | 'undo';
  /** Messages the confirmation removes. */
  removedCount: number;
  run: () => Promise<void>;
}

/** The revert / undo-restore confirmation (spec 3 §4): the count of removed messages is shown. */
export function RevertDialog({ request, onClose }: { request: RevertRequest | null; onClose: () => void }) {
  const [running, setRunning] = useState(false);
  const undo = request?.kind === 'undo';
  const confirm = async () => {
    if (!request) return;
    setRunning(true);
    try {
      await request.run();
    } finally {
      setRunning(false);
      onClose();
    }
  };
  return (
    <Dialog open={request !== null} onOpenChange={(open) => (open || running ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{undo ? `${CHAT_MESSAGES.undoRestore}?` : 'Revert to this version?'}</DialogTitle>
          <DialogDescription>
            {undo
              ? 'The app goes back to the version it had before this restore, as a new version.'
              : 'The app goes back to the version of this message, as a new version. Nothing in the version history is lost.'}{' '}
            {request && request.removedCount > 0 ? CHAT_MESSAGES.removedMessages(request.removedCount) : ''}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={running}>
            Cancel
          </Button>
          <Button onClick={() => void confirm()} disabled={running}>
            {undo ? CHAT_MESSAGES.undoRestore : CHAT_MESSAGES.revert}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
