import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useBatchDeploy, useFunctions } from '../api.ts';
import { showBatchResult } from './deploy-toasts.tsx';
import { FunctionRow } from './function-row.tsx';

interface FunctionsPanelProps {
  appId: string;
  /** Brings the secrets editor into view (the "Manage Secrets" button). */
  onManageSecrets: () => void;
}

/** The backend functions of the app's current version, with deploy and batch deploy. */
export function FunctionsPanel({ appId, onManageSecrets }: FunctionsPanelProps) {
  const functions = useFunctions(appId);
  const deployAll = useBatchDeploy(appId);
  if (functions.isPending) return <Skeleton className="h-32 w-full" />;
  if (functions.isError) {
    return (
      <p role="alert" className="text-destructive text-sm">
        Could not load functions. Please try again.
      </p>
    );
  }
  const list = functions.data.functions;
  return (
    <section aria-label="Functions" className="grid min-w-0 gap-3">
      <div className="flex items-center justify-between">
        <h2 className="font-semibold text-base">Functions</h2>
        <Button
          variant="outline"
          size="sm"
          disabled={list.length === 0 || deployAll.isPending}
          onClick={() => deployAll.mutate(undefined, { onSuccess: showBatchResult })}
        >
          {deployAll.isPending ? 'Deploying…' : 'Deploy all'}
        </Button>
      </div>
      {list.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          No functions yet. Add a file in functions/ (or ask the chat) to create a backend function.
        </p>
      ) : (
        <ul className="grid gap-3">
          {list.map((fn) => (
            <FunctionRow key={fn.name} appId={appId} fn={fn} onManageSecrets={onManageSecrets} />
          ))}
        </ul>
      )}
    </section>
  );
}
