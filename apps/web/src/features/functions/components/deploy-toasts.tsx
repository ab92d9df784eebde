import { type BatchDeployResponse, FUNCTION_MESSAGES, type MissingSecret } from '@atelier/shared';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { ApiError } from '../../../lib/api-client.ts';

/** The toast of a failed deploy: "Missing required secrets" (with Manage Secrets) or "Failed to deploy function". */
export function showDeployError(error: unknown, onManageSecrets: () => void) {
  if (error instanceof ApiError && error.code === 'missing_secrets') {
    const details = error.details as
      | { missingSecrets?: string[]; missingSecretDetails?: MissingSecret[] }
      | undefined;
    const secrets =
      details?.missingSecretDetails ??
      (details?.missingSecrets ?? []).map((key) => ({ key, description: '' }));
    toast.error(FUNCTION_MESSAGES.missingSecrets, {
      description: (
        <span className="grid gap-2">
          <MissingSecretList secrets={secrets} />
          <Button size="sm" variant="outline" onClick={onManageSecrets}>
            {FUNCTION_MESSAGES.manageSecrets}
          </Button>
        </span>
      ),
    });
    return;
  }
  toast.error(FUNCTION_MESSAGES.deployFailed, {
    description:
      error instanceof ApiError
        ? ((error.details as { diagnostics?: string[] } | undefined)?.diagnostics?.[0] ?? undefined)
        : undefined,
  });
}

/** Batch deploy: the server's success, partial or all-failed message. */
export function showBatchResult(answer: BatchDeployResponse) {
  if (answer.outcome === 'success') toast.success(answer.message);
  else if (answer.outcome === 'partial') toast.info(answer.message);
  else toast.error(answer.message);
}

/** Each missing secret's name and, when the chat's secrets request gave one, what it is for. */
export function MissingSecretList({ secrets }: { secrets: readonly MissingSecret[] }) {
  return (
    <ul className="grid gap-0.5" aria-label="Missing secrets">
      {secrets.map((secret) => (
        <li key={secret.key}>
          <span className="font-mono">{secret.key}</span>
          {secret.description ? ` — ${secret.description}` : null}
        </li>
      ))}
    </ul>
  );
}
