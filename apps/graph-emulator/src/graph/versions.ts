// Graph API versions as Meta runs them on 2026-11-23: a call to an expired version is not refused, it is
// served as the oldest version still available; the `facebook-api-version` header says which one answered.

/** Versions available today, oldest first (v20.0 expired on 2026-09-24). */
export const LIVE_VERSIONS = ['v21.0', 'v22.0', 'v23.0', 'v24.0', 'v25.0', 'v26.0'] as const;
export const OLDEST_LIVE_VERSION = LIVE_VERSIONS[0];
/** Unversioned calls use the app's dashboard version: the emulated app is set to the latest. */
export const APP_DEFAULT_VERSION = 'v26.0' satisfies (typeof LIVE_VERSIONS)[number];

const number = (v: string) => Number(v.slice(1));

/** The version that answers a call made with `requested` ('' for unversioned). */
export function servingVersion(requested: string): string {
  if (!requested) return APP_DEFAULT_VERSION;
  if (number(requested) < number(OLDEST_LIVE_VERSION)) return OLDEST_LIVE_VERSION;
  return requested;
}
