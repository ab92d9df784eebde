/**
 * Toasts show one at a time with a removal delay of 1,000,000 ms (spec 3 §9, "Business
 * constants and limits"). A new toast replaces the visible one; a toast stays until it is
 * closed, replaced, or the removal delay has passed.
 */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

/** Shown when an API error answer carries no usable message. */
export const GENERIC_ERROR_MESSAGE = 'There was an error. Please try again.';

/** localStorage key of the chosen colour theme ('light' | 'dark'). */
export const THEME_STORAGE_KEY = 'atelier-theme';
