/**
 * Scales of the analytics charts (plain SVG): a "nice" top value for the y axis and the bar
 * geometry of each day, in a viewBox of `width` × `height`.
 */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * magnitude >= max) return step * magnitude;
  }
  return 10 * magnitude;
}

export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function barsFor(
  values: readonly number[],
  width: number,
  height: number,
): { bars: Bar[]; top: number } {
  const top = niceMax(Math.max(0, ...values));
  const slot = values.length > 0 ? width / values.length : width;
  const barWidth = Math.max(1, slot * 0.7);
  const bars = values.map((value, index) => {
    const barHeight = (Math.max(0, value) / top) * height;
    return {
      x: index * slot + (slot - barWidth) / 2,
      y: height - barHeight,
      width: barWidth,
      height: barHeight,
    };
  });
  return { bars, top };
}

/** K for thousands and M for millions (spec 1 §5). */
export function compactNumber(value: number): string {
  if (Math.abs(value) >= 1_000_000) return `${trim(value / 1_000_000)}M`;
  if (Math.abs(value) >= 1_000) return `${trim(value / 1_000)}K`;
  return trim(value);
}

const trim = (value: number) => String(Math.round(value * 100) / 100);

/** Money with two decimals (spec 1 §5). */
export const money = (dollars: number) => `$${dollars.toFixed(2)}`;
