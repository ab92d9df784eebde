import type { AnalyticsDay } from '@atelier/shared';
import { barsFor } from '../chart-scale.ts';

const WIDTH = 600;
const HEIGHT = 140;

/** One figure per day as an SVG bar chart, labelled for screen readers and with a title per bar. */
export function DayBarChart({
  title,
  days,
  value,
  format,
  total: totalOverride,
}: {
  title: string;
  days: readonly AnalyticsDay[];
  value: (day: AnalyticsDay) => number;
  format: (value: number) => string;
  /** The figure of the whole period when it is not the sum of the days (unique users). */
  total?: number;
}) {
  const values = days.map(value);
  const { bars, top } = barsFor(values, WIDTH, HEIGHT);
  const total = totalOverride ?? values.reduce((sum, v) => sum + v, 0);
  const first = days[0]?.date ?? '';
  const last = days.at(-1)?.date ?? '';
  return (
    <figure className="flex flex-col gap-2 rounded-lg border border-border p-4" aria-label={title}>
      <figcaption className="flex items-baseline justify-between gap-2">
        <span className="font-medium text-sm">{title}</span>
        <span className="font-semibold text-lg" data-testid={`total-${title}`}>
          {format(total)}
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-32 w-full text-primary"
        role="img"
        aria-label={`${title} per day from ${first} to ${last}, up to ${format(top)}`}
      >
        <line
          x1={0}
          y1={HEIGHT - 0.5}
          x2={WIDTH}
          y2={HEIGHT - 0.5}
          className="stroke-border"
          strokeWidth={1}
        />
        {bars.map((bar, index) => (
          <rect
            key={days[index]?.date}
            x={bar.x}
            y={bar.y}
            width={bar.width}
            height={bar.height}
            rx={1}
            className="fill-current"
          >
            <title>{`${days[index]?.date}: ${format(values[index] ?? 0)}`}</title>
          </rect>
        ))}
      </svg>
      <div className="flex justify-between text-muted-foreground text-xs">
        <span>{first}</span>
        <span>{last}</span>
      </div>
    </figure>
  );
}
