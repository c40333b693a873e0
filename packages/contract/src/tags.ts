import { z } from 'zod';
import { c } from './c';
import {
  GraphId,
  Uuid,
  meta,
  errors,
  pageErrors,
  writeErrors,
  bodyErrors,
  pathParamErrors,
  apiKeyErrors,
} from './common';
import { Tag, TagListItem } from './entities';
import { createTagBodySchema, tagFieldsSchema } from './rules/tag-rules';

export const CreateTagBody = createTagBodySchema;
export const UpdateTagBody = tagFieldsSchema;

export const tagsContract = c.router({
  listTags: {
    method: 'GET',
    path: '/api/v1/tags/page/:pageId',
    summary: "The page's tags with how many contacts carry each, by name",
    pathParams: z.object({ pageId: GraphId }),
    responses: { ...pageErrors, ...apiKeyErrors, ...pathParamErrors, 200: z.array(TagListItem) },
    metadata: meta({ auth: 'admin', pageScoped: true, scope: 'read' }),
  },
  createTag: {
    method: 'POST',
    path: '/api/v1/tags',
    summary: 'Create a tag on a page',
    body: CreateTagBody,
    responses: {
      ...writeErrors,
      ...apiKeyErrors,
      ...errors(409),
      201: z.object({ success: z.literal(true), tag: Tag, message: z.string() }),
    },
    metadata: meta({ auth: 'admin', pageScoped: true, scope: 'tags:write' }),
  },
  updateTag: {
    method: 'PATCH',
    path: '/api/v1/tags/:id',
    summary: 'Rename a tag or change its description',
    pathParams: z.object({ id: Uuid }),
    body: UpdateTagBody,
    responses: {
      ...writeErrors,
      ...apiKeyErrors,
      ...errors(409),
      ...pathParamErrors,
      200: z.object({ success: z.literal(true), tag: Tag, message: z.string() }),
    },
    metadata: meta({ auth: 'admin', scope: 'tags:write', pageOf: 'tag' }),
  },
  deleteTag: {
    method: 'DELETE',
    path: '/api/v1/tags/:id',
    summary: 'Delete a tag (refused while a pending campaign targets it)',
    pathParams: z.object({ id: Uuid }),
    body: c.noBody(),
    responses: {
      ...pageErrors,
      ...apiKeyErrors,
      ...errors(409),
      ...bodyErrors,
      ...pathParamErrors,
      200: z.object({ success: z.literal(true), message: z.string() }),
    },
    metadata: meta({ auth: 'admin', scope: 'tags:write', pageOf: 'tag' }),
  },
});
