import { z } from 'zod';
import { c } from './c';
import { GraphId, TOKEN_CHARS, meta, errors, publicErrors, pageErrors } from './common';
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

export const adminContract = c.router({
  registerUserAdmin: {
    method: 'POST',
    path: '/api/v1/admin/register-user-admin',
    summary: 'Sign in: verify the social network token, register the admin and their pages',
    body: RegisterUserAdminBody,
    responses: { ...publicErrors, ...errors(401, 403, 413, 429), 200: LoginResult },
    metadata: meta({ auth: 'public', rateLimitPerMinute: 20 }),
  },
  deleteByUser: {
    method: 'DELETE',
    path: '/api/v1/admin/by-user/:id',
    summary: 'Operator: remove an admin and everything only they own',
    pathParams: z.object({ id: GraphId }),
    body: c.noBody(),
    responses: {
      ...pageErrors,
      200: z.object({ success: z.literal(true), deletedPages: z.number().int() }),
    },
    metadata: meta({ auth: 'operator' }),
  },
  endUserSessions: {
    method: 'POST',
    path: '/api/v1/admin/by-user/:id/sessions/end',
    summary: 'Operator: end every session of a user (their JWTs stop working, live streams close)',
    pathParams: z.object({ id: GraphId }),
    body: c.noBody(),
    responses: {
      ...pageErrors,
      200: z.object({ success: z.literal(true), endedSessions: z.number().int() }),
    },
    metadata: meta({ auth: 'operator' }),
  },
});
