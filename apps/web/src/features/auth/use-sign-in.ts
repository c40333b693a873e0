// Sign-in flow of spec §4 (client side): social login -> profile -> register-user-admin -> /select.
// No router here: the landing page's own small entry (src/public) signs in with it too.
import { useCallback, useRef, useState } from 'react';
import { loginScopes } from '@pagecast/contract';
import { env } from '../../lib/env';
import { useAuthStore, usePagesStore } from '../../stores';
import { socialLogin } from './fb-sdk';

/** The API client and the contract's schemas load on the first click, not with the landing page. */
const loadRegistration = () => import('./register-admin');

/** Exact scopes requested at sign-in (spec §6): the base ones and what the enabled features need. */
export const LOGIN_SCOPES: readonly string[] = loginScopes(env.features);

export interface SignInOptions {
  /** Other scopes than sign-in's (the 'Connect marketing' login asks for more). */
  scopes?: readonly string[];
  /** Ask again for permissions the person declined before (reconnecting for a missing one). */
  rerequest?: boolean;
  /** Also told when the person closes or cancels the login dialog (e.g. to toast it). */
  onCancelled?: () => void;
}

/** Said (neutrally) after the login dialog was closed or cancelled: nothing broke, nothing happened. */
export const LOGIN_CANCELLED = 'Login cancelled';

export const INVALID_LOGIN_RESPONSE_LOG = 'Invalid login response:';

/**
 * Returns `login` for the landing page's login buttons and `pending` while it runs; `onSignedIn` then opens
 * /select (replacing the landing page in history). A cancelled login sets `cancelled` (the screen says
 * LOGIN_CANCELLED) and changes nothing else; a missing SDK is ignored; an answer that is not the
 * contract's LoginResult is logged as invalid and nothing else happens.
 */
export function useSignIn(onSignedIn: () => void | Promise<void>, options: SignInOptions = {}) {
  const scopes = options.scopes ?? LOGIN_SCOPES;
  const rerequest = options.rerequest ?? false;
  const onCancelled = options.onCancelled;
  const [pending, setPending] = useState(false);
  const [cancelled, setCancelled] = useState(false);
  const running = useRef(false);

  const login = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    setCancelled(false);
    try {
      // Started before the social login, not awaited: FB.login must run inside the click (popup blockers).
      const registration = loadRegistration();
      registration.catch(() => undefined); // a cancelled login never awaits it
      const social = await socialLogin(scopes, rerequest, () => {
        setCancelled(true);
        onCancelled?.();
      });
      if (!social) return;
      const { registerUserAdmin } = await registration;
      const { responseBody, result } = await registerUserAdmin(social);
      if (!result) {
        console.log(INVALID_LOGIN_RESPONSE_LOG, responseBody);
        return;
      }
      // The session itself came as an httpOnly cookie (no jwt in a browser's answer).
      const { user, accounts } = result;
      useAuthStore.getState().setAuth({ user });
      usePagesStore.getState().setPages(accounts);
      await onSignedIn();
    } catch (error) {
      console.error('Sign-in failed:', error);
    } finally {
      running.current = false;
      setPending(false);
    }
  }, [onSignedIn, scopes, rerequest, onCancelled]);

  return { login, pending, cancelled };
}
