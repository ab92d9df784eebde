import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_MESSAGES,
  type AnalyticsDay,
  type AppAnalytics,
  tenantForApp,
} from '@atelier/shared';
import type { Database } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { type AppActor, isAppPublished } from '../apps/apps.repo.ts';
import type { AppsRuntime } from '../apps/apps.runtime.ts';
import { findApp } from '../apps/apps.service.ts';

/**
 * Analytics of a published app (spec 1 §2 `/analytics/app/{appId}`), per UTC day, aggregated in SQL:
 * tool runs and their distinct users (`tool_runs.subject`), end-user sign-ups (the app's tenant),
 * chat messages, page views reported by exported Base44 apps (`app_telemetry`), and the AI tokens and cost recorded for the app (`llm_usage`). Days without
 * activity answer zeros.
 */

const DAILY_SQL = `
with days as (
  select d::date as day from generate_series($2::date, $3::date, interval '1 day') as d
),
runs as (
  select (created_at at time zone 'UTC')::date as day, count(*)::int as runs, count(distinct subject)::int as users
  from tool_runs where app_id = $1 and created_at >= $2::date and created_at < $3::date + 1 group by 1
),
signups as (
  select (created_at at time zone 'UTC')::date as day, count(*)::int as signups
  from users where tenant_id = $4 and created_at >= $2::date and created_at < $3::date + 1 group by 1
),
messages as (
  select (created_at at time zone 'UTC')::date as day, count(*)::int as messages
  from chat_messages where app_id = $1 and created_at >= $2::date and created_at < $3::date + 1 group by 1
),
views as (
  select (created_at at time zone 'UTC')::date as day, count(*)::int as page_views
  from app_telemetry where app_id = $1 and kind = 'page_view' and created_at >= $2::date and created_at < $3::date + 1 group by 1
),
usage as (
  select (created_at at time zone 'UTC')::date as day,
    sum(prompt_tokens + completion_tokens + cache_read_tokens + cache_write_tokens)::bigint as tokens,
    sum(prompt_cost_micros + completion_cost_micros + cache_read_cost_micros + cache_write_cost_micros) as cost_micros
  from llm_usage where app_id = $1 and created_at >= $2::date and created_at < $3::date + 1 group by 1
)
select to_char(days.day, 'YYYY-MM-DD') as date,
  coalesce(runs.runs, 0) as runs, coalesce(runs.users, 0) as unique_users,
  coalesce(signups.signups, 0) as signups, coalesce(messages.messages, 0) as messages,
  coalesce(views.page_views, 0) as page_views,
  coalesce(usage.tokens, 0)::text as tokens, coalesce(usage.cost_micros, 0)::text as cost_micros
from days
left join runs on runs.day = days.day
left join signups on signups.day = days.day
left join messages on messages.day = days.day
left join views on views.day = days.day
left join usage on usage.day = days.day
order by days.day`;

const UNIQUE_SQL = `select count(distinct subject)::int as users from tool_runs
where app_id = $1 and created_at >= $2::date and created_at < $3::date + 1`;

interface DailyRow {
  date: string;
  runs: number;
  unique_users: number;
  signups: number;
  messages: number;
  page_views: number;
  tokens: string;
  cost_micros: string;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Figures of the last `days` UTC days ending `today`. */
export async function dailyAnalytics(
  database: Database,
  appId: string,
  days: number,
  today = new Date(),
): Promise<{ days: AnalyticsDay[]; uniqueUsers: number }> {
  const to = isoDay(today);
  const from = isoDay(new Date(Date.parse(to) - (days - 1) * 86_400_000));
  const { rows } = await database.query<DailyRow>(DAILY_SQL, [appId, from, to, tenantForApp(appId)]);
  const { rows: unique } = await database.query<{ users: number }>(UNIQUE_SQL, [appId, from, to]);
  return {
    days: rows.map((row) => ({
      date: row.date,
      runs: Number(row.runs),
      uniqueUsers: Number(row.unique_users),
      signups: Number(row.signups),
      messages: Number(row.messages),
      pageViews: Number(row.page_views),
      tokens: Number(row.tokens),
      cost: Math.round(Number(row.cost_micros)) / 1_000_000,
    })),
    uniqueUsers: Number(unique[0]?.users ?? 0),
  };
}

/** `GET /api/apps/{appId}/analytics`: 404 unless the builder can open the app, 409 until it is published. */
export async function appAnalytics(
  runtime: AppsRuntime,
  actor: AppActor,
  appId: string,
  days = ANALYTICS_DEFAULT_DAYS,
): Promise<AppAnalytics> {
  const app = await findApp(runtime, actor, appId);
  if (!isAppPublished(app)) throw new AppError('app_not_published', ANALYTICS_MESSAGES.publishFirst);
  const figures = await dailyAnalytics(runtime.database, app.id, days);
  const sum = (key: 'runs' | 'signups' | 'messages' | 'pageViews' | 'tokens' | 'cost') =>
    figures.days.reduce((total, day) => total + day[key], 0);
  return {
    appId: app.id,
    appName: app.name,
    days: figures.days,
    totals: {
      runs: sum('runs'),
      uniqueUsers: figures.uniqueUsers,
      signups: sum('signups'),
      messages: sum('messages'),
      pageViews: sum('pageViews'),
      tokens: sum('tokens'),
      cost: Math.round(sum('cost') * 1_000_000) / 1_000_000,
    },
  };
}
