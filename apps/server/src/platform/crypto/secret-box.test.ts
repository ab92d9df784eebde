import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSecretBox, SECRETS_KEY_FILE, SecretDecryptionError, secretsKeySchema } from './secret-box.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-secrets-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const key = randomBytes(32).toString('base64');

describe('secret box', () => {
  it('decrypts what it encrypted, including non-ASCII text', () => {
    const box = createSecretBox({ config: { dataDir: tempDir(), secretsKey: key } });
    for (const text of ['sk_test_123', '', 'pässwörd ✓ 🔑'])
      expect(box.decrypt(box.encrypt(text))).toBe(text);
  });

  it('stores a versioned value that never contains the plaintext and differs on every call', () => {
    const box = createSecretBox({ config: { dataDir: tempDir(), secretsKey: key } });
    const first = box.encrypt('sk_live_secret');
    const second = box.encrypt('sk_live_secret');
    expect(first).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(first).not.toContain('sk_live_secret');
    expect(first).not.toBe(second);
  });

  it('refuses a value altered after encryption', () => {
    const box = createSecretBox({ config: { dataDir: tempDir(), secretsKey: key } });
    const sealed = box.encrypt('token');
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1]! ^= 1;
    expect(() => box.decrypt(`v1:${raw.toString('base64url')}`)).toThrow(SecretDecryptionError);
    expect(() => box.decrypt('v2:abc')).toThrow(SecretDecryptionError);
    expect(() => box.decrypt('v1:abc')).toThrow(SecretDecryptionError);
  });

  it('cannot be opened with another key', () => {
    const sealed = createSecretBox({ config: { dataDir: tempDir(), secretsKey: key } }).encrypt('token');
    const other = createSecretBox({
      config: { dataDir: tempDir(), secretsKey: randomBytes(32).toString('base64') },
    });
    expect(() => other.decrypt(sealed)).toThrow(SecretDecryptionError);
  });

  it('generates DATA_DIR/secrets.key once (mode 0600) and reuses it', () => {
    const dataDir = tempDir();
    const sealed = createSecretBox({ config: { dataDir, secretsKey: undefined } }).encrypt('kept');
    const file = path.join(dataDir, SECRETS_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const keyText = fs.readFileSync(file, 'utf8');
    expect(createSecretBox({ config: { dataDir, secretsKey: undefined } }).decrypt(sealed)).toBe('kept');
    expect(fs.readFileSync(file, 'utf8')).toBe(keyText);
  });

  it('accepts only a base64 key of 32 bytes', () => {
    expect(secretsKeySchema.safeParse(key).success).toBe(true);
    expect(secretsKeySchema.safeParse(randomBytes(16).toString('base64')).success).toBe(false);
    expect(secretsKeySchema.safeParse('not a key!').success).toBe(false);
  });
});
