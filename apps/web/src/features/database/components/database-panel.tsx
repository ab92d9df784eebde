import { DATABASE_MESSAGES, HIDDEN_ENTITY_NAME } from '@atelier/shared';
import { Database } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { errorMessage } from '../../auth/error-message.ts';
import { useEntities } from '../api.ts';
import type { AccessControlPopoverProps } from './access-control-popover.tsx';
import { EntityRecords } from './entity-records.tsx';

export interface DatabasePanelProps extends Pick<AccessControlPopoverProps, 'sendChatMessage' | 'chatBusy'> {
  appId: string;
  /** The app's current version: a new one (a chat reply, a restore) reloads the entities. */
  currentVersionId?: string | null;
}

/**
 * The database panel (spec 2 §2): the app's entities on the left (User hidden), the chosen
 * entity's table on the right.
 */
export function DatabasePanel({ appId, currentVersionId, sendChatMessage, chatBusy }: DatabasePanelProps) {
  const entities = useEntities(appId, currentVersionId);
  // The chosen entity lives in the URL (?entity=), so a reload or a shared link keeps it.
  const [params, setParams] = useSearchParams();
  const chosen = params.get('entity');
  if (entities.isPending) return <Skeleton className="m-4 h-[520px]" />;
  if (entities.isError) {
    return (
      <p role="alert" className="m-4 text-destructive text-sm">
        {errorMessage(entities.error)}
      </p>
    );
  }
  const visible = entities.data.entities.filter((entity) => entity.name !== HIDDEN_ENTITY_NAME);
  if (visible.length === 0) {
    return (
      <div className="grid place-items-center gap-2 p-12 text-center text-muted-foreground">
        <Database className="size-8" aria-hidden="true" />
        <p>{DATABASE_MESSAGES.noEntities}</p>
      </div>
    );
  }
  const current = visible.find((entity) => entity.name === chosen) ?? visible[0]!;
  return (
    <div className="flex min-h-0 gap-4 p-4">
      <nav aria-label="Entities" className="w-48 shrink-0">
        <ul className="grid gap-0.5">
          {visible.map((entity) => (
            <li key={entity.name}>
              <button
                type="button"
                aria-current={entity.name === current.name ? 'true' : undefined}
                onClick={() => setParams({ entity: entity.name }, { replace: true })}
                className={cn(
                  'w-full truncate rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent',
                  entity.name === current.name && 'bg-accent font-medium',
                )}
              >
                {entity.name}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <EntityRecords
        key={current.name}
        appId={appId}
        entity={current}
        sendChatMessage={sendChatMessage}
        chatBusy={chatBusy}
      />
    </div>
  );
}
