import { APP_KINDS, type AppKind } from './app-kinds.ts';

/**
 * The first prompt typed before signing up (issue 19 item 1): kept in localStorage so it survives
 * the sign-up → verify-email → /home redirects, a reload of the verify page, and the e-mailed link
 * opened in another tab. Taken (read and removed) once, by the first signed-in prompt box.
 */
export const PENDING_PROMPT_KEY = 'atelier.pendingPrompt';
/** A prompt older than this is forgotten rather than started unexpectedly. */
export const PENDING_PROMPT_TTL_MS = 24 * 60 * 60 * 1000;

export interface PendingPrompt {
  prompt: string;
  kind: AppKind;
  savedAt: number;
}

export function savePendingPrompt(prompt: string, kind: AppKind, now = Date.now()): void {
  const value: PendingPrompt = { prompt, kind, savedAt: now };
  try {
    window.localStorage.setItem(PENDING_PROMPT_KEY, JSON.stringify(value));
  } catch {
    // Storage off (private mode): the prompt is simply not carried over.
  }
}

/** Parses a stored value; null for anything malformed or expired. */
export function parsePendingPrompt(raw: string | null, now = Date.now()): PendingPrompt | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingPrompt>;
    if (typeof value.prompt !== 'string' || !value.prompt.trim()) return null;
    if (typeof value.savedAt !== 'number' || now - value.savedAt > PENDING_PROMPT_TTL_MS) return null;
    const kind = APP_KINDS.includes(value.kind as AppKind) ? (value.kind as AppKind) : 'generated_app';
    return { prompt: value.prompt, kind, savedAt: value.savedAt };
  } catch {
    return null;
  }
}

/** Reads and removes the pending prompt: a second caller (or tab) gets null. */
export function takePendingPrompt(now = Date.now()): PendingPrompt | null {
  try {
    const raw = window.localStorage.getItem(PENDING_PROMPT_KEY);
    if (raw === null) return null;
    window.localStorage.removeItem(PENDING_PROMPT_KEY);
    return parsePendingPrompt(raw, now);
  } catch {
    return null;
  }
}
