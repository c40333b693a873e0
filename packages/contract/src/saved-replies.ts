import { z } from 'zod';
import { c } from './c';
import {
  GraphId,
  IsoDateTime,
  Uuid,
  errors,
  meta,
  pageErrors,
  writeErrors,
  pathParamErrors,
  apiKeyErrors,
} from './common';
import { LIMITS } from './constants';
import { PLACEHOLDER_MESSAGES, unknownPlaceholders } from './rules/placeholders';

/**
 * Saved replies of a page: texts the page's admins insert from the composer (`/` or a button), with
 * `{first_name}` / `{last_name}` filled from the open contact (rules/placeholders.ts). What is inserted is
 * sent as a normal reply, so its body keeps Messenger's 2,000 characters.
 */
export const SAVED_REPLY_LIMITS = {
  titleMax: 40,
  bodyMax: LIMITS.chatMessageMax,
  perPage: 100,
} as const;

export const SAVED_REPLY_MESSAGES = {
  titleRequired: 'Give the reply a title',
  titleTooLong: `A title can be at most ${SAVED_REPLY_LIMITS.titleMax} characters`,
  bodyRequired: 'Write the reply',
  bodyTooLong: `A reply can be at most ${SAVED_REPLY_LIMITS.bodyMax.toLocaleString('en-US')} characters (Messenger's limit)`,
  duplicateTitle: (title: string) => `A saved reply titled "${title}" already exists on this page`,
  tooMany: `A page can keep at most ${SAVED_REPLY_LIMITS.perPage} saved replies: delete one first`,
  notFound: 'Saved reply not found',
  created: 'Saved reply created',
  updated: 'Saved reply updated',
  deleted: 'Saved reply deleted',
} as const;

const M = SAVED_REPLY_MESSAGES;

export const SavedReplyBody = z.object({
  title: z
    .string({ required_error: M.titleRequired, invalid_type_error: M.titleRequired })
    .trim()
    .min(1, M.titleRequired)
    .max(SAVED_REPLY_LIMITS.titleMax, M.titleTooLong),
  body: z
    .string({ required_error: M.bodyRequired, invalid_type_error: M.bodyRequired })
    .trim()
    .min(1, M.bodyRequired)
    .max(SAVED_REPLY_LIMITS.bodyMax, M.bodyTooLong)
    .superRefine((body, ctx) => {
      // Unknown placeholders only: the length once filled is the composer's check, where it is sent.
      const unknown = unknownPlaceholders(body);
      if (unknown.length > 0)
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: PLACEHOLDER_MESSAGES.unknown(unknown),
        });
    }),
});
export type SavedReplyBody = z.infer<typeof SavedReplyBody>;

export const SavedReply = z.object({
  id: Uuid,
  pageId: GraphId,
  title: z.string(),
  body: z.string(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type SavedReply = z.infer<typeof SavedReply>;

const pageParams = z.object({ pageId: GraphId });
const replyParams = pageParams.extend({ id: Uuid });

export const savedRepliesContract = c.router({
  listSavedReplies: {
    method: 'GET',
    path: '/api/v1/saved-replies/page/:pageId',
    summary: "The page's saved replies, by title",
    pathParams: pageParams,
    responses: {
      ...pageErrors,
      ...apiKeyErrors,
      ...pathParamErrors,
      200: z.object({ replies: z.array(SavedReply) }),
    },
    metadata: meta({ auth: 'admin', pageScoped: true, scope: 'read' }),
  },
  createSavedReply: {
    method: 'POST',
    path: '/api/v1/saved-replies/page/:pageId',
    summary: 'Save a reply for the page (title unique on the page, at most 100)',
    pathParams: pageParams,
    body: SavedReplyBody,
    responses: {
      ...writeErrors,
      ...errors(409),
      ...pathParamErrors,
      201: z.object({ reply: SavedReply }),
    },
    metadata: meta({ auth: 'admin', pageScoped: true }),
  },
  updateSavedReply: {
    method: 'PUT',
    path: '/api/v1/saved-replies/page/:pageId/:id',
    summary: 'Change the title or text of a saved reply',
    pathParams: replyParams,
    body: SavedReplyBody,
    responses: {
      ...writeErrors,
      ...errors(409),
      ...pathParamErrors,
      200: z.object({ reply: SavedReply }),
    },
    metadata: meta({ auth: 'admin', pageScoped: true }),
  },
  deleteSavedReply: {
    method: 'DELETE',
    path: '/api/v1/saved-replies/page/:pageId/:id',
    summary: 'Delete a saved reply',
    pathParams: replyParams,
    body: c.noBody(),
    responses: {
      ...writeErrors,
      ...pathParamErrors,
      200: z.object({ success: z.literal(true) }),
    },
    metadata: meta({ auth: 'admin', pageScoped: true }),
  },
});
