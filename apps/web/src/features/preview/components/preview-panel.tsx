import { RotateCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { usePreviewLink } from '../../apps/api.ts';
import { errorMessage } from '../../auth/error-message.ts';
import { useRuntimeErrors } from '../hooks/use-runtime-errors.ts';
import { PreviewFrame } from './preview-frame.tsx';
import { RuntimeErrorPanel } from './runtime-error-panel.tsx';

export interface PreviewPanelProps {
  appId: string;
  appName: string;
  /** The app's current version (a new one reloads the preview). */
  currentVersionId: string | null;
  /** A version to preview instead of the current one (the chat's "Preview"), or null. */
  versionId?: string | null;
  /** Asks the server for fresh app data (a new current version) before the preview reloads. */
  onReload?: () => Promise<unknown>;
  /** The chat's send function; absent until the chat exists, and so is "Resolve with AI". */
  onResolveWithAi?: (message: string) => Promise<unknown>;
}

/** The live preview with a reload button and the runtime error panel floating over it. */
export function PreviewPanel({
  appId,
  appName,
  currentVersionId,
  versionId = null,
  onReload,
  onResolveWithAi,
}: PreviewPanelProps) {
  const link = usePreviewLink(appId, versionId, currentVersionId);
  const frame = useRef<HTMLIFrameElement | null>(null);
  const { errors, suppress, clear } = useRuntimeErrors(frame);
  const [generation, setGeneration] = useState(0);
  const [reloading, setReloading] = useState(false);
  const src = link.data?.url;

  // A new document: the errors of the previous one no longer apply.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the frame gets a new document
  useEffect(() => clear(), [src, generation, clear]);

  const reload = async () => {
    setReloading(true);
    try {
      await onReload?.();
      await link.refetch();
      setGeneration((n) => n + 1);
    } finally {
      setReloading(false);
    }
  };

  return (
    <div className="flex size-full flex-col">
      <div className="flex h-10 shrink-0 items-center gap-2 border-border border-b px-3">
        <span className="text-muted-foreground text-xs">Preview</span>
        <Button variant="ghost" size="sm" className="ml-auto" onClick={reload} disabled={reloading}>
          <RotateCw aria-hidden="true" className={reloading ? 'motion-safe:animate-spin' : undefined} />
          Reload preview
        </Button>
      </div>
      <div className="relative min-h-0 flex-1 bg-muted/40">
        {currentVersionId === null && versionId === null ? (
          <p className="p-6 text-muted-foreground">This app has no code to preview yet.</p>
        ) : link.isError ? (
          <p role="alert" className="p-6 text-destructive">
            {errorMessage(link.error, 'The preview could not be loaded. Try reloading it.')}
          </p>
        ) : link.data ? (
          <PreviewFrame
            key={`${link.data.url}#${generation}`}
            frameRef={frame}
            src={link.data.url}
            title={`Preview of ${appName}`}
          />
        ) : (
          <Skeleton className="m-6 h-64" />
        )}
        <RuntimeErrorPanel
          errors={errors}
          onSuppress={suppress}
          onClear={clear}
          onResolveWithAi={onResolveWithAi}
        />
      </div>
    </div>
  );
}
