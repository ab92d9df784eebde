import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Secrets at rest (ARCHITECTURE §6): AES-256-GCM with a random 12-byte IV per value and the
 * 16-byte authentication tag, stored as `v1:<base64url(iv | tag | ciphertext)>`. The key comes
 * from `SECRETS_KEY` (base64, 32 bytes) or, when unset, from `DATA_DIR/secrets.key`, generated
 * once with mode 0600. On PostgreSQL with several instances every instance must get the same
 * `SECRETS_KEY` (they do not share a data directory).
 */
export interface SecretBox {
  encrypt(plaintext: string): string;
  decrypt(ciphertext: string): string;
}

export interface SecretBoxConfig {
  dataDir: string;
  /** Base64 of 32 bytes, or undefined to use (and create) the key file. */
  secretsKey: string | undefined;
}

export const SECRETS_KEY_FILE = 'secrets.key';
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

export const secretsKeySchema = z
  .string()
  .refine((value) => decodeKey(value) !== undefined, 'SECRETS_KEY must be 32 random bytes, base64-encoded');

export class SecretDecryptionError extends Error {
  override name = 'SecretDecryptionError';
}

export function createSecretBox({ config }: { config: SecretBoxConfig }): SecretBox {
  const key = config.secretsKey ? decodeKey(config.secretsKey) : loadOrCreateKeyFile(config.dataDir);
  if (!key) throw new Error('SECRETS_KEY must be 32 random bytes, base64-encoded');
  return {
    encrypt(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    decrypt(ciphertext) {
      const [version, payload] = ciphertext.split(':', 2);
      if (version !== VERSION || !payload) throw new SecretDecryptionError('Unknown secret format');
      const raw = Buffer.from(payload, 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretDecryptionError('Secret is truncated');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([
          decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SecretDecryptionError('Secret cannot be decrypted: wrong key or altered value');
      }
    },
  };
}

function decodeKey(value: string): Buffer | undefined {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value.trim())) return undefined;
  const key = Buffer.from(value.trim(), 'base64');
  return key.length === KEY_BYTES ? key : undefined;
}

/** Reads DATA_DIR/secrets.key, creating it (0600, exclusive) when missing; a concurrent creator wins. */
function loadOrCreateKeyFile(dataDir: string): Buffer {
  const file = path.join(dataDir, SECRETS_KEY_FILE);
  const read = () => {
    const key = decodeKey(fs.readFileSync(file, 'utf8'));
    if (!key) throw new Error(`${file} does not hold a valid key (32 bytes, base64)`);
    return key;
  };
  if (fs.existsSync(file)) return read();
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return read();
}
