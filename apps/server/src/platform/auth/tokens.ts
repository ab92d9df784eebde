import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe: session tokens and e-mailed link codes. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What we store of a high-entropy token: its SHA-256 (the token itself is never stored). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A 6-digit code, uniformly drawn. */
export function generateOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Codes have little entropy, so they are stored as an HMAC keyed with the server secret and bound to the row. */
export function hashOtp(secret: string, tokenId: string, otp: string): string {
  return createHmac('sha256', secret).update(`${tokenId}:${otp}`).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
