import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import type { ModuleDeps } from '../shared/deps.js';
import { withAdmin } from '../shared/route-guard.js';
import { createTemplatesService, TEMPLATE_RESULT_MESSAGES } from './service.js';
import type { TemplatePathListener } from './sync.js';

const s = initServer();
const routes = contract.templates;

export const templatesRouter = (deps: ModuleDeps, onPath: TemplatePathListener) => {
  const templates = createTemplatesService(deps, onPath);
  return s.router(routes, {
    listTemplates: withAdmin(async ({ params }, { adminId }) => ({
      status: 200,
      body: await templates.listTemplates(adminId, params.pageId),
    })),
    refreshTemplates: withAdmin(async ({ params }, { adminId }) => ({
      status: 200,
      body: await templates.refreshTemplates(adminId, params.pageId),
    })),
    createTemplate: withAdmin(async ({ body }, { adminId }) => ({
      status: 201,
      body: await templates.createTemplate(adminId, body),
    })),
    deleteTemplate: withAdmin(async ({ params }, { adminId }) => {
      await templates.deleteTemplate(adminId, params.id);
      return { status: 200, body: { success: true, message: TEMPLATE_RESULT_MESSAGES.deleted } };
    }),
  });
};
