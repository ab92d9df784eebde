import type { PreviewViewAs } from '@atelier/shared';
import { ExternalLink, Monitor, RotateCw, Smartphone } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';

export type PreviewWidth = 'desktop' | 'phone';

const VIEW_AS_LABELS: Record<PreviewViewAs, string> = {
  owner: 'Owner (you)',
  visitor: 'Signed-out visitor',
  user: 'Test end user',
};

export interface PreviewToolbarProps {
  route: string;
  onNavigate: (route: string) => void;
  onReload: () => void;
  reloading: boolean;
  /** The document on screen, for "Open in new tab"; undefined while none is. */
  openUrl: string | undefined;
  width: PreviewWidth;
  onWidth: (width: PreviewWidth) => void;
  viewAs: PreviewViewAs;
  onViewAs: (viewAs: PreviewViewAs) => void;
}

/** The preview's toolbar: its route (editable), reload, open in a new tab, width and "View as". */
export function PreviewToolbar(props: PreviewToolbarProps) {
  const { route, onNavigate, onReload, reloading, openUrl, width, onWidth, viewAs, onViewAs } = props;
  const [draft, setDraft] = useState(route);
  // The app navigated: show where it is now.
  useEffect(() => setDraft(route), [route]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim() || '/';
    onNavigate(next.startsWith('/') ? next : `/${next}`);
  };

  return (
    <div className="flex shrink-0 flex-wrap items-center gap-1.5 border-border border-b px-2 py-1.5">
      <form onSubmit={submit} className="min-w-32 flex-1">
        <Input
          aria-label="Preview route"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          className="h-8 font-mono text-xs"
          spellCheck={false}
        />
      </form>
      <Button
        variant="ghost"
        size="sm"
        onClick={onReload}
        disabled={reloading}
        aria-label="Reload preview"
        title="Reload preview"
      >
        <RotateCw aria-hidden="true" className={reloading ? 'motion-safe:animate-spin' : undefined} />
      </Button>
      <Button variant="ghost" size="sm" asChild={openUrl !== undefined} disabled={openUrl === undefined}>
        {openUrl !== undefined ? (
          <a
            href={openUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="Open preview in a new tab"
            title="Open in a new tab"
          >
            <ExternalLink aria-hidden="true" />
          </a>
        ) : (
          <ExternalLink aria-hidden="true" />
        )}
      </Button>
      <fieldset className="m-0 flex rounded-md border border-border p-0" aria-label="Preview width">
        {(['desktop', 'phone'] as const).map((option) => {
          const Icon = option === 'desktop' ? Monitor : Smartphone;
          return (
            <Button
              key={option}
              variant="ghost"
              size="sm"
              aria-pressed={width === option}
              aria-label={option === 'desktop' ? 'Desktop width' : 'Phone width'}
              title={option === 'desktop' ? 'Desktop width' : 'Phone width (390 px)'}
              className={cn('rounded-none', width === option && 'bg-accent')}
              onClick={() => onWidth(option)}
            >
              <Icon aria-hidden="true" />
            </Button>
          );
        })}
      </fieldset>
      <label className="flex items-center gap-1 text-muted-foreground text-xs">
        View as
        <select
          value={viewAs}
          onChange={(event) => onViewAs(event.target.value as PreviewViewAs)}
          className="h-8 rounded-md border border-input bg-background px-2 text-foreground text-xs"
        >
          {(Object.keys(VIEW_AS_LABELS) as PreviewViewAs[]).map((option) => (
            <option key={option} value={option}>
              {VIEW_AS_LABELS[option]}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
