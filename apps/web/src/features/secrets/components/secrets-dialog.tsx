import { useState } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { RedeployDialog } from '../../functions/components/redeploy-dialog.tsx';
import { SecretsEditor } from './secrets-editor.tsx';

interface SecretsDialogProps {
  appId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The Secrets manager of the code editor (spec 1 §2 "Secrets manager; an affected-functions
 * redeploy dialog"): the secrets editor in a dialog; a change to secrets that deployed functions
 * read closes it and offers to redeploy them.
 */
export function SecretsDialog({ appId, open, onOpenChange }: SecretsDialogProps) {
  const [affected, setAffected] = useState<string[]>([]);
  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-2xl overflow-y-auto">
          <DialogHeader>
            <DialogTitle>Secrets manager</DialogTitle>
            <DialogDescription>
              Environment variables your backend functions read. Changing one can need a redeploy.
            </DialogDescription>
          </DialogHeader>
          {open && (
            <SecretsEditor
              appId={appId}
              onAffectedFunctions={(names) => {
                onOpenChange(false);
                setAffected(names);
              }}
            />
          )}
        </DialogContent>
      </Dialog>
      <RedeployDialog appId={appId} names={affected} onClose={() => setAffected([])} />
    </>
  );
}
