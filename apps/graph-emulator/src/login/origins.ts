// Who may receive a login's token and who may drive the emulator from a browser. The emulator runs on a
// developer's machine next to their browser: without these checks any web site they visit could post a
// form to the control API (create users, remove the app, which deletes that user's data in the product) or
// to the login dialog's confirm step, and have a Demo Admin token redirected to itself.

/**
 * Meta's answer when a login's `redirect_uri` is not one of the app's Valid OAuth Redirect URIs
 * (Facebook Login settings); Meta matches the registered URIs exactly, the emulator by origin (guess: the
 * emulator has no settings page, so the product's origins stand for its registered URIs).
 */
export const REDIRECT_BLOCKED =
  'URL Blocked: This redirect failed because the redirect URI is not whitelisted in the app’s Client OAuth Settings. Make sure Client and Web OAuth Login are on and add all your app domains as Valid OAuth Redirect URIs.';

/** The origin of an http(s) URL, or '' for anything else. */
export const originOf = (url: string): string => {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : '';
  } catch {
    return '';
  }
};

/**
 * A redirect the login may use: a page on one of the app's origins, or the SDK's own callback on the
 * emulator (`/dialog/oauth/callback?origin=…`) whose `origin` (where it posts the token) is one of them.
 */
export function redirectAllowed(
  redirectUri: string,
  appOrigins: ReadonlySet<string>,
  emulatorBase: string,
): boolean {
  const origin = originOf(redirectUri);
  if (origin === '') return false;
  if (appOrigins.has(origin)) return true;
  const u = new URL(redirectUri);
  return (
    origin === originOf(emulatorBase) &&
    u.pathname === '/dialog/oauth/callback' &&
    appOrigins.has(u.searchParams.get('origin') ?? '')
  );
}

/** Loopback names and addresses, and single-label names (a Compose service): never a rebound public name. */
export function hostAllowed(host: string | undefined): boolean {
  if (!host) return true; // HTTP/1.0 without Host: not a browser
  const name = host
    .replace(/:\d+$/, '')
    .replace(/^\[(.*)\]$/, '$1')
    .toLowerCase();
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    /^\d{1,3}(\.\d{1,3}){3}$/.test(name) ||
    name.includes(':') ||
    !name.includes('.')
  );
}

/**
 * Whether a request to the control API or the login's confirm step comes from another site: browsers send
 * `Origin` on every cross-origin POST (and `Sec-Fetch-Site` on every request); tests, scripts and the
 * product's server send neither. `ownOrigins` are the emulator's (its dialog posts the confirm form to itself).
 */
export function crossSite(
  headers: { origin?: string | string[]; 'sec-fetch-site'?: string | string[] },
  ownOrigins: ReadonlyArray<string>,
): boolean {
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = headers.origin;
  return origin !== undefined && !ownOrigins.includes(String(origin));
}
