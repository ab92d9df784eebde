import { CODE_EDITOR_MESSAGES, fileName } from '@atelier/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { fileHistory } from '../api.ts';

export interface FileHistoryDialogProps {
  appId: string;
  file: { id: string; path: string } | null;
  onClose: () => void;
  /** Restores the content as a new version. */
  onRestore: (content: string) => Promise<void>;
}

/** The file's content across the app's versions (spec 1 §2 "File version history dialog"). */
export function FileHistoryDialog({ appId, file, onClose, onRestore }: FileHistoryDialogProps) {
  const history = useQuery({
    queryKey: ['apps', appId, 'file-history', file?.id],
    queryFn: ({ signal }) => fileHistory(appId, file?.id ?? '', signal),
    enabled: file !== null,
    retry: false,
    gcTime: 0,
  });
  const [shown, setShown] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const entries = history.data?.entries ?? [];
  const current = entries.find((e) => e.versionId === shown) ?? entries[0];
  return (
    <Dialog open={file !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Version history of {file ? fileName(file.path) : ''}</DialogTitle>
          <DialogDescription>Restoring makes a new version with that content.</DialogDescription>
        </DialogHeader>
        {history.isError ? <p role="alert">{CODE_EDITOR_MESSAGES.historyFailed}</p> : null}
        {history.isPending ? <p className="text-sm text-muted-foreground">Loading…</p> : null}
        {history.isSuccess && entries.length === 0 ? <p>{CODE_EDITOR_MESSAGES.noVersions}</p> : null}
        {entries.length > 0 ? (
          <div className="grid max-h-[60vh] grid-cols-1 gap-2 sm:grid-cols-[12rem_minmax(0,1fr)]">
            <ul aria-label="Versions" className="overflow-auto text-sm">
              {entries.map((e) => (
                <li key={e.versionId}>
                  <button
                    type="button"
                    aria-current={current?.versionId === e.versionId ? 'true' : undefined}
                    className="w-full rounded px-1 py-0.5 text-left hover:bg-muted aria-[current=true]:bg-muted"
                    onClick={() => setShown(e.versionId)}
                  >
                    <span className="font-medium">Version {e.seq}</span>
                    <span className="block truncate text-xs text-muted-foreground">
                      {e.description ?? ''} · <RelativeTime value={e.timestamp} />
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            <div className="flex min-h-0 flex-col gap-2">
              <pre className="min-h-0 flex-1 overflow-auto rounded border p-2 text-xs">
                {current?.content}
              </pre>
              {current && current.versionId !== entries[0]?.versionId ? (
                <Button
                  size="sm"
                  disabled={busy}
                  onClick={async () => {
                    setBusy(true);
                    try {
                      await onRestore(current.content);
                      onClose();
                    } finally {
                      setBusy(false);
                    }
                  }}
                >
                  Restore version {current.seq}
                </Button>
              ) : null}
            </div>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
