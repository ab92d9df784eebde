import { Badge } from '../../../components/ui/badge.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useInvocations } from '../api.ts';

/** The recent invocations of a function: status, duration, error and log lines. */
export function InvocationsList({ appId, name }: { appId: string; name: string }) {
  const invocations = useInvocations(appId, name, true);
  if (invocations.isPending) return <Skeleton className="h-16 w-full" />;
  if (invocations.isError) return <p className="text-destructive text-xs">Could not load invocations</p>;
  const list = invocations.data.invocations;
  if (list.length === 0) {
    return (
      <p className="text-muted-foreground text-xs">No invocations yet. Call the webhook URL to run it.</p>
    );
  }
  return (
    <ol aria-label={`Recent invocations of ${name}`} className="grid gap-2">
      {list.map((invocation) => (
        <li key={invocation.id} className="grid gap-1 rounded-md border border-border p-2 text-xs">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant={invocation.status === 'success' ? 'secondary' : 'destructive'}>
              {invocation.status} · {invocation.httpStatus}
            </Badge>
            <span>{invocation.durationMs} ms</span>
            {invocation.cold && <span className="text-muted-foreground">cold start</span>}
            <span className="text-muted-foreground">{new Date(invocation.createdAt).toLocaleString()}</span>
          </div>
          {invocation.error && <p className="text-destructive">{invocation.error}</p>}
          {invocation.logs.length > 0 && (
            <pre className="max-h-40 overflow-auto whitespace-pre-wrap rounded bg-muted p-2 font-mono">
              {invocation.logs.map((line) => `[${line.level}] ${line.message}`).join('\n')}
            </pre>
          )}
        </li>
      ))}
    </ol>
  );
}
