import { FUNCTION_MESSAGES, type FunctionSummary } from '@atelier/shared';
import { CopyIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { useDeployFunction } from '../api.ts';
import { MissingSecretList, showDeployError } from './deploy-toasts.tsx';
import { InvocationsList } from './invocations-list.tsx';
import { ScheduleList } from './schedule-list.tsx';

export const STATUS_LABELS: Record<FunctionSummary['status'], string> = {
  not_deployed: 'Not deployed',
  pending: 'Pending',
  deploying: 'Deploying…',
  success: 'Deployed',
  error: 'Error',
};

interface FunctionRowProps {
  appId: string;
  fn: FunctionSummary;
  onManageSecrets: () => void;
  deploying?: boolean;
}

/**
 * One backend function, shown in the code editor under its file (spec 1 §2: the functions group with
 * deploy status): deploy state, Deploy (Redeploy once it is live), the secrets it needs, the
 * webhook URL, its scheduled automations and recent invocations. `deploying` is true while a deploy started elsewhere (the
 * editor's deploy on save) runs.
 */
export function FunctionRow({ appId, fn, onManageSecrets, deploying = false }: FunctionRowProps) {
  const deploy = useDeployFunction(appId);
  const [showCalls, setShowCalls] = useState(false);
  const status = deploy.isPending || deploying ? 'deploying' : fn.status;
  const latestError = fn.latest?.status === 'error' ? fn.latest.error : null;
  return (
    <section
      aria-label={`Function ${fn.name}`}
      className="grid min-w-0 gap-2 border-border border-b bg-muted/30 px-2 py-2"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium font-mono text-sm">{fn.name}</span>
        <Badge variant={status === 'error' ? 'destructive' : status === 'success' ? 'secondary' : 'outline'}>
          {STATUS_LABELS[status]}
        </Badge>
        {fn.live && fn.changedSinceDeploy && <Badge variant="outline">Changed since deploy</Badge>}
        <div className="ml-auto flex gap-2">
          <Button variant="ghost" size="sm" onClick={() => setShowCalls((v) => !v)} aria-expanded={showCalls}>
            {showCalls ? 'Hide invocations' : 'Recent invocations'}
          </Button>
          <Button
            size="sm"
            disabled={status === 'deploying'}
            onClick={() =>
              deploy.mutate(fn.name, {
                onSuccess: (answer) => toast.success(answer.message),
                onError: (error) => showDeployError(error, onManageSecrets),
              })
            }
          >
            {fn.live ? 'Redeploy' : 'Deploy'}
          </Button>
        </div>
      </div>
      {fn.envReads.length > 0 && (
        <p className="text-muted-foreground text-xs">
          Secrets: <span className="font-mono">{fn.envReads.join(', ')}</span>
        </p>
      )}
      {fn.missingSecrets.length > 0 && (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-destructive text-xs">
          <div className="grid gap-0.5">
            <span>{FUNCTION_MESSAGES.missingSecrets}: </span>
            <MissingSecretList secrets={fn.missingSecretDetails} />
          </div>
          <Button size="sm" variant="outline" onClick={onManageSecrets}>
            {FUNCTION_MESSAGES.manageSecrets}
          </Button>
        </div>
      )}
      {latestError?.type === 'compile' && (
        <pre className="whitespace-pre-wrap text-destructive text-xs">
          {(latestError.diagnostics ?? []).join('\n')}
        </pre>
      )}
      <WebhookUrl url={fn.webhookUrl} />
      <ScheduleList appId={appId} name={fn.name} schedules={fn.schedules} />
      {showCalls && <InvocationsList appId={appId} name={fn.name} />}
    </section>
  );
}

function WebhookUrl({ url }: { url: string | null }) {
  if (!url) return <p className="text-muted-foreground text-xs">{FUNCTION_MESSAGES.notPublished}</p>;
  return (
    <div className="flex min-w-0 items-center gap-2 text-xs">
      <span className="shrink-0 text-muted-foreground">Webhook URL</span>
      <code className="min-w-0 truncate rounded bg-muted px-1.5 py-0.5" data-testid="webhook-url">
        {url}
      </code>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label="Copy webhook URL"
        onClick={() =>
          void navigator.clipboard?.writeText(url).then(() => toast.copied('Webhook URL copied'))
        }
      >
        <CopyIcon aria-hidden="true" />
      </Button>
    </div>
  );
}
