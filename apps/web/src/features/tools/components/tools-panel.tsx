import { TOOL_MESSAGES, type Tool } from '@atelier/shared';
import { GripVertical, MoreHorizontal } from 'lucide-react';
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
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { errorMessage } from '../../auth/error-message.ts';
import { isUpgradeableLimit, UpgradePrompt } from '../../plans/components/upgrade-prompt.tsx';
import { ImageUpload } from '../../uploads/components/image-upload.tsx';
import { useCreateTool, useDeleteTool, useReorderTools, useTools, useUpdateTool } from '../api.ts';
import { moveTool } from '../tool-order.ts';

const enc = encodeURIComponent;

/** Tool status badge (spec 2 §2: each tool shows a status badge). */
export function ToolStatusBadge({ status }: { status: Tool['status'] }) {
  return (
    <Badge variant={status === 'active' ? 'default' : 'secondary'} aria-label={`Status: ${status}`}>
      {status === 'active' ? 'Live' : 'Draft'}
    </Badge>
  );
}

/**
 * App tools panel (spec 2 §2): a draggable list of tools, each with its title, status badge and
 * /tool/{path}; the menu offers Edit tool, Rename, Edit photo and Delete. The Explore tools
 * collection button is hidden on the tools route and when the tool limit is reached.
 */
export function ToolsPanel({ appId, onToolsRoute = false }: { appId: string; onToolsRoute?: boolean }) {
  const tools = useTools(appId);
  const reorder = useReorderTools(appId);
  const [dragging, setDragging] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<Tool | null>(null);
  const [photo, setPhoto] = useState<Tool | null>(null);
  const remove = useDeleteTool(appId);

  if (!tools.data)
    return tools.isError ? <p role="alert">{errorMessage(tools.error)}</p> : <Skeleton className="h-24" />;
  const { tools: list, maxTools } = tools.data;
  const atMax = list.length >= maxTools;
  const ids = list.map((tool) => tool.toolId);
  const move = (toolId: string, to: number) => {
    const next = moveTool(ids, toolId, to);
    if (next !== ids) reorder.mutate([...next], { onError: (error) => toast.error(errorMessage(error)) });
  };

  return (
    <div className="flex flex-col gap-3">
      {list.length === 0 ? (
        <p className="text-muted-foreground text-sm">No tools yet. Add one below: it starts as a draft.</p>
      ) : (
        <ul aria-label="Tools" className="flex flex-col gap-2">
          {list.map((tool, index) => (
            <li
              key={tool.toolId}
              draggable
              onDragStart={(event) => {
                setDragging(tool.toolId);
                event.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault();
                if (dragging) move(dragging, index);
                setDragging(null);
              }}
              onDragEnd={() => setDragging(null)}
              className="flex items-center gap-2 rounded-md border border-border p-2 data-[dragging=true]:opacity-50"
              data-dragging={dragging === tool.toolId}
            >
              <GripVertical
                aria-hidden="true"
                className="size-4 shrink-0 cursor-grab text-muted-foreground"
              />
              {tool.imageUrl && <img src={tool.imageUrl} alt="" className="size-8 rounded object-cover" />}
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-medium text-sm">{tool.title}</span>
                <a
                  href={tool.url}
                  target="_blank"
                  rel="noreferrer"
                  className="truncate text-muted-foreground text-xs"
                >
                  {tool.url}
                </a>
              </div>
              <ToolStatusBadge status={tool.status} />
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button variant="ghost" size="icon-sm" aria-label={`Menu of ${tool.title}`}>
                    <MoreHorizontal aria-hidden="true" />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent align="end">
                  <DropdownMenuItem asChild>
                    <Link to={`/build/app/${enc(appId)}/tool/${enc(tool.toolId)}`}>Edit tool</Link>
                  </DropdownMenuItem>
                  <DropdownMenuItem onSelect={() => setRenaming(tool)}>Rename</DropdownMenuItem>
                  <DropdownMenuItem onSelect={() => setPhoto(tool)}>Edit photo</DropdownMenuItem>
                  <DropdownMenuItem disabled={index === 0} onSelect={() => move(tool.toolId, index - 1)}>
                    Move up
                  </DropdownMenuItem>
                  <DropdownMenuItem
                    disabled={index === list.length - 1}
                    onSelect={() => move(tool.toolId, index + 1)}
                  >
                    Move down
                  </DropdownMenuItem>
                  <DropdownMenuSeparator />
                  <DropdownMenuItem
                    onSelect={() => {
                      if (!window.confirm(`Delete the tool ${tool.title}?`)) return;
                      remove.mutate(tool.toolId, { onError: (error) => toast.error(errorMessage(error)) });
                    }}
                  >
                    Delete
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            </li>
          ))}
        </ul>
      )}
      {atMax ? (
        <p role="note" className="text-muted-foreground text-sm">
          {TOOL_MESSAGES.toolCountWarning(maxTools)}
        </p>
      ) : (
        <AddTool appId={appId} />
      )}
      {!onToolsRoute && !atMax && (
        <Button variant="outline" asChild>
          <Link to={`/build/app/${enc(appId)}/tools`}>Explore tools collection</Link>
        </Button>
      )}
      {renaming && <RenameDialog appId={appId} tool={renaming} onClose={() => setRenaming(null)} />}
      {photo && <PhotoDialog appId={appId} tool={photo} onClose={() => setPhoto(null)} />}
    </div>
  );
}

function AddTool({ appId }: { appId: string }) {
  const create = useCreateTool(appId);
  const [title, setTitle] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const id = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return;
    setFailure(null);
    try {
      await create.mutateAsync({ title: title.trim() });
      setTitle('');
    } catch (error) {
      setFailure(error);
    }
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-1.5">
      <Label htmlFor={id}>New tool</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={title}
          placeholder="Tool title"
          onChange={(event) => setTitle(event.target.value)}
        />
        <Button type="submit" disabled={create.isPending || !title.trim()}>
          Add
        </Button>
      </div>
      {failure !== null &&
        (isUpgradeableLimit(failure) ? (
          <UpgradePrompt message={errorMessage(failure)} />
        ) : (
          <p role="alert" className="text-destructive text-sm">
            {errorMessage(failure)}
          </p>
        ))}
    </form>
  );
}

/** Rename: the title and the path (letters, numbers and dashes; unique). */
export function RenameDialog({ appId, tool, onClose }: { appId: string; tool: Tool; onClose: () => void }) {
  const update = useUpdateTool(appId);
  const [title, setTitle] = useState(tool.title);
  const [path, setPath] = useState(tool.path);
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();
  const pathId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      await update.mutateAsync({ toolId: tool.toolId, title, ...(path !== tool.path ? { path } : {}) });
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Rename tool</DialogTitle>
          <DialogDescription>The path is the tool's public address: /tool/{path || '…'}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={titleId}>Title</Label>
            <Input id={titleId} value={title} onChange={(event) => setTitle(event.target.value)} />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={pathId}>Path</Label>
            <Input id={pathId} value={path} onChange={(event) => setPath(event.target.value)} />
          </div>
          {failure && (
            <p role="alert" className="text-destructive text-sm">
              {failure}
            </p>
          )}
          <DialogFooter>
            <Button type="submit" disabled={update.isPending}>
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function PhotoDialog({ appId, tool, onClose }: { appId: string; tool: Tool; onClose: () => void }) {
  const update = useUpdateTool(appId);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit photo</DialogTitle>
          <DialogDescription>The thumbnail of {tool.title} (image files only).</DialogDescription>
        </DialogHeader>
        <ImageUpload
          appId={appId}
          label="Tool photo"
          folder="tools"
          value={tool.imageUrl}
          onChange={(url) =>
            update.mutate(
              { toolId: tool.toolId, imageUrl: url },
              { onError: (error) => toast.error(errorMessage(error)) },
            )
          }
        />
      </DialogContent>
    </Dialog>
  );
}
