import type { FunctionSummary } from '@atelier/shared';
import { useMemo, useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { useBatchDeploy, useDeployFunction, useFunctions } from '../../functions/api.ts';
import { showBatchResult, showDeployError } from '../../functions/components/deploy-toasts.tsx';
import { STATUS_LABELS } from '../../functions/components/function-row.tsx';

/**
 * The code editor's hold on the app's backend functions (issue 23 #1): each function file's deploy
 * state by path, and the deploy that follows a save of a function file.
 */
export function useEditorFunctions(appId: string, onManageSecrets: () => void) {
  const functions = useFunctions(appId);
  const deploy = useDeployFunction(appId);
  const [deployingPath, setDeployingPath] = useState<string | null>(null);
  const byPath = useMemo(
    () => new Map((functions.data?.functions ?? []).map((fn) => [fn.path, fn])),
    [functions.data],
  );
  /**
   * A saved function file is deployed at once: the server builds it and, when it builds and its
   * secrets are set, it answers calls; the result is a toast and the function's row.
   */
  const deployOnSave = (path: string) => {
    const fn = byPath.get(path);
    if (!fn) return;
    setDeployingPath(path);
    deploy.mutate(fn.name, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => showDeployError(error, onManageSecrets),
      onSettled: () => setDeployingPath(null),
    });
  };
  return { byPath, deployOnSave, deployingPath };
}

/** The deploy state of a function file in the tree. */
export function FunctionStatusBadge({ fn, deploying }: { fn: FunctionSummary; deploying: boolean }) {
  const status = deploying ? 'deploying' : fn.status;
  return (
    <Badge
      variant={status === 'error' ? 'destructive' : status === 'success' ? 'secondary' : 'outline'}
      className="shrink-0 px-1 py-0 text-[10px]"
    >
      {STATUS_LABELS[status]}
    </Badge>
  );
}

/** "Deploy all" beside the Functions group's title: the batch deploy with its three outcomes. */
export function DeployAllButton({ appId, onManageSecrets }: { appId: string; onManageSecrets: () => void }) {
  const deployAll = useBatchDeploy(appId);
  return (
    <Button
      variant="ghost"
      size="sm"
      className="h-6 px-1 text-xs"
      disabled={deployAll.isPending}
      onClick={() =>
        deployAll.mutate(undefined, {
          onSuccess: showBatchResult,
          onError: (error) => showDeployError(error, onManageSecrets),
        })
      }
    >
      {deployAll.isPending ? 'Deploying…' : 'Deploy all'}
    </Button>
  );
}
