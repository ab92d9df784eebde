import type { AppSummary, AppTypeName } from '@atelier/shared';
import { appTitle } from '@atelier/shared';
import { MoreHorizontalIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../auth/error-message.ts';
import { useAppsList, useDeleteApp, useUpdateApp } from '../api.ts';

export const APP_TYPE_LABELS: Record<AppTypeName, string> = {
  GEN_APP: 'Generated app',
  AI_TOOL: 'Single tool',
  AI_APP: 'AI app',
  SPACE_APP: 'Space app',
  CHAT: 'Chat',
};

const updatedFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The builder's apps on /home: one card each (name, type, status, updated time) with open, rename and delete. */
export function AppCards() {
  const list = useAppsList();
  const [renaming, setRenaming] = useState<AppSummary | null>(null);
  const [deleting, setDeleting] = useState<AppSummary | null>(null);
  if (list.isPending) return <Skeleton className="h-28 w-full" />;
  if (list.isError) {
    return (
      <p role="alert" className="text-destructive text-sm">
        {errorMessage(list.error)}
      </p>
    );
  }
  const apps = list.data.apps;
  if (apps.length === 0) {
    return (
      <div className="rounded-lg border border-border border-dashed p-8 text-center">
        <p className="font-medium">No apps yet</p>
        <p className="mt-1 text-muted-foreground text-sm">
          Describe your first app or tool above and start building.
        </p>
      </div>
    );
  }
  return (
    <>
      <ul aria-label="Your apps" className="grid gap-3 sm:grid-cols-2">
        {apps.map((app) => (
          <li key={app.id} className="flex flex-col gap-2 rounded-lg border border-border bg-card p-4">
            <div className="flex items-start justify-between gap-2">
              <Link to={`/build/app/${app.id}`} className="font-medium hover:underline">
                {appTitle(app)}
              </Link>
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button variant="ghost" size="icon" aria-label={`Actions for ${appTitle(app)}`}>
                    <MoreHorizontalIcon aria-hidden="true" />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent align="end">
                  <DropdownMenuItem asChild>
                    <Link to={`/build/app/${app.id}`}>Open</Link>
                  </DropdownMenuItem>
                  <DropdownMenuItem onSelect={() => setRenaming(app)}>Rename</DropdownMenuItem>
                  <DropdownMenuItem onSelect={() => setDeleting(app)}>Delete</DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            </div>
            <div className="flex flex-wrap items-center gap-2 text-muted-foreground text-xs">
              <span>{APP_TYPE_LABELS[app.type]}</span>
              <Badge variant={app.status === 'active' ? 'default' : 'secondary'}>
                {app.status === 'active' ? 'Active' : 'Draft'}
              </Badge>
              <span>Updated {updatedFormat.format(new Date(app.updatedAt))}</span>
            </div>
          </li>
        ))}
      </ul>
      {renaming && <RenameDialog app={renaming} onClose={() => setRenaming(null)} />}
      {deleting && <DeleteDialog app={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}

function RenameDialog({ app, onClose }: { app: AppSummary; onClose: () => void }) {
  const inputId = useId();
  const update = useUpdateApp();
  const [name, setName] = useState(appTitle(app));
  const [failure, setFailure] = useState<string | null>(null);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    try {
      await update.mutateAsync({ appId: app.id, changes: { name } });
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>Rename app</DialogTitle>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor={inputId}>App name</Label>
            <Input id={inputId} value={name} onChange={(event) => setName(event.target.value)} autoFocus />
            {failure && (
              <p role="alert" className="text-destructive text-sm">
                {failure}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending || !name.trim()}>
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteDialog({ app, onClose }: { app: AppSummary; onClose: () => void }) {
  const remove = useDeleteApp();
  const [failure, setFailure] = useState<string | null>(null);
  async function confirm() {
    setFailure(null);
    try {
      await remove.mutateAsync(app.id);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete {appTitle(app)}?</DialogTitle>
          <DialogDescription>
            The app, its versions and its data are deleted for good. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        {failure && (
          <p role="alert" className="text-destructive text-sm">
            {failure}
          </p>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="button" variant="destructive" disabled={remove.isPending} onClick={confirm}>
            Delete app
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
