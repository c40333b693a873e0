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
import { MessageTemplate } from './entities';
import { createTemplateBodySchema } from './rules/template-rules';

export const CreateTemplateBody = createTemplateBodySchema;

export const templatesContract = c.router({
  listTemplates: {
    method: 'GET',
    path: '/api/v1/templates/page/:pageId',
    summary: "The page's utility message templates with Meta's status, newest first",
    pathParams: z.object({ pageId: GraphId }),
    responses: {
      ...pageErrors,
      ...apiKeyErrors,
      ...pathParamErrors,
      200: z.array(MessageTemplate),
    },
    metadata: meta({ auth: 'admin', pageScoped: true, scope: 'read' }),
  },
  refreshTemplates: {
    method: 'POST',
    path: '/api/v1/templates/page/:pageId/refresh',
    summary: "Re-read the page's templates and their status from Meta",
    pathParams: z.object({ pageId: GraphId }),
    body: z.object({}).optional(),
    responses: {
      ...writeErrors,
      ...apiKeyErrors,
      ...errors(422, 429, 502),
      ...pathParamErrors,
      200: z.array(MessageTemplate),
    },
    metadata: meta({
      auth: 'admin',
      pageScoped: true,
      rateLimitPerMinute: 30,
      scope: 'campaigns:write',
    }),
  },
  createTemplate: {
    method: 'POST',
    path: '/api/v1/templates',
    summary: 'Submit a utility message template to Meta for approval',
    body: CreateTemplateBody,
    responses: {
      ...writeErrors,
      ...apiKeyErrors,
      ...errors(409, 422, 429, 502),
      201: MessageTemplate,
    },
    metadata: meta({
      auth: 'admin',
      pageScoped: true,
      rateLimitPerMinute: 60,
      scope: 'campaigns:write',
    }),
  },
  deleteTemplate: {
    method: 'DELETE',
    path: '/api/v1/templates/:id',
    summary: 'Delete a template here and at Meta (refused while a scheduled campaign sends it)',
    pathParams: z.object({ id: Uuid }),
    body: c.noBody(),
    responses: {
      ...pageErrors,
      ...apiKeyErrors,
      ...errors(409, 422, 429, 502),
      ...bodyErrors,
      ...pathParamErrors,
      200: z.object({ success: z.literal(true), message: z.string() }),
    },
    metadata: meta({
      auth: 'admin',
      rateLimitPerMinute: 60,
      scope: 'campaigns:write',
      pageOf: 'template',
    }),
  },
});
