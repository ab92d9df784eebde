import { type AppSummary, DATABASE_MESSAGES, HIDDEN_ENTITY_NAME } from '@atelier/shared';
import { Database } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../auth/error-message.ts';
import { useEntities, useRecordCount } from '../../database/api.ts';

const databasePath = (appId: string, entity?: string) =>
  `/build/app/${encodeURIComponent(appId)}/database${entity ? `?entity=${encodeURIComponent(entity)}` : ''}`;

/**
 * The Database entry of the side panel (spec 2 §2, space apps): the app's entities (User hidden)
 * with their record counts, each opening the Database view on it.
 */
export function DatabaseEntryPanel({ app }: { app: AppSummary }) {
  const entities = useEntities(app.id, app.currentVersionId);
  if (entities.isPending) return <Skeleton className="h-24 w-full" />;
  if (entities.isError) {
    return (
      <p role="alert" className="text-destructive text-sm">
        {errorMessage(entities.error)}
      </p>
    );
  }
  const visible = entities.data.entities.filter((entity) => entity.name !== HIDDEN_ENTITY_NAME);
  return (
    <div className="flex flex-col gap-3">
      {visible.length === 0 ? (
        <p className="text-muted-foreground text-sm">{DATABASE_MESSAGES.noEntities}</p>
      ) : (
        <ul aria-label="Entities" className="grid gap-1">
          {visible.map((entity) => (
            <li key={entity.name}>
              <Link
                to={databasePath(app.id, entity.name)}
                className="flex items-center justify-between gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-accent"
              >
                <span className="truncate">{entity.name}</span>
                <RecordCount appId={app.id} entity={entity.name} />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Button variant="outline" size="sm" asChild>
        <Link to={databasePath(app.id)}>
          <Database aria-hidden="true" />
          Open database
        </Link>
      </Button>
    </div>
  );
}

function RecordCount({ appId, entity }: { appId: string; entity: string }) {
  const count = useRecordCount(appId, entity, { sort: '-createdAt', q: undefined });
  if (count.data === undefined) return null;
  return (
    <span className="shrink-0 text-muted-foreground text-xs">
      {count.data.toLocaleString('en-US')} {count.data === 1 ? 'record' : 'records'}
    </span>
  );
}
