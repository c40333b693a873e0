// The admin's display time zone, applied to the one time formatter (@pagecast/contract time-format). The
// last zone this browser saw is kept, so a reload shows times in it from the first paint; the settings are
// read in the background, and the screens are redrawn only when they say another zone.
import { displayTimeZone, setDisplayTimeZone } from '@pagecast/contract';
import { useAccountSettingsQuery } from './queries';

const KEY = 'pagecast.admin.timeZone';

/** At startup: the zone this browser last applied (none: the browser's own). */
export function restoreDisplayTimeZone(): void {
  try {
    setDisplayTimeZone(localStorage.getItem(KEY));
  } catch {
    // Storage refused (private mode): the settings read applies the zone a moment later.
  }
}

/**
 * Applies the admin's zone once the settings are read (a failed read keeps the current one). Answers the
 * zone in force, a key for the screens: they read the zone while rendering, so a new one remounts them.
 */
export function useDisplayTimeZone(): string {
  const settings = useAccountSettingsQuery();
  if (settings.isSuccess) {
    const chosen = typeof settings.data.timeZone === 'string' ? settings.data.timeZone : null;
    setDisplayTimeZone(chosen);
    try {
      if (chosen) localStorage.setItem(KEY, chosen);
      else localStorage.removeItem(KEY);
    } catch {
      // Not kept: the next load reads the settings again.
    }
  }
  return displayTimeZone();
}
