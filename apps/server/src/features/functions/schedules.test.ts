import { describe, expect, it } from 'vitest';
import { functionAutomations } from './automations.ts';
import { nextRun, parseSchedule, shortestGapMinutes } from './schedules.ts';

const scheduled = (fields: Record<string, unknown>) =>
  parseSchedule('S', { name: 'S', type: 'scheduled', ...fields });

describe('scheduled automations (Base44 function.jsonc shapes)', () => {
  it('reads cron, simple and one-time schedules as cron expressions (UTC) or a time', () => {
    expect(
      scheduled({ schedule_mode: 'recurring', schedule_type: 'cron', cron_expression: '0 9 * * 1-5' }),
    ).toEqual({ ok: true, schedule: { name: 'S', cron: '0 9 * * 1-5' } });
    const simple = (fields: Record<string, unknown>) => {
      const result = scheduled({ schedule_mode: 'recurring', schedule_type: 'simple', ...fields });
      return result.ok ? result.schedule.cron : result.problem;
    };
    expect(simple({ repeat_unit: 'minutes', repeat_interval: 5 })).toBe('*/5 * * * *');
    // A step that does not divide the hour is rounded up (else the hour's turn would come sooner).
    expect(simple({ repeat_unit: 'minutes', repeat_interval: 7 })).toBe('*/10 * * * *');
    expect(simple({ repeat_unit: 'hours', repeat_interval: 6, start_time: '08:30' })).toBe('30 2-23/6 * * *');
    expect(simple({ repeat_unit: 'days', repeat_interval: 1, start_time: '09:00' })).toBe('0 9 * * *');
    expect(simple({ repeat_unit: 'weeks', repeat_on_days: [5, 1], start_time: '10:00' })).toBe(
      '0 10 * * 1,5',
    );
    expect(simple({ repeat_unit: 'months', repeat_on_day_of_month: 15 })).toBe('0 0 15 * *');
    expect(simple({ repeat_unit: 'minutes', repeat_interval: 2 })).toBe('runs at most every 5 minutes');
    expect(simple({ repeat_unit: 'weeks', repeat_interval: 2 })).toMatch(/every N weeks/);
    expect(
      scheduled({
        schedule_mode: 'one-time',
        one_time_date: '2030-03-01T09:00:00.000Z',
        function_args: { a: 1 },
      }),
    ).toEqual({ ok: true, schedule: { name: 'S', runAt: '2030-03-01T09:00:00.000Z', args: { a: 1 } } });
    expect(
      scheduled({ cron_expression: '0 0 * * *', ends_type: 'after', ends_after_count: 3 }),
    ).toMatchObject({ ok: true, schedule: { maxRuns: 3 } });
  });

  it('refuses schedules more often than every 5 minutes, unreadable ones and six-field ones', () => {
    expect(shortestGapMinutes([0, 5, 10], [9])).toBe(5);
    expect(shortestGapMinutes([58, 1], [9, 10])).toBe(3);
    expect(shortestGapMinutes([58, 1], [9, 11])).toBe(57);
    expect(shortestGapMinutes([59, 2], [23, 0])).toBe(3);
    expect(shortestGapMinutes([59, 2], [12])).toBe(57);
    expect(shortestGapMinutes([0], [0, 1])).toBe(60);
    expect(scheduled({ cron_expression: '* * * * *' })).toEqual({
      ok: false,
      problem: 'runs more often than every 5 minutes (the shortest interval)',
    });
    expect(scheduled({ cron_expression: '58,1 * * * *' })).toMatchObject({ ok: false });
    expect(scheduled({ cron_expression: '*/5 * * * * *' })).toMatchObject({
      ok: false,
      problem: expect.stringContaining('five fields'),
    });
    expect(scheduled({ cron_expression: '0 25 * * *' })).toMatchObject({ ok: false });
    const config = functionAutomations(
      'job',
      new Map([
        [
          'functions/job/function.jsonc',
          '{ "automations": [{ "name": "Often", "type": "scheduled", "cron_expression": "*/2 * * * *" }] }',
        ],
      ]),
    );
    expect(config).toEqual({
      ok: false,
      diagnostics: [
        'functions/job/function.jsonc: Often: runs more often than every 5 minutes (the shortest interval)',
      ],
    });
  });

  it('computes the next run in UTC, none after the end date or for a past one-time run', () => {
    const after = new Date('2030-01-01T10:07:00Z');
    expect(nextRun({ name: 'S', cron: '*/5 * * * *' }, after)?.toISOString()).toBe(
      '2030-01-01T10:10:00.000Z',
    );
    expect(nextRun({ name: 'S', cron: '0 3 * * *' }, after)?.toISOString()).toBe('2030-01-02T03:00:00.000Z');
    expect(nextRun({ name: 'S', cron: '0 3 * * *', endsOn: '2030-01-01T23:00:00Z' }, after)).toBeNull();
    expect(nextRun({ name: 'S', runAt: '2030-01-01T12:00:00.000Z' }, after)?.toISOString()).toBe(
      '2030-01-01T12:00:00.000Z',
    );
    expect(nextRun({ name: 'S', runAt: '2029-01-01T12:00:00.000Z' }, after)).toBeNull();
  });
});
