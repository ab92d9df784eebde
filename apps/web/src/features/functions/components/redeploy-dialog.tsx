import { FUNCTION_MESSAGES } from '@atelier/shared';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { useBatchDeploy } from '../api.ts';
import { showBatchResult } from './deploy-toasts.tsx';

interface RedeployDialogProps {
  appId: string;
  /** The affected functions; the dialog is open while there are some. */
  names: string[];
  onClose: () => void;
}

/** Spec 1 §2 "an affected-functions redeploy dialog": after a secret change, redeploy the functions using it. */
export function RedeployDialog({ appId, names, onClose }: RedeployDialogProps) {
  const deploy = useBatchDeploy(appId);
  return (
    <Dialog open={names.length > 0} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Redeploy affected functions</DialogTitle>
          <DialogDescription>
            These functions use the secrets you changed. Redeploy them now?
          </DialogDescription>
        </DialogHeader>
        <ul className="grid gap-1 font-mono text-sm">
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Not now
          </Button>
          <Button
            disabled={deploy.isPending}
            onClick={() =>
              deploy.mutate(names, {
                onSuccess: (answer) => {
                  showBatchResult(answer);
                  onClose();
                },
                onError: () => toast.error(FUNCTION_MESSAGES.batchAllFailed(names.length)),
              })
            }
          >
            {deploy.isPending ? 'Redeploying…' : 'Redeploy'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
