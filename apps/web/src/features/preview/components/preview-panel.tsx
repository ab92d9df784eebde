import type { PreviewViewAs } from '@atelier/shared';
import { Loader2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { usePreviewLink } from '../../apps/api.ts';
import { errorMessage } from '../../auth/error-message.ts';
import { usePreviewFrames } from '../hooks/use-preview-frames.ts';
import { useRuntimeErrors } from '../hooks/use-runtime-errors.ts';
import { cleanRoute, previewUrlAt } from '../preview-url.ts';
import { PreviewFailure } from './preview-failure.tsx';
import { PreviewFrame } from './preview-frame.tsx';
import { PreviewToolbar, type PreviewWidth } from './preview-toolbar.tsx';
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
  /**
   * What the app document carries besides the version (App texts, App branding): when it changes,
   * the preview reloads at its route, so the side panel's settings show live.
   */
  settingsKey?: string;
}

/** How long the preview waits for more settings changes (typing in a field) before reloading. */
const SETTINGS_RELOAD_DELAY_MS = 500;

/**
 * The live preview: a toolbar (route, reload, new tab, width, View as), the app's frame, and the
 * runtime error panel floating over it. A new version, route or View as loads in a second frame
 * while the last good one stays on screen under "Rebuilding…"; the route is kept across rebuilds.
 */
export function PreviewPanel({
  appId,
  appName,
  currentVersionId,
  versionId = null,
  onReload,
  onResolveWithAi,
  settingsKey,
}: PreviewPanelProps) {
  const [viewAs, setViewAs] = useState<PreviewViewAs>('owner');
  const link = usePreviewLink(appId, versionId, currentVersionId, viewAs);
  const [route, setRoute] = useState('/');
  const routeRef = useRef(route);
  routeRef.current = route;
  const viewAsRef = useRef(viewAs);
  viewAsRef.current = link.data?.viewAs ?? viewAs;
  const onRoute = useCallback((reported: string) => setRoute(cleanRoute(reported)), []);
  const { frames, shown, pending, timedOut, load, register, isPreviewWindow } = usePreviewFrames(onRoute);
  const { errors, suppress, clear } = useRuntimeErrors(isPreviewWindow);
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  const [reloading, setReloading] = useState(false);
  const linkUrl = link.isPlaceholderData ? undefined : link.data?.url;

  // A new link (version, View as, reload): load it at the route the preview shows now.
  useEffect(() => {
    if (!linkUrl) return;
    clear();
    load(previewUrlAt(linkUrl, routeRef.current), viewAsRef.current);
  }, [linkUrl, load, clear]);

  // Saved side-panel settings: the same link again, at the route shown (after typing settles).
  const linkRef = useRef(link.data);
  linkRef.current = link.data;
  const settingsRef = useRef(settingsKey);
  useEffect(() => {
    if (settingsKey === settingsRef.current) return;
    settingsRef.current = settingsKey;
    const timer = setTimeout(() => {
      const current = linkRef.current;
      if (current) load(previewUrlAt(current.url, routeRef.current), current.viewAs);
    }, SETTINGS_RELOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [settingsKey, load]);

  const navigate = (next: string) => {
    setRoute(next);
    if (link.data) load(previewUrlAt(link.data.url, next), link.data.viewAs);
  };

  const reload = async () => {
    setReloading(true);
    try {
      await onReload?.();
      const fresh = await link.refetch();
      // The same link (nothing changed): load it again all the same.
      if (fresh.data && fresh.data.url === linkUrl) {
        clear();
        load(previewUrlAt(fresh.data.url, routeRef.current), fresh.data.viewAs);
      }
    } finally {
      setReloading(false);
    }
  };

  const noCode = currentVersionId === null && versionId === null;
  return (
    <div className="flex size-full flex-col">
      <PreviewToolbar
        route={route}
        onNavigate={navigate}
        onReload={reload}
        reloading={reloading}
        openUrl={shown?.src}
        width={width}
        onWidth={setWidth}
        viewAs={viewAs}
        onViewAs={setViewAs}
      />
      <div className="relative min-h-0 flex-1 bg-muted/40">
        {noCode ? (
          <p className="p-6 text-muted-foreground">This app has no code to preview yet.</p>
        ) : link.isError ? (
          <p role="alert" className="p-6 text-destructive">
            {errorMessage(link.error, 'The preview could not be loaded. Try reloading it.')}
          </p>
        ) : frames.length === 0 ? (
          <Skeleton className="m-6 h-64" />
        ) : (
          <div
            className={cn(
              'relative mx-auto h-full',
              width === 'phone' ? 'w-[390px] max-w-full border-x' : 'w-full',
            )}
          >
            {frames.map((entry) => {
              const onScreen = entry === shown || !shown;
              return (
                <PreviewFrame
                  key={entry.key}
                  frameRef={register(entry.key)}
                  src={entry.src}
                  viewAs={entry.viewAs}
                  title={onScreen ? `Preview of ${appName}` : `Next preview of ${appName}`}
                  className={cn('absolute inset-0', !onScreen && 'invisible')}
                />
              );
            })}
            {shown && pending && !timedOut ? (
              <div
                role="status"
                className="absolute inset-0 flex items-start justify-center bg-background/40 pt-6 backdrop-blur-[1px]"
              >
                <span className="flex items-center gap-2 rounded-full border border-border bg-background px-3 py-1.5 text-sm shadow-sm">
                  <Loader2 aria-hidden="true" className="size-4 motion-safe:animate-spin" />
                  Rebuilding…
                </span>
              </div>
            ) : null}
          </div>
        )}
        {timedOut && !noCode && !link.isError ? (
          <PreviewFailure
            previewOrigin={link.data?.previewOrigin}
            keptOld={shown !== null}
            onReload={reload}
          />
        ) : null}
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
