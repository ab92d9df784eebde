import { DIFF_MESSAGES } from '@atelier/shared';
import { GitCompare } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { CompareDialog } from './compare-dialog.tsx';

export interface AllChangesButtonProps {
  appId: string;
  isAdmin: boolean;
  /** A chat reply or a save is in flight: the diff would miss it (spec 2 §8, spec 3 §8). */
  busy: () => boolean;
  onMerged?: () => void;
}

/** Opens the all-changes diff view, unless changes are still being made. */
export function AllChangesButton({ appId, isAdmin, busy, onMerged }: AllChangesButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          if (busy()) toast.error(DIFF_MESSAGES.waitForChanges);
          else setOpen(true);
        }}
      >
        <GitCompare aria-hidden="true" />
        All changes
      </Button>
      {open ? (
        <CompareDialog
          appId={appId}
          open={open}
          onOpenChange={setOpen}
          isAdmin={isAdmin}
          onMerged={onMerged}
        />
      ) : null}
    </>
  );
}
