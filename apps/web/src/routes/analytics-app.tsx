import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_MESSAGES } from '@atelier/shared';
import { Link, useParams } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useAppAnalytics } from '../features/analytics/api.ts';
import { compactNumber, money } from '../features/analytics/chart-scale.ts';
import { DayBarChart } from '../features/analytics/components/day-bar-chart.tsx';
import { useRequireSession } from '../features/auth/hooks/use-session.ts';
import { ApiError } from '../lib/api-client.ts';

/**
 * `/analytics/app/{appId}` (spec 1 §2): runs, unique users, sign-ups, messages, tokens and cost per
 * day over the last 30 days. Needs the app published ("Publish your app to access analytics.").
 */
export function AnalyticsAppRoute() {
  const { appId = '' } = useParams();
  useRequireSession();
  const analytics = useAppAnalytics(appId, ANALYTICS_DEFAULT_DAYS);
  const builderLink = `/build/app/${encodeURIComponent(appId)}`;

  let body: React.ReactNode;
  if (analytics.isPending) {
    body = (
      <div className="grid gap-4 md:grid-cols-2">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} className="h-48" />
        ))}
      </div>
    );
  } else if (analytics.isError) {
    const unpublished = analytics.error instanceof ApiError && analytics.error.code === 'app_not_published';
    body = (
      <div className="flex flex-col items-start gap-3 rounded-lg border border-border p-6">
        <p role={unpublished ? undefined : 'alert'}>
          {unpublished
            ? ANALYTICS_MESSAGES.publishFirst
            : (analytics.error.message ?? ANALYTICS_MESSAGES.loadFailed)}
        </p>
        <Button asChild variant="outline" size="sm">
          <Link to={builderLink}>{unpublished ? 'Open the builder to publish' : 'Back to the builder'}</Link>
        </Button>
      </div>
    );
  } else {
    const { days } = analytics.data;
    const count = (value: number) => compactNumber(value);
    body = (
      <>
        <p className="text-muted-foreground text-sm">
          {analytics.data.totals.uniqueUsers} unique users over the last {days.length} days (UTC).
        </p>
        <div className="grid gap-4 md:grid-cols-2">
          <DayBarChart title="Runs" days={days} value={(d) => d.runs} format={count} />
          <DayBarChart
            title="Unique users"
            days={days}
            value={(d) => d.uniqueUsers}
            format={count}
            total={analytics.data.totals.uniqueUsers}
          />
          <DayBarChart title="Sign-ups" days={days} value={(d) => d.signups} format={count} />
          <DayBarChart title="Messages" days={days} value={(d) => d.messages} format={count} />
          <DayBarChart title="Page views" days={days} value={(d) => d.pageViews} format={count} />
          <DayBarChart title="Tokens" days={days} value={(d) => d.tokens} format={count} />
          <DayBarChart title="Cost" days={days} value={(d) => d.cost} format={money} />
        </div>
      </>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-4 py-8">
      <div className="flex items-center justify-between gap-2">
        <h1 className="font-semibold text-xl">
          Analytics{analytics.data ? ` · ${analytics.data.appName}` : ''}
        </h1>
        <Button asChild variant="ghost" size="sm">
          <Link to={builderLink}>Back to the builder</Link>
        </Button>
      </div>
      {body}
    </div>
  );
}
