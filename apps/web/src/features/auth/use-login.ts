// Sign-in flow of spec §4 (client side): social login -> profile -> register-user-admin -> /select.
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { DEFAULT_TOKEN_EXPIRES_IN, LOGIN_SCOPES, Page, type LoginResult } from '@pagecast/contract';
import { tsr } from '../../lib/api';
import { useAuthStore, usePagesStore, type AuthUser } from '../../stores';
import { socialLogin, type SocialLogin } from './fb-sdk';

/** Exact scopes requested at sign-in (spec §6). */
export { LOGIN_SCOPES };

export const INVALID_LOGIN_RESPONSE_LOG = 'Invalid login response:';

const toSeconds = (value: number | string | undefined): number => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0
    ? Math.floor(n)
    : DEFAULT_TOKEN_EXPIRES_IN;
};

/** Body of POST /api/v1/admin/register-user-admin built from the SDK answers. */
export function registrationBody({ auth, profile }: SocialLogin) {
  return {
    name: profile.name ?? '',
    email: profile.email ?? null,
    profilePic: profile.picture?.data?.url ?? null,
    userId: profile.id || auth.userID,
    accessToken: auth.accessToken,
    expiresIn: toSeconds(auth.expiresIn),
  };
}

/** The answer counts when it has both jwt and user (spec §4); accounts default to none. */
export function readLoginResult(body: unknown): LoginResult | null {
  if (typeof body !== 'object' || body === null) return null;
  const { jwt, user, accounts } = body as Partial<Record<keyof LoginResult, unknown>>;
  if (typeof jwt !== 'string' || jwt === '' || typeof user !== 'object' || user === null)
    return null;
  const u = user as Partial<LoginResult['user']>;
  if (typeof u.userId !== 'string' || u.userId === '') return null;
  const pages = Array.isArray(accounts)
    ? accounts.flatMap((a: unknown) => {
        const page = Page.safeParse(a);
        return page.success ? [page.data] : [];
      })
    : [];
  return {
    jwt,
    user: {
      userId: u.userId,
      name: typeof u.name === 'string' ? u.name : '',
      email: typeof u.email === 'string' ? u.email : null,
      profilePic: typeof u.profilePic === 'string' ? u.profilePic : null,
      role: u.role === 'operator' ? 'operator' : 'admin',
    },
    accounts: pages,
  };
}

/**
 * Returns `login` for the landing page's login buttons and `pending` while it runs. A cancelled login or a
 * missing SDK is ignored; an answer without jwt and user is logged as invalid and nothing else happens.
 */
export function useLogin() {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const running = useRef(false);

  const login = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    try {
      const social = await socialLogin(LOGIN_SCOPES);
      if (!social) return;
      const body = registrationBody(social);
      const response = await tsr.admin.registerUserAdmin.mutate({ body });
      const result = readLoginResult(response.body);
      if (!result) {
        console.log(INVALID_LOGIN_RESPONSE_LOG, response.body);
        return;
      }
      const { jwt, user, accounts } = result;
      const authUser: AuthUser = {
        userId: user.userId,
        name: user.name,
        email: user.email,
        profilePic: user.profilePic,
        role: user.role,
        accessToken: body.accessToken,
        expiresIn: body.expiresIn,
      };
      useAuthStore.getState().setAuth({ user: authUser, accessToken: jwt });
      usePagesStore.getState().setPages(accounts);
      await navigate({ to: '/select', replace: true });
    } catch (error) {
      console.error('Sign-in failed:', error);
    } finally {
      running.current = false;
      setPending(false);
    }
  }, [navigate]);

  return { login, pending };
}
