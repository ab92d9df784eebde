/**
 * Toasts show one at a time with a removal delay of 1,000,000 ms (spec 3 §9, "Business
 * constants and limits"). The removal delay is how long a dismissed toast is kept before it is
 * removed from memory (the toast library drops it once its exit animation ends), not how long it
 * shows: a new toast replaces the visible one; successes and notices leave after
 * TOAST_SUCCESS_MS, copy confirmations after TOAST_COPIED_MS (spec 2 §6: 2 s), and errors and
 * warnings stay until closed or replaced.
 */
export const TOAST_LIMIT = 1;
export const TOAST_SUCCESS_MS = 4000;
export const TOAST_COPIED_MS = 2000;

/** The kinds of toast, and copy confirmations. */
export type ToastKind = 'success' | 'error' | 'info' | 'warning';

/** How long a toast of this kind stays on screen: errors and warnings until closed or replaced. */
export function toastDuration(kind: ToastKind | 'copied'): number {
  if (kind === 'error' || kind === 'warning') return Number.POSITIVE_INFINITY;
  return kind === 'copied' ? TOAST_COPIED_MS : TOAST_SUCCESS_MS;
}

/** Shown when an API error answer carries no usable message. */
export const GENERIC_ERROR_MESSAGE = 'There was an error. Please try again.';

/** localStorage key of the chosen colour theme ('light' | 'dark'). */
export const THEME_STORAGE_KEY = 'atelier-theme';
