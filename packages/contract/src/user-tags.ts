import { z } from 'zod';
import { c } from './c';
import { GraphId, SuccessBody, Uuid, meta, pageErrors, writeErrors } from './common';
import { Tag } from './entities';

export const UserTagBody = z.object({ userId: GraphId, tagId: Uuid, pageId: GraphId });

export const userTagsContract = c.router({
  getUserTags: {
    method: 'GET',
    path: '/api/user-tags/:userId/:pageId',
    summary: "A contact's tags on a page",
    pathParams: z.object({ userId: GraphId, pageId: GraphId }),
    responses: { ...pageErrors, 200: z.array(Tag) },
    metadata: meta({ auth: 'admin', pageScoped: true }),
  },
  addUserTag: {
    method: 'POST',
    path: '/api/user-tags/add',
    summary: 'Tag a contact (adding twice is a no-op)',
    body: UserTagBody,
    responses: { ...writeErrors, 200: SuccessBody },
    metadata: meta({ auth: 'admin', pageScoped: true }),
  },
  removeUserTag: {
    method: 'DELETE',
    path: '/api/user-tags/remove',
    summary: 'Untag a contact (removing what is not there is a no-op)',
    body: UserTagBody,
    responses: { ...writeErrors, 200: SuccessBody },
    metadata: meta({ auth: 'admin', pageScoped: true }),
  },
});
