import { AlertTriangle } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';

export interface PreviewFailureProps {
  /** Where the preview is served from (the link's origin). */
  previewOrigin: string | undefined;
  /** A previous version is still on screen behind this notice. */
  keptOld: boolean;
  onReload: () => void;
}

/**
 * Said when the preview document never posted its handshake: it was blocked, unreachable, or its
 * link expired. Names this page's address and the preview's, and the settings that decide them.
 */
export function PreviewFailure({ previewOrigin, keptOld, onReload }: PreviewFailureProps) {
  const here = window.location.origin;
  const port = previewOrigin ? new URL(previewOrigin).port : '';
  return (
    <div
      role="alert"
      className="absolute inset-x-3 top-3 z-10 rounded-lg border border-destructive/40 bg-background p-4 text-sm shadow-md"
    >
      <p className="flex items-center gap-2 font-semibold text-destructive">
        <AlertTriangle aria-hidden="true" className="size-4" />
        {keptOld ? 'The new version of the preview did not load' : 'The preview did not load'}
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-muted-foreground">
        <li>
          Blocked: the preview at <code>{previewOrigin ?? 'the preview address'}</code> may only be shown by
          the address Atelier is configured for. You opened Atelier at <code>{here}</code>: set{' '}
          <code>PUBLIC_URL</code> to that address and <code>PREVIEW_ORIGIN</code> to the preview listener's
          address, or leave both unset in development.
        </li>
        <li>
          Unreachable: the preview listener{port ? ` (port ${port}, PREVIEW_PORT)` : ''} must be reachable
          from this browser.
        </li>
        <li>Expired: preview links last 15 minutes.</li>
      </ul>
      <Button size="sm" variant="outline" className="mt-3" onClick={onReload}>
        Reload preview
      </Button>
    </div>
  );
}
