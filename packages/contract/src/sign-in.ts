import { z } from 'zod';
import { c } from './c';
import { GraphId, TOKEN_CHARS, meta, errors, publicErrors, bodyErrors } from './common';
import { DEFAULT_TOKEN_EXPIRES_IN } from './constants';
import { LoginResult } from './entities';

export const RegisterUserAdminBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  email: z.string().trim().max(320).nullish(),
  profilePic: z.string().max(2048).nullish(),
  userId: GraphId,
  accessToken: z
    .string()
    .min(10, 'Access token is required')
    .max(4096)
    .regex(TOKEN_CHARS, 'Invalid access token'),
  expiresIn: z.coerce
    .number()
    .int()
    .positive()
    .max(10 * DEFAULT_TOKEN_EXPIRES_IN)
    .default(DEFAULT_TOKEN_EXPIRES_IN),
});

/** Sign-in (spec §4): the social network token in, the admin's session and pages out. */
export const signInContract = c.router({
  registerUserAdmin: {
    method: 'POST',
    path: '/api/v1/admin/register-user-admin',
    summary: 'Sign in: verify the social network token, register the admin and their pages',
    body: RegisterUserAdminBody,
    responses: { ...publicErrors, ...bodyErrors, ...errors(401, 403, 429), 200: LoginResult },
    metadata: meta({ auth: 'public', rateLimitPerMinute: 20 }),
  },
});
