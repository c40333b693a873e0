import { z } from 'zod';
import { c } from './c';
import {
  GraphId,
  SuccessBody,
  Uuid,
  errors,
  meta,
  pageErrors,
  writeErrors,
  pathParamErrors,
  apiKeyErrors,
} from './common';
import { RecipientMatch } from './inbox';
import { Tag } from './entities';

export const UserTagBody = z.object({ userId: GraphId, tagId: Uuid, pageId: GraphId });

/** Tags one bulk run may add and remove together. */
export const BULK_TAGS_MAX = 50;
/** Contacts one bulk call changes at most (the client calls again with `after` until done). */
export const BULK_CONTACTS_PER_CALL_MAX = 1000;

/**
 * Bulk tagging by search: every contact of the page the search matches gets the `add` tags and loses
 * the `remove` ones, in chunks ordered by contact id (`after`: the last one done), so progress is real.
 */
export const BulkUserTagsBody = z
  .object({
    pageId: GraphId,
    add: z.array(Uuid).max(BULK_TAGS_MAX).default([]),
    remove: z.array(Uuid).max(BULK_TAGS_MAX).default([]),
    match: RecipientMatch,
    after: Uuid.optional(),
    limit: z.number().int().min(1).max(BULK_CONTACTS_PER_CALL_MAX).default(500),
  })
  .refine((b) => b.add.length + b.remove.length > 0, {
    message: 'Choose at least one tag to add or remove',
    path: ['add'],
  })
  .refine((b) => !b.add.some((id) => b.remove.includes(id)), {
    message: 'A tag cannot be added and removed at once',
    path: ['remove'],
  });

export const userTagsContract = c.router({
  getUserTags: {
    method: 'GET',
    path: '/api/user-tags/:userId/:pageId',
    summary: "A contact's tags on a page",
    pathParams: z.object({ userId: GraphId, pageId: GraphId }),
    responses: { ...pageErrors, ...apiKeyErrors, ...pathParamErrors, 200: z.array(Tag) },
    metadata: meta({ auth: 'admin', pageScoped: true, scope: 'read' }),
  },
  addUserTag: {
    method: 'POST',
    path: '/api/user-tags/add',
    summary: 'Tag a contact (adding twice is a no-op)',
    body: UserTagBody,
    responses: { ...writeErrors, ...apiKeyErrors, 200: SuccessBody },
    metadata: meta({ auth: 'admin', pageScoped: true, scope: 'tags:write' }),
  },
  bulkUserTags: {
    method: 'POST',
    path: '/api/user-tags/bulk',
    summary:
      'Add and remove tags on every contact a search matches, one chunk per call (idempotent: safe to retry)',
    body: BulkUserTagsBody,
    responses: {
      ...writeErrors,
      ...apiKeyErrors,
      ...errors(429),
      200: z.object({
        /** Contacts done in this call. */
        processed: z.number().int(),
        /** Pass as `after` for the next chunk; null when done. */
        nextAfter: Uuid.nullable(),
      }),
    },
    metadata: meta({
      auth: 'admin',
      pageScoped: true,
      rateLimitPerMinute: 600,
      scope: 'tags:write',
    }),
  },
  removeUserTag: {
    method: 'DELETE',
    path: '/api/user-tags/remove',
    summary: 'Untag a contact (removing what is not there is a no-op)',
    body: UserTagBody,
    responses: { ...writeErrors, ...apiKeyErrors, 200: SuccessBody },
    metadata: meta({ auth: 'admin', pageScoped: true, scope: 'tags:write' }),
  },
});
