import { z } from 'zod';
import { c } from './c';
import { GraphId, meta, pathParamErrors, writeErrors } from './common';

/** The operator's routes, on another user's account; under `/api/v1/admin/`, where spec §7 puts the delete. */
export const operatorContract = c.router({
  deleteByUser: {
    method: 'DELETE',
    path: '/api/v1/admin/by-user/:id',
    summary: 'Operator: remove an admin and everything only they own',
    pathParams: z.object({ id: GraphId }),
    body: c.noBody(),
    responses: {
      ...writeErrors,
      ...pathParamErrors,
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
      ...writeErrors,
      ...pathParamErrors,
      200: z.object({ success: z.literal(true), endedSessions: z.number().int() }),
    },
    metadata: meta({ auth: 'operator' }),
  },
});
