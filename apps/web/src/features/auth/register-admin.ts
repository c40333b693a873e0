// The API half of the sign-in flow (spec §4): register-user-admin and reading its answer. Loaded by
// use-login on the first login click, so the landing page's bundle carries neither the ts-rest client nor
// the contract's zod schemas.
import { DEFAULT_TOKEN_EXPIRES_IN, LoginResult } from '@pagecast/contract';
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

/** A browser's answer: the contract's LoginResult without the jwt (spec §4 asked for one; a browser gets
 *  none, its session is an httpOnly cookie, docs/product.md "Sign-in"). */
const BrowserLoginResult = LoginResult.omit({ jwt: true });

/** The answer as the contract types it (unknown keys dropped), or null when it is not one. */
export function readLoginResult(body: unknown): Omit<LoginResult, 'jwt'> | null {
  const parsed = BrowserLoginResult.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/** POST /api/v1/admin/register-user-admin with the SDK answers; `result` is null for an invalid answer. */
export async function registerUserAdmin(social: SocialLogin) {
  const body = registrationBody(social);
  const response = await tsr.signIn.registerUserAdmin.mutate({ body });
  return { body, responseBody: response.body, result: readLoginResult(response.body) };
}
