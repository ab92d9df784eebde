import { describe, expect, it } from 'vitest';
import { secretsPath } from './api.ts';

describe('secrets service address (spec 3 §7)', () => {
  it("fails with the spec's message when no app id is available", () => {
    expect(() => secretsPath('')).toThrow('Secrets provider not initialized or app ID not available');
    expect(secretsPath('app 1')).toBe('/api/apps/app%201/secrets');
  });
});
