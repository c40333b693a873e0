// Sidebar expanded/collapsed state persisted in the 'sidebar_state' cookie for 7 days (spec §4, §9).
import { useCallback, useState } from 'react';
import { UI } from '@pagecast/contract';

export const SIDEBAR_COOKIE_NAME = UI.sidebar.cookieName;
export const SIDEBAR_COOKIE_MAX_AGE = UI.sidebar.cookieMaxAgeSeconds;

/** The saved state; default open when there is no (valid) cookie. */
export function readSidebarCookie(): boolean {
  if (typeof document === 'undefined') return true;
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SIDEBAR_COOKIE_NAME) {
      const value = rest.join('=');
      if (value === 'false') return false;
      if (value === 'true') return true;
    }
  }
  return true;
}

export function writeSidebarCookie(open: boolean): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}

export function useSidebarState(): [boolean, (open: boolean) => void] {
  const [open, setOpenState] = useState(readSidebarCookie);
  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    writeSidebarCookie(next);
  }, []);
  return [open, setOpen];
}
