import { describe, expect, it } from 'vitest';
import { hostOf, normaliseDomain } from './domains.service.ts';

describe('domain names', () => {
  it('normalises host names and refuses what is not one', () => {
    expect(normaliseDomain(' Shop.Example.COM. ')).toBe('shop.example.com');
    expect(normaliseDomain('a-b.example.co.uk')).toBe('a-b.example.co.uk');
    for (const bad of [
      'localhost',
      '10.0.0.1',
      '-x.example.com',
      'x_y.example.com',
      'example.com:80',
      'a..b.com',
      '',
    ]) {
      expect(normaliseDomain(bad), bad).toBeUndefined();
    }
  });

  it('reads the host of a Host header without its port', () => {
    expect(hostOf('Shop.Example.com:8443')).toBe('shop.example.com');
    expect(hostOf('[::1]:3000')).toBeUndefined();
    expect(hostOf(undefined)).toBeUndefined();
  });
});
