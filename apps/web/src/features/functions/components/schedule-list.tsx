import type { FunctionSchedule } from '@atelier/shared';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toaster.tsx';
import { useSetSchedulePaused } from '../api.ts';

const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * The scheduled automations of a function (its function.jsonc, as last deployed): the schedule,
 * next and last run with its result or error, and Pause / Resume.
 */
export function ScheduleList({
  appId,
  name,
  schedules,
}: {
  appId: string;
  name: string;
  schedules: FunctionSchedule[];
}) {
  const setPaused = useSetSchedulePaused(appId, name);
  if (schedules.length === 0) return null;
  return (
    <ul aria-label={`Schedules of ${name}`} className="grid gap-1.5">
      {schedules.map((schedule) => {
        const state = schedule.paused ? 'Paused' : schedule.nextRunAt ? 'Scheduled' : 'Finished';
        const busy = setPaused.isPending && setPaused.variables?.id === schedule.id;
        return (
          <li
            key={schedule.id}
            aria-label={`Schedule ${schedule.automation}`}
            className="grid gap-1 rounded-md border border-border p-2 text-xs"
          >
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{schedule.automation}</span>
              <Badge variant={schedule.paused ? 'outline' : 'secondary'}>{state}</Badge>
              <span className="text-muted-foreground">
                {schedule.cron ? (
                  <>
                    <code className="rounded bg-muted px-1">{schedule.cron}</code> (UTC)
                  </>
                ) : schedule.runAt ? (
                  `Once, ${when(schedule.runAt)}`
                ) : null}
              </span>
              <Button
                className="ml-auto"
                size="sm"
                variant="outline"
                disabled={busy}
                aria-label={`${schedule.paused ? 'Resume' : 'Pause'} ${schedule.automation}`}
                onClick={() =>
                  setPaused.mutate(
                    { id: schedule.id, paused: !schedule.paused },
                    {
                      onSuccess: ({ schedule: saved }) =>
                        toast.success(`${saved.automation} ${saved.paused ? 'paused' : 'resumed'}`),
                      onError: (error) => toast.error(error.message),
                    },
                  )
                }
              >
                {schedule.paused ? 'Resume' : 'Pause'}
              </Button>
            </div>
            <p className="text-muted-foreground">
              {schedule.nextRunAt ? `Next run ${when(schedule.nextRunAt)}` : 'No next run'}
              {' · '}
              {schedule.lastRunAt
                ? `Last run ${when(schedule.lastRunAt)}: ${schedule.lastStatus ?? 'unknown'}`
                : 'Not run yet'}
            </p>
            {schedule.lastError && <p className="text-destructive">{schedule.lastError}</p>}
          </li>
        );
      })}
    </ul>
  );
}
