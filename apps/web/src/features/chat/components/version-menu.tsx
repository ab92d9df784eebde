import { type AppVersion, CHAT_MESSAGES } from '@atelier/shared';
import { History } from 'lucide-react';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { useVersions } from '../api.ts';
import { visibleVersions } from '../message-logic.ts';

export interface VersionMenuProps {
  appId: string;
  previewVersionId: string | null;
  onPreview: (versionId: string | null) => void;
  onRestore: (version: AppVersion) => void;
}

export function VersionMenu({ appId, previewVersionId, onPreview, onRestore }: VersionMenuProps) {
  const versions = useVersions(appId);
  const current = versions.data?.currentVersionId ?? null;
  const list = visibleVersions(versions.data?.versions ?? [], current);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button size="sm" variant="ghost" className="h-7 px-2">
          <History aria-hidden="true" />
          Versions
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-72">
        <DropdownMenuLabel>Versions</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {list.length === 0 ? (
          <p className="px-2 py-1.5 text-muted-foreground text-xs">No versions yet</p>
        ) : null}
        {list.map((version) => (
          <div key={version.id} className="flex items-center gap-1 px-2 py-1 text-xs">
            <span className="min-w-0 flex-1">
              <span className="block truncate">
                v{version.seq} {version.metadata.description ? `· ${version.metadata.description}` : ''}
              </span>
              <span className="block text-muted-foreground">
                <RelativeTime value={version.timestamp} />
                {version.id === current ? ' · current' : ''}
              </span>
            </span>
            {version.id !== current ? (
              <>
                <DropdownMenuItem
                  className="px-1.5 text-xs"
                  onSelect={() => onPreview(previewVersionId === version.id ? null : version.id)}
                >
                  {previewVersionId === version.id ? CHAT_MESSAGES.previewing : CHAT_MESSAGES.preview}
                </DropdownMenuItem>
                <DropdownMenuItem className="px-1.5 text-xs" onSelect={() => onRestore(version)}>
                  Restore
                </DropdownMenuItem>
              </>
            ) : null}
          </div>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
