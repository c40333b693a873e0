// The CSRF proof of the browser's session (docs/architecture.md "Browser session"): the API sets a readable
// cookie at sign-in and refuses a cookie-authenticated write (403) that does not echo it in the CSRF header.
import { CSRF_COOKIE, CSRF_HEADER, HOST_COOKIE_PREFIX } from '@pagecast/contract';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

/** The CSRF header for a request of `method` (none for reads, or before sign-in). */
export function csrfHeaders(method: string): Record<string, string> {
  if (!UNSAFE.has(method.toUpperCase())) return {};
  // Production names it with the `__Host-` prefix (the API's auth/cookies.ts#sessionCookieNames).
  const token = readCookie(`${HOST_COOKIE_PREFIX}${CSRF_COOKIE}`) ?? readCookie(CSRF_COOKIE);
  return token ? { [CSRF_HEADER]: token } : {};
}
