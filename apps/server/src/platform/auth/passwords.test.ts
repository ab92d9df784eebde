import { describe, expect, it } from 'vitest';
import { hashPassword, isWeakPassword, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('stores argon2id hashes that verify only the right password', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(stored).not.toContain('correct');
    expect(await verifyPassword(stored, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(stored, 'wrong horse battery staple')).toBe(false);
  });

  it('answers false without a hash after spending a verification', async () => {
    expect(await verifyPassword(null, 'anything')).toBe(false);
  });

  it.each(['short1!', 'password', 'password123', '12345678', 'qwertyuiop', 'aaaaaaaaaaaa'])(
    'calls %s weak',
    (password) => {
      expect(isWeakPassword(password)).toBe(true);
    },
  );

  it('calls a password built from the e-mail weak', () => {
    expect(isWeakPassword('janedoe2024', ['janedoe@example.com'])).toBe(true);
  });

  it.each(['Tr0ub4dor&3-kettle', 'violet-canyon-maple-42', 'ZebraOrbitLantern!9'])(
    'accepts %s',
    (password) => {
      expect(isWeakPassword(password, ['someone@example.com'])).toBe(false);
    },
  );
});
