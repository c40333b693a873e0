// auth slice (spec §3): the signed-in user and our API access token (JWT), restored at start from
// localStorage under admin-scoped keys and saved there whenever they change.
import { create } from 'zustand';
import type { User } from '@pagecast/contract';
import { STORAGE_KEYS, isRecord, readJson, readString, write } from './storage';

/** The signed-in admin as kept on the client (spec §3 "User (signed-in)"): the server's User plus the
 *  social network user token and its lifetime returned by the login SDK (the server never echoes them). */
export interface AuthUser {
  /** Social network user id. */
  userId: string;
  name: string;
  email: string | null;
  profilePic: string | null;
  accessToken: string;
  expiresIn: number;
  role?: User['role'];
}

const isAuthUser = (value: unknown): value is AuthUser =>
  isRecord(value) && typeof value.userId === 'string' && typeof value.name === 'string';

export interface AuthState {
  user: AuthUser | null;
  /** Our API JWT, sent as `Authorization: Bearer <jwt>`. */
  accessToken: string | null;
  setAuth: (auth: { user: AuthUser; accessToken: string }) => void;
  setUser: (user: AuthUser | null) => void;
  setAccessToken: (accessToken: string | null) => void;
  /** Sign out: clears both values and their storage keys. */
  logout: () => void;
  reset: () => void;
}

/** Reads what a previous session left in localStorage. */
export function loadAuthFromStorage(): Pick<AuthState, 'user' | 'accessToken'> {
  const accessToken = readString(STORAGE_KEYS.accessToken);
  return {
    user: readJson(STORAGE_KEYS.user, isAuthUser),
    accessToken: accessToken && accessToken.trim() !== '' ? accessToken : null,
  };
}

export const useAuthStore = create<AuthState>()((set) => {
  const clear = () => {
    write(STORAGE_KEYS.user, null);
    write(STORAGE_KEYS.accessToken, null);
    set({ user: null, accessToken: null });
  };
  return {
    ...loadAuthFromStorage(),
    setAuth: ({ user, accessToken }) => {
      write(STORAGE_KEYS.user, user);
      write(STORAGE_KEYS.accessToken, accessToken);
      set({ user, accessToken });
    },
    setUser: (user) => {
      write(STORAGE_KEYS.user, user);
      set({ user });
    },
    setAccessToken: (accessToken) => {
      write(STORAGE_KEYS.accessToken, accessToken);
      set({ accessToken });
    },
    logout: clear,
    reset: clear,
  };
});

export const selectIsSignedIn = (s: AuthState): boolean => s.accessToken !== null;
