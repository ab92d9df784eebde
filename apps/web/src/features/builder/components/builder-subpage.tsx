import type { AppSummary } from '@atelier/shared';
import { Eye } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { BuilderLayout } from './builder-layout.tsx';
import { BuilderTopBar } from './builder-top-bar.tsx';
import { PublishDialog } from './publish-dialog.tsx';

/**
 * A builder route beside the main builder (code, tools, one tool) under the builder's one top bar
 * (issue 23 #25): the app's name and status, Back to builder and Publish, as on every builder route.
 */
export function BuilderSubpage({
  app,
  mainLabel,
  children,
}: {
  app: AppSummary;
  /** The main area's name on a phone's tab. */
  mainLabel: string;
  children: ReactNode;
}) {
  return (
    <BuilderLayout
      mainLabel={mainLabel}
      topBar={
        <BuilderTopBar
          app={app}
          actions={
            <>
              <Button variant="outline" size="sm" asChild>
                <Link to={`/build/app/${encodeURIComponent(app.id)}`}>
                  <Eye aria-hidden="true" />
                  Back to builder
                </Link>
              </Button>
              <PublishDialog app={app} />
            </>
          }
        />
      }
    >
      {children}
    </BuilderLayout>
  );
}
