import { z } from 'zod';
import { c } from './c';
import {
  IsoDateTime,
  SuccessBody,
  Uuid,
  authErrors,
  meta,
  bodyErrors,
  pathParamErrors,
  writeErrors,
} from './common';

/** One sign-in of the admin, as the account page lists it. */
export const Session = z.object({
  id: Uuid,
  createdAt: IsoDateTime,
  lastSeenAt: IsoDateTime,
  expiresAt: IsoDateTime,
  /** The browser that signed in, as its User-Agent said (cut to 300 characters). */
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  /** The session this request is made with. */
  current: z.boolean(),
});
export type Session = z.infer<typeof Session>;

/** The signed-in admin's own sessions: log out, list, end one. */
export const sessionsContract = c.router({
  list: {
    method: 'GET',
    path: '/api/v1/sessions',
    summary: "The signed-in admin's active sessions, newest first",
    responses: { ...authErrors, 200: z.object({ sessions: z.array(Session) }) },
    metadata: meta({ auth: 'admin' }),
  },
  logout: {
    method: 'POST',
    path: '/api/v1/sessions/logout',
    summary: 'Log out: ends the session this request is made with (its JWT stops working at once)',
    body: c.noBody(),
    responses: { ...authErrors, ...bodyErrors, 200: SuccessBody },
    metadata: meta({ auth: 'admin' }),
  },
  revokeOthers: {
    method: 'POST',
    path: '/api/v1/sessions/end-others',
    summary:
      'Sign out all other sessions: ends every session of the admin but this one; their live streams close',
    body: c.noBody(),
    responses: { ...authErrors, ...bodyErrors, 200: z.object({ ended: z.number().int() }) },
    // No limit of its own: one statement over the caller's own sessions, no Graph call.
    metadata: meta({ auth: 'admin' }),
  },
  revoke: {
    method: 'DELETE',
    path: '/api/v1/sessions/:id',
    summary: "Ends one of the admin's sessions (another browser); its live streams close",
    pathParams: z.object({ id: Uuid }),
    body: c.noBody(),
    responses: { ...writeErrors, ...pathParamErrors, 200: SuccessBody },
    metadata: meta({ auth: 'admin' }),
  },
});
