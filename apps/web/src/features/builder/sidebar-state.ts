/** The builder side panel's open state, kept in a cookie for 7 days (spec: sidebar state cookie). */
export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 604_800; // 7 days
export const SIDEBAR_SHORTCUT_KEY = 'b';

export function readSidebarOpen(cookie: string): boolean {
  const match = cookie.split(';').find((part) => part.trim().startsWith(`${SIDEBAR_COOKIE}=`));
  return match ? match.trim().slice(SIDEBAR_COOKIE.length + 1) !== 'false' : true;
}

export const sidebarCookie = (open: boolean) =>
  `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;

/** Ctrl+B (Cmd+B on a Mac) toggles the side panel. */
export const isSidebarShortcut = (event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey'>) =>
  event.key.toLowerCase() === SIDEBAR_SHORTCUT_KEY && (event.ctrlKey || event.metaKey);
