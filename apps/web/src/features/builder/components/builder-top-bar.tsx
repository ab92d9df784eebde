import type { AppSummary } from '@atelier/shared';
import { appTitle } from '@atelier/shared';
import { ArrowLeft, BarChart3, Code2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useSession } from '../../auth/hooks/use-session.ts';
import { toolUrl, useTools } from '../../tools/api.ts';
import { displayAddress, publishStateOf } from '../publish-status.ts';

/**
 * App status as shown in the builder (spec 1 §4: active or draft; issue 19 item 8): Draft, or Live
 * with the published address, and "Changes not published" when the current version is newer.
 */
export function AppPublishStatus({ app }: { app: AppSummary }) {
  if (app.type === 'AI_TOOL' || app.type === 'AI_APP') return <SingleToolStatus appId={app.id} />;
  const state = publishStateOf(app);
  if (state === 'draft' || !app.publishedUrl) {
    return (
      <Badge variant="secondary" aria-label={`Status: ${app.status}`}>
        Draft
      </Badge>
    );
  }
  return (
    <>
      <LiveBadge label={`Status: ${app.status}`} />
      <LiveDetails>
        <LiveAddress url={app.publishedUrl} />
        {state === 'live-with-changes' && (
          <span className="whitespace-nowrap text-amber-700 text-xs dark:text-amber-400">
            Changes not published
          </span>
        )}
      </LiveDetails>
    </>
  );
}

/** The builder's top bar: back home, the app's name and status, then `actions` and the published link. */
export function BuilderTopBar({ app, actions }: { app: AppSummary; actions?: ReactNode }) {
  // Code editing is for admins only (spec 1 §2 "edit code (admin only)", §6); others view it.
  const isAdmin = useSession().data?.user.isAdmin === true;
  return (
    <>
      <Button variant="ghost" size="icon-sm" asChild>
        <Link to="/home" aria-label="Back to home">
          <ArrowLeft aria-hidden="true" />
        </Link>
      </Button>
      <h1 className="max-w-[40%] shrink-0 truncate font-semibold text-sm md:max-w-none md:shrink">
        {appTitle(app)}
      </h1>
      <AppPublishStatus app={app} />
      {/* On a phone the actions scroll sideways instead of pushing the app's name out. */}
      <div
        data-top-bar-actions
        className="ml-auto flex min-w-0 items-center gap-2 overflow-x-auto [&>*]:shrink-0"
      >
        {/* Everyone reaches the code: admins edit it, other builders read it (spec 1 §6). */}
        <Button variant="outline" size="sm" asChild>
          <Link to={`/build/app/${encodeURIComponent(app.id)}/code`}>
            <Code2 aria-hidden="true" />
            {isAdmin ? 'Edit code' : 'View code'}
          </Link>
        </Button>
        <Button variant="outline" size="sm" asChild>
          <Link to={`/analytics/app/${encodeURIComponent(app.id)}`}>
            <BarChart3 aria-hidden="true" />
            Analytics
          </Link>
        </Button>
        {actions}
      </div>
    </>
  );
}

/**
 * The Live badge never shrinks: it is a bar item of its own. (It sat in a `min-w-0` wrapper with the
 * address, which flex shrank below the badge on a phone — 14 px for a 42 px badge — so the badge
 * overflowed it and the actions beside it covered "Live".)
 */
function LiveBadge({ label }: { label: string }) {
  return (
    <Badge aria-label={label} className="shrink-0 bg-emerald-600 text-white">
      Live
    </Badge>
  );
}

/** What follows the badge (the address, "Changes not published"): gives way first, clipped, never drawn over the actions. */
function LiveDetails({ children }: { children: ReactNode }) {
  return <div className="hidden min-w-0 items-center gap-2 overflow-hidden sm:flex">{children}</div>;
}

function LiveAddress({ url }: { url: string }) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      title={url}
      aria-label={`Open the published app at ${url}`}
      className="hidden max-w-56 truncate text-muted-foreground text-xs underline-offset-4 hover:text-foreground hover:underline md:inline"
    >
      {displayAddress(url)}
    </a>
  );
}

/** A single tool is live while its tool is active (its public page answers), whatever the app's publish state. */
function SingleToolStatus({ appId }: { appId: string }) {
  const tool = useTools(appId).data?.tools[0];
  if (tool?.status !== 'active') {
    return (
      <Badge variant="secondary" aria-label="Status: draft">
        Draft
      </Badge>
    );
  }
  return (
    <>
      <LiveBadge label="Status: active" />
      <LiveDetails>
        <LiveAddress url={toolUrl(tool.path)} />
      </LiveDetails>
    </>
  );
}
