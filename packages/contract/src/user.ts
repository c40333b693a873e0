import { z } from 'zod';
import { c } from './c';
import {
  GraphId,
  TOKEN_CHARS,
  meta,
  errors,
  publicErrors,
  writeErrors,
  bodyErrors,
  pathParamErrors,
} from './common';
import { DeletionResult, DeletionStatus } from './entities';

export const userContract = c.router({
  addUsersByPage: {
    method: 'POST',
    path: '/api/v1/user/addUsersByPage',
    summary: "Import the page's users (starts or joins the page sync job)",
    body: z.object({ pageId: GraphId }),
    responses: {
      ...writeErrors,
      ...errors(409, 429),
      202: z.object({ jobId: z.string(), status: z.string() }),
    },
    metadata: meta({ auth: 'admin', pageScoped: true, rateLimitPerMinute: 30 }),
  },
  deleteUser: {
    method: 'POST',
    path: '/api/v1/user/delete-user',
    summary: "Delete the signed-in user's data (token verified with debug_token)",
    body: z.object({
      userId: GraphId,
      accessToken: z.string().min(10).max(4096).regex(TOKEN_CHARS, 'Invalid access token'),
    }),
    responses: { ...publicErrors, ...bodyErrors, ...errors(401, 429), 200: DeletionResult },
    metadata: meta({ auth: 'public', rateLimitPerMinute: 10 }),
  },
  deletionStatus: {
    method: 'GET',
    path: '/api/v1/user/deletion-status/:id',
    summary: 'Public status of a data deletion request, by its confirmation code',
    pathParams: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid id') }),
    responses: { ...publicErrors, ...errors(404, 429), ...pathParamErrors, 200: DeletionStatus },
    metadata: meta({ auth: 'public', rateLimitPerMinute: 30 }),
  },
});
