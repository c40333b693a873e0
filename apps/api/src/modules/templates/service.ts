// Rules of the utility templates capability: a page's templates are created and deleted at Meta with the
// acting admin's own page token, and kept here with Meta's verdict (status webhooks, and a re-read on
// demand). Templates serve campaigns, so every route needs the messaging role.
import {
  missingScopes,
  PERMISSION_MESSAGES,
  TEMPLATE_MESSAGES as M,
  templateParameterFormat,
  templateParams,
  UTILITY_MESSAGING_SCOPE,
  type CreateTemplateValues,
  type MessageTemplate,
} from '@pagecast/contract';
import { assertPageAdmin, type PageRow } from '../../auth/guards.js';
import { allows, ROLE_MESSAGES } from '../../auth/page-access.js';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnprocessableError,
  ValidationError,
} from '../../errors.js';
import { GraphError, type GraphClient } from '../../graph/index.js';
import { graphRefusal, pageForGraph as pageOnFacebook } from '../shared/page-graph.js';
import type { ModuleDeps } from '../shared/deps.js';
import { adminGrant } from '../marketing/index.js';
import { isPermissionRefusal } from '../marketing/index.js';
import * as repo from './repo.js';
import { syncPageTemplates, templateStatus, type TemplatePathListener } from './sync.js';

export const TEMPLATE_RESULT_MESSAGES = {
  deleted: 'Template deleted',
  notFound: 'Template not found',
} as const;

/**
 * Meta's answer to a duplicate name and language (also checked here first). WhatsApp's subcode: Meta documents
 * none for Messenger templates (a guess; the local check is what users meet).
 */
const DUPLICATE_SUBCODE = 2388024;

/** Example values Meta reviews a template with: a plausible one per named parameter. */
const EXAMPLES: Record<string, string> = {
  first_name: 'Alex',
  last_name: 'Taylor',
  full_name: 'Alex Taylor',
};
const exampleFor = (param: string) => EXAMPLES[param] ?? `sample ${param.replace(/_/g, ' ')}`;

export type TemplatesService = ReturnType<typeof createTemplatesService>;

/** `onPath`: what a template's status means for its campaigns (campaigns' `noteTemplatePath`, from the root). */
export function createTemplatesService(
  deps: Pick<ModuleDeps, 'pool' | 'graph' | 'tokens'>,
  onPath: TemplatePathListener,
) {
  const { pool: db } = deps;

  /** The admin's page with their own token and the Graph client, or the error to answer. */
  async function pageForGraph(
    adminId: string,
    fbPageId: string,
  ): Promise<{ page: PageRow; token: string; graph: GraphClient }> {
    const found = await pageOnFacebook(deps, adminId, fbPageId);
    // Meta answers every template call (#200) without the utility permission: say how to grant it first.
    const granted = (await adminGrant(db, adminId)).scopes;
    if (missingScopes(granted, [UTILITY_MESSAGING_SCOPE]).length > 0)
      throw new UnprocessableError(PERMISSION_MESSAGES.templates);
    return found;
  }

  /** A Graph failure as the admin should read it; a refused template says Meta's own words. */
  function graphFailure(err: unknown): unknown {
    if (!(err instanceof GraphError)) return err;
    if (err.subcode === DUPLICATE_SUBCODE) return new ConflictError(M.duplicate);
    if (isPermissionRefusal(err)) return new UnprocessableError(PERMISSION_MESSAGES.templates);
    if (err.kind === 'invalid' || err.kind === 'unknown')
      return new ValidationError(`Meta refused the template: ${err.message}`);
    return graphRefusal(err);
  }

  return {
    async listTemplates(adminId: string, fbPageId: string): Promise<MessageTemplate[]> {
      const page = await assertPageAdmin(db, adminId, fbPageId, 'messaging');
      return repo.listPageTemplates(db, page.id);
    },

    /** Meta's list is the truth: statuses follow it, templates it no longer has are dropped. */
    async refreshTemplates(adminId: string, fbPageId: string): Promise<MessageTemplate[]> {
      const { page, token, graph } = await pageForGraph(adminId, fbPageId);
      try {
        await syncPageTemplates(db, graph, page.id, page.fbPageId, token, onPath);
      } catch (err) {
        throw graphFailure(err);
      }
      return repo.listPageTemplates(db, page.id);
    },

    async createTemplate(adminId: string, input: CreateTemplateValues): Promise<MessageTemplate> {
      const { page, token, graph } = await pageForGraph(adminId, input.pageId);
      if (await repo.templateExists(db, page.id, input.name, input.language))
        throw new ConflictError(M.duplicate);
      const params = templateParams(input.body);
      let created: { id: string; status: string };
      try {
        created = await graph.createMessageTemplate(page.fbPageId, token, {
          name: input.name,
          language: input.language,
          body: input.body,
          format: templateParameterFormat(params),
          params,
          examples: Object.fromEntries(params.map((p) => [p, exampleFor(p)])),
          buttons: input.buttons,
        });
      } catch (err) {
        throw graphFailure(err);
      }
      const template = await repo.upsertTemplate(db, {
        pageUuid: page.id,
        fbTemplateId: created.id,
        name: input.name,
        language: input.language,
        body: input.body,
        params,
        buttons: input.buttons,
        status: templateStatus(created.status),
        rejectedReason: null,
      });
      // A status webhook may have stored it first, with campaigns already on it.
      await onPath(db, [template.id], template.status);
      return template;
    },

    async deleteTemplate(adminId: string, templateId: string): Promise<void> {
      const t = await repo.findAdminTemplate(db, adminId, templateId);
      if (!t) throw new NotFoundError(TEMPLATE_RESULT_MESSAGES.notFound);
      if (!allows(t.tasks, 'messaging')) throw new ForbiddenError(ROLE_MESSAGES.messaging);
      // Checked before Meta's delete too: a template a campaign will send must not vanish at Meta.
      if (await repo.templateInUse(db, templateId)) throw new ConflictError(M.inUse);
      const { page, token, graph } = await pageForGraph(adminId, t.pageId);
      try {
        await graph.deleteMessageTemplate(page.fbPageId, token, t.name, t.fbTemplateId);
      } catch (err) {
        // Already gone at Meta (deleted in its own tools): deleting it here is what is left to do.
        if (!(err instanceof GraphError && err.code === 100 && err.kind === 'invalid'))
          throw graphFailure(err);
      }
      const result = await repo.deleteUnusedTemplate(db, templateId);
      if (result === 'in_use') throw new ConflictError(M.inUse);
    },
  };
}
