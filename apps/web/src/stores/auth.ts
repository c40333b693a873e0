// auth slice (spec §3): the signed-in user, restored at start from localStorage and saved there whenever it
// changes. The API token is not here: it is an httpOnly session cookie no script can read (docs/product.md).
import { create } from 'zustand';
import type { User } from '@pagecast/contract';
import { STORAGE_KEYS, isRecord, readJson, write } from './storage';

/**
 * The signed-in admin as kept on the client (spec §3 "User (signed-in)"), without the social network's
 * user token: only the sign-in request needs it, so it is never stored (a token in localStorage is a
 * token any script on the origin can read).
 */
export interface AuthUser {
  /** Social network user id. */
  userId: string;
  name: string;
  email: string | null;
  profilePic: string | null;
  role?: User['role'];
  /** The permissions Facebook says were granted at sign-in (unknown for a session older than this). */
  grantedScopes?: string[];
}

/** The fields of AuthUser: older versions also stored the user token, which loading drops. */
const AUTH_USER_FIELDS = [
  'userId',
  'name',
  'email',
  'profilePic',
  'role',
  'grantedScopes',
] as const;

function onlyAuthUserFields(user: AuthUser): AuthUser {
  const kept: Record<string, unknown> = {};
  for (const key of AUTH_USER_FIELDS) if (key in user) kept[key] = user[key];
  return kept as unknown as AuthUser;
}

const isAuthUser = (value: unknown): value is AuthUser =>
  isRecord(value) && typeof value.userId === 'string' && typeof value.name === 'string';

export interface AuthState {
  user: AuthUser | null;
  setAuth: (auth: { user: AuthUser }) => void;
  setUser: (user: AuthUser | null) => void;
  /** Sign out: clears the user and its storage key. */
  logout: () => void;
  reset: () => void;
}

/** Reads what a previous session left in localStorage. */
export function loadAuthFromStorage(): Pick<AuthState, 'user'> {
  // Older versions kept the API token here, where any script could read it: it goes.
  write(STORAGE_KEYS.legacyAccessToken, null);
  const stored = readJson(STORAGE_KEYS.user, isAuthUser);
  const user = stored ? onlyAuthUserFields(stored) : null;
  // A user saved by an older version still holds the social network token: rewrite it without.
  if (stored && Object.keys(stored).length !== Object.keys(user ?? {}).length) {
    write(STORAGE_KEYS.user, user);
  }
  return { user };
}

export const useAuthStore = create<AuthState>()((set) => {
  const clear = () => {
    write(STORAGE_KEYS.user, null);
    set({ user: null });
  };
  return {
    ...loadAuthFromStorage(),
    setAuth: ({ user: given }) => {
      const user = onlyAuthUserFields(given);
      write(STORAGE_KEYS.user, user);
      set({ user });
    },
    setUser: (given) => {
      const user = given ? onlyAuthUserFields(given) : null;
      write(STORAGE_KEYS.user, user);
      set({ user });
    },
    logout: clear,
    reset: clear,
  };
});

/** Signed in: a user is kept (the session cookie itself is out of script reach; a 401 signs out). */
export const selectIsSignedIn = (s: AuthState): boolean => s.user !== null;
