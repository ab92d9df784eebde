import { type ContextItem, DATA_SOURCE_MESSAGES } from '@atelier/shared';
import { LoaderCircleIcon, MoreHorizontalIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { useDeleteItem, useRenameItem, useResyncItem } from '../api.ts';
import { formatBytes, formatDate, STATUS_LABELS, TYPE_LABELS } from '../format.ts';

function progressText(item: ContextItem): string | undefined {
  const p = item.progress;
  if (!p || item.status !== 'running') return undefined;
  const pages =
    p.pagesDone > 0 ? `${p.pagesDone}${p.pagesTotal ? ` / ${p.pagesTotal}` : ''} pages` : undefined;
  return [pages, p.chunks > 0 ? `${p.chunks} chunks` : undefined].filter(Boolean).join(' · ') || undefined;
}

export function ItemRow({ appId, item }: { appId: string; item: ContextItem }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(item.name);
  const rename = useRenameItem(appId);
  const remove = useDeleteItem(appId);
  const resync = useResyncItem(appId);
  const fromConnector = item.provider === 'notion' || item.provider === 'google_drive';
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    rename.mutate(
      { id: item.id, name: name.trim() },
      {
        onSuccess: () => setEditing(false),
        onError: () => toast.error(DATA_SOURCE_MESSAGES.renameFailed),
      },
    );
  };
  const progress = progressText(item);
  return (
    <li className="grid grid-cols-[1fr_auto] items-center gap-3 border-border border-b py-2 last:border-b-0">
      <div className="min-w-0">
        {editing ? (
          <form onSubmit={save} className="flex gap-2">
            <Input aria-label="Item name" value={name} onChange={(e) => setName(e.target.value)} autoFocus />
            <Button type="submit" size="sm" disabled={rename.isPending}>
              Save
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </form>
        ) : (
          <p className="truncate font-medium text-sm">{item.name}</p>
        )}
        <p className="flex flex-wrap items-center gap-x-2 text-muted-foreground text-xs">
          <Badge
            variant={
              item.status === 'error' || item.status === 'usage_limit_reached' ? 'destructive' : 'secondary'
            }
          >
            {item.status === 'running' && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
            {STATUS_LABELS[item.status]}
          </Badge>
          <span>{TYPE_LABELS[item.type]}</span>
          <span>{formatBytes(item.size)}</span>
          <span>Uploaded {formatDate(item.createdAt)}</span>
          {progress && <span>{progress}</span>}
        </p>
        {item.statusReason && <p className="text-destructive text-xs">{item.statusReason}</p>}
      </div>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon-sm" aria-label={`Actions for ${item.name}`}>
            <MoreHorizontalIcon aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem
            onSelect={() => {
              setName(item.name);
              setEditing(true);
            }}
          >
            Rename
          </DropdownMenuItem>
          {fromConnector && (
            <DropdownMenuItem
              onSelect={() => resync.mutate(item.id, { onError: (e) => toast.error(e.message) })}
            >
              Sync again
            </DropdownMenuItem>
          )}
          <DropdownMenuItem
            variant="destructive"
            onSelect={() =>
              remove.mutate(item.id, { onError: () => toast.error(DATA_SOURCE_MESSAGES.deleteFailed) })
            }
          >
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </li>
  );
}
