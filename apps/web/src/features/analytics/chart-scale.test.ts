import { describe, expect, it } from 'vitest';
import { barsFor, compactNumber, money, niceMax } from './chart-scale.ts';

describe('analytics chart scale', () => {
  it('rounds the top of the axis up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(3)).toBe(5);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(180)).toBe(200);
    expect(niceMax(2100)).toBe(2500);
  });

  it('draws each day as a bar whose height is its share of the top', () => {
    const { bars, top } = barsFor([0, 5, 10], 300, 100);
    expect(top).toBe(10);
    expect(bars.map((bar) => bar.height)).toEqual([0, 50, 100]);
    expect(bars[2]?.y).toBe(0);
    expect(bars[1]?.x).toBeCloseTo(115);
  });

  it('writes K and M, and money with two decimals', () => {
    expect(compactNumber(950)).toBe('950');
    expect(compactNumber(1500)).toBe('1.5K');
    expect(compactNumber(2_000_000)).toBe('2M');
    expect(money(2.00175)).toBe('$2.00');
  });
});
