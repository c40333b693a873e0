import { z } from 'zod';
import { c } from './c';
import { authErrors, meta, bodyErrors } from './common';

/**
 * The admin's display time zone: an IANA name ('Europe/Paris'), or null for "the browser's own zone".
 * Times are stored and sent in UTC; only the screens show them in this zone. The shape is checked here,
 * whether the zone exists by the server (isTimeZone), which answers an unknown one with a clear 400.
 */
export const TimeZoneName = z.string().trim().min(1).max(64);

export const AccountSettings = z.object({ timeZone: TimeZoneName.nullable() });
export type AccountSettings = z.infer<typeof AccountSettings>;

/** The signed-in admin's own preferences, as the Account screen edits them. */
export const accountContract = c.router({
  getSettings: {
    method: 'GET',
    path: '/api/v1/account/settings',
    summary: "The signed-in admin's preferences (the time zone times are shown in)",
    responses: { ...authErrors, 200: AccountSettings },
    metadata: meta({ auth: 'admin' }),
  },
  updateSettings: {
    method: 'PUT',
    path: '/api/v1/account/settings',
    summary:
      "Saves the admin's preferences; an unknown time zone is refused (400) and nothing changes",
    body: AccountSettings,
    responses: { ...authErrors, ...bodyErrors, 200: AccountSettings },
    // No limit of its own: one update of the caller's own row, no Graph call.
    metadata: meta({ auth: 'admin' }),
  },
});
