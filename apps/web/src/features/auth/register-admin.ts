// The API half of the sign-in flow (spec §4): register-user-admin and reading its answer. Loaded by
// use-login on the first login click, so the landing page's bundle carries neither the ts-rest client nor
// the contract's zod schemas.
import { DEFAULT_TOKEN_EXPIRES_IN, Page, type LoginResult } from '@pagecast/contract';
import { tsr } from '../../lib/api';
import type { SocialLogin } from './fb-sdk';

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

/**
 * The answer counts when it has a user (spec §4 asked for jwt too; a browser's answer has none since the
 * session is an httpOnly cookie, docs/product.md "Sign-in"); accounts default to none.
 */
export function readLoginResult(body: unknown): Omit<LoginResult, 'jwt'> | null {
  if (typeof body !== 'object' || body === null) return null;
  const { user, accounts } = body as Partial<Record<keyof LoginResult, unknown>>;
  if (typeof user !== 'object' || user === null) return null;
  const u = user as Partial<LoginResult['user']>;
  if (typeof u.userId !== 'string' || u.userId === '') return null;
  const pages = Array.isArray(accounts)
    ? accounts.flatMap((a: unknown) => {
        const page = Page.safeParse(a);
        return page.success ? [page.data] : [];
      })
    : [];
  return {
    user: {
      userId: u.userId,
      name: typeof u.name === 'string' ? u.name : '',
      email: typeof u.email === 'string' ? u.email : null,
      profilePic: typeof u.profilePic === 'string' ? u.profilePic : null,
      role: u.role === 'operator' ? 'operator' : 'admin',
      ...(Array.isArray(u.grantedScopes)
        ? { grantedScopes: u.grantedScopes.filter((s): s is string => typeof s === 'string') }
        : {}),
    },
    accounts: pages,
  };
}

/** POST /api/v1/admin/register-user-admin with the SDK answers; `result` is null for an invalid answer. */
export async function registerUserAdmin(social: SocialLogin) {
  const body = registrationBody(social);
  const response = await tsr.signIn.registerUserAdmin.mutate({ body });
  return { body, responseBody: response.body, result: readLoginResult(response.body) };
}
