import type { AppSummary } from '@atelier/shared';
import { ArrowLeft, BarChart3, Code2, ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useSession } from '../../auth/hooks/use-session.ts';

/** App status as shown in the builder (spec 1 §4: active or draft). */
export function AppStatusBadge({ status }: { status: AppSummary['status'] }) {
  return (
    <Badge variant={status === 'active' ? 'default' : 'secondary'} aria-label={`Status: ${status}`}>
      {status === 'active' ? 'Active' : 'Draft'}
    </Badge>
  );
}

/** The builder's top bar: back home, the app's name and status, then `actions` and the published link. */
export function BuilderTopBar({ app, actions }: { app: AppSummary; actions?: ReactNode }) {
  // Code editing is for admins only (spec 1 §2 "edit code (admin only)", §6).
  const isAdmin = useSession().data?.user.isAdmin === true;
  return (
    <>
      <Button variant="ghost" size="icon-sm" asChild>
        <Link to="/home" aria-label="Back to home">
          <ArrowLeft aria-hidden="true" />
        </Link>
      </Button>
      <h1 className="truncate font-semibold text-sm">{app.name}</h1>
      <AppStatusBadge status={app.status} />
      <div className="ml-auto flex items-center gap-2">
        {isAdmin && (
          <Button variant="outline" size="sm" asChild>
            <Link to={`/build/app/${encodeURIComponent(app.id)}/code`}>
              <Code2 aria-hidden="true" />
              Edit code
            </Link>
          </Button>
        )}
        <Button variant="outline" size="sm" asChild>
          <Link to={`/analytics/app/${encodeURIComponent(app.id)}`}>
            <BarChart3 aria-hidden="true" />
            Analytics
          </Link>
        </Button>
        {app.publishedUrl && (
          <Button variant="outline" size="sm" asChild>
            <a href={app.publishedUrl} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" />
              Open published app
            </a>
          </Button>
        )}
        {actions}
      </div>
    </>
  );
}
