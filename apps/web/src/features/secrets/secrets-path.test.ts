import { describe, expect, it } from 'vitest';
import { secretsApp } from './api.ts';

describe('secrets service address (spec 3 §7)', () => {
  it("fails with the spec's message when no app id is available", () => {
    expect(() => secretsApp('')).toThrow('Secrets provider not initialized or app ID not available');
    expect(() => secretsApp('  ')).toThrow('Secrets provider not initialized or app ID not available');
    expect(secretsApp('app 1')).toEqual({ appId: 'app 1' });
  });
});
