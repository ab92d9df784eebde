import { describe, expect, it } from 'vitest';
import { isSidebarShortcut, readSidebarOpen, sidebarCookie } from './sidebar-state.ts';

describe('sidebar state', () => {
  it('keeps the state for 7 days (max-age 604800)', () => {
    expect(sidebarCookie(false)).toBe('sidebar_state=false; path=/; max-age=604800; samesite=lax');
  });

  it('reads the cookie, open when absent', () => {
    expect(readSidebarOpen('a=1; sidebar_state=false')).toBe(false);
    expect(readSidebarOpen('sidebar_state=true')).toBe(true);
    expect(readSidebarOpen('')).toBe(true);
  });

  it('toggles on Ctrl+B and Cmd+B only', () => {
    expect(isSidebarShortcut({ key: 'b', ctrlKey: true, metaKey: false })).toBe(true);
    expect(isSidebarShortcut({ key: 'B', ctrlKey: false, metaKey: true })).toBe(true);
    expect(isSidebarShortcut({ key: 'b', ctrlKey: false, metaKey: false })).toBe(false);
  });
});
