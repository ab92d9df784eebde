import { AUTH_LIMITS } from '@atelier/shared';
import { hash, verify } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import * as zxcvbnEn from '@zxcvbn-ts/language-en';

/** argon2id with the library's defaults (19 MiB, 2 passes, 1 lane: OWASP's recommended minimum). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** A hash of a password nobody has, verified when the user does not exist so timing looks the same. */
let dummyHash: Promise<string> | undefined;

/** Verifies a password; with no hash it still spends the time of one verification and answers false. */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hash('not-a-real-password-atelier');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let zxcvbn: ZxcvbnFactory | undefined;

/** Lowest zxcvbn score (0–4) accepted: 3 means "safely unguessable: moderate protection". */
export const MIN_PASSWORD_SCORE = 3;

/**
 * True when the password is too short, too long, or easy to guess (zxcvbn, English and common
 * dictionaries, taking the user's own e-mail and name into account).
 */
export function isWeakPassword(password: string, userInputs: (string | null | undefined)[] = []): boolean {
  if (password.length < AUTH_LIMITS.passwordMinLength || password.length > AUTH_LIMITS.passwordMaxLength) {
    return true;
  }
  zxcvbn ??= new ZxcvbnFactory({
    dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEn.dictionary },
    graphs: zxcvbnCommon.adjacencyGraphs,
    translations: zxcvbnEn.translations,
  });
  const inputs = userInputs.flatMap((value) => (value ? [value, ...value.split(/[@.\s_-]+/)] : []));
  return zxcvbn.check(password.slice(0, 100), inputs).score < MIN_PASSWORD_SCORE;
}
