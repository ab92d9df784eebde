import type { ConnectorConnection } from '@atelier/shared';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { useConnectorConnections, useDisconnect, useStartConnect } from '../connections-api.ts';

/** The builder's connection to one provider (undefined: the server offers no OAuth for it). */
export function useConnection(provider: string) {
  const connections = useConnectorConnections();
  return { ...connections, data: connections.data?.get(provider) };
}

/** "Connect Notion", or "Connected as … · Disconnect": the builder's own account (issue 23 #20). */
export function ConnectionBar({ appId, connection }: { appId: string; connection: ConnectorConnection }) {
  const start = useStartConnect(appId);
  const disconnect = useDisconnect();
  const { name, provider } = connection;
  if (!connection.connected)
    return (
      <div className="grid gap-2 rounded-md border border-border p-3 text-sm">
        <p className="text-muted-foreground">
          {connection.serverToken
            ? `Connect your own ${name} to import from it instead of the documents shared with this server.`
            : `Connect your ${name} to pick documents from it.`}
        </p>
        {start.isError && (
          <p role="alert" className="text-destructive">
            {start.error.message}
          </p>
        )}
        <Button
          type="button"
          className="justify-self-start"
          disabled={start.isPending || start.isSuccess}
          onClick={() => start.mutate(provider)}
        >
          {start.isPending || start.isSuccess ? 'Connecting…' : `Connect ${name}`}
        </Button>
      </div>
    );
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md border border-border p-3 text-sm">
      <span className="min-w-0 break-words">
        Connected as <strong>{connection.accountName ?? name}</strong>
      </span>
      <span aria-hidden="true">·</span>
      <Button
        type="button"
        variant="link"
        className="h-auto p-0"
        disabled={disconnect.isPending}
        onClick={() =>
          disconnect.mutate(provider, {
            onSuccess: () => toast.success(`Disconnected from ${name}`),
            onError: (error) => toast.error(error.message),
          })
        }
      >
        Disconnect
      </Button>
    </div>
  );
}
