// Creating a campaign: the page, audience, template and marketing checks, then the per-page
// creation limits and the insert in one transaction. The router maps the wire's body to CampaignInput.
import {
  LIMITS,
  MARKETING_MESSAGES,
  missingScopes,
  PERMISSION_MESSAGES,
  PURPOSE_MESSAGES,
  TEMPLATE_MESSAGES,
  templateParamMapError,
  UTILITY_MESSAGING_SCOPE,
  utilityTemplateAllowed,
  type Campaign,
  type CampaignAudience,
  type TemplateParamMap,
} from '@pagecast/contract';
import { assertPageAdmin, type PageRow } from '../../auth/guards.js';
import { inTransaction, type Sql } from '../../db/client.js';
import { RateLimitedError, UnprocessableError, ValidationError } from '../../errors.js';
import { GraphError, marketingGraph } from '../../graph/index.js';
import type { ModuleDeps } from '../shared/deps.js';
import { adAccountOf, adminGrant } from '../marketing/index.js';
import { marketingPermissionError, marketingUserToken } from '../marketing/index.js';
import { asRefusal, graphOf } from '../shared/page-graph.js';
import { findPageTemplate } from '../templates/index.js';
import * as repo from './repo.js';
import { audienceOfRequest } from './service.js';

/**
 * A campaign to create, in the module's names: the row's fields, and what the request names for the service
 * to resolve (the page by its Facebook id, the tag, the template and its parameters, marketing on or off).
 */
export type CampaignInput = Omit<
  repo.NewCampaign,
  'pageUuid' | 'adminId' | 'tag' | 'audience' | 'template' | 'marketing'
> & {
  pageId: string;
  tagId: string | null;
  audience: CampaignAudience | null;
  templateId: string | null;
  templateParams: TemplateParamMap;
  marketing: boolean;
};

export const CREATION_LIMIT_MESSAGES = {
  perMinute: `This page created ${LIMITS.campaignsPerPagePerMinute} campaigns in the last minute. Wait a minute before scheduling another.`,
  pending: `This page already has ${LIMITS.pendingCampaignsPerPage} scheduled campaigns waiting to start. Cancel one, or wait until some have run.`,
} as const;

/** Over a per-page limit: the 429 to answer, or null. */
function creationLimitReached(counts: {
  recent: number;
  pending: number;
}): RateLimitedError | null {
  if (counts.recent >= LIMITS.campaignsPerPagePerMinute)
    return new RateLimitedError(CREATION_LIMIT_MESSAGES.perMinute, 60);
  if (counts.pending >= LIMITS.pendingCampaignsPerPage)
    return new RateLimitedError(CREATION_LIMIT_MESSAGES.pending, 60);
  return null;
}

/** The body was validated by the contract (spec §5 rules, time against the current minute). */
export async function createCampaign(
  deps: Pick<ModuleDeps, 'pool' | 'graph' | 'tokens' | 'config'>,
  adminId: string,
  input: CampaignInput,
): Promise<Campaign> {
  const { pool: db } = deps;
  const page = await assertPageAdmin(db, adminId, input.pageId, 'messaging');
  const { audience, tag } = await audienceOfRequest(db, page.id, input.tagId, input.audience);
  // A promotion never takes the utility-template path (spec §10.8): refused here, and never sent (target.ts).
  if (input.templateId && !utilityTemplateAllowed(input.type))
    throw new ValidationError(PURPOSE_MESSAGES.templateForPromotion, {
      templateId: [PURPOSE_MESSAGES.templateForPromotion],
    });
  const template = input.templateId
    ? await campaignTemplate(db, adminId, page.id, input.templateId, input.templateParams)
    : null;
  // Meta's message campaign is made before the insert (its warm-up runs meanwhile): a page over its limits
  // is refused before that call, not after it (counted again under the lock below, where races are decided).
  if (input.marketing) {
    const over = creationLimitReached(await repo.creationCounts(db, page.id));
    if (over) throw over;
  }
  const marketing = input.marketing
    ? await marketingCampaign(deps, adminId, page, audience, input.name)
    : null;
  return inTransaction(db, async (client) => {
    // The limits are counted under the page's creation lock, in the insert's transaction.
    await repo.lockCampaignCreation(client, page.id);
    const over = creationLimitReached(await repo.creationCounts(client, page.id));
    if (over) throw over;
    return repo.insertCampaign(client, {
      ...input,
      pageUuid: page.id,
      adminId,
      tag,
      audience,
      template,
      marketing,
    });
  });
}

/**
 * A marketing campaign needs the page's ad account, subscribers in its audience, and Meta's message campaign,
 * made now so its warm-up (about an hour) runs while the campaign waits for its time. Else a 400 on the
 * field, and nothing is stored.
 */
async function marketingCampaign(
  deps: Pick<ModuleDeps, 'pool' | 'graph' | 'tokens' | 'config'>,
  adminId: string,
  page: PageRow,
  audience: CampaignAudience,
  name: string,
): Promise<repo.CampaignMarketing> {
  const refuse = (message: string) => new ValidationError(message, { marketing: [message] });
  const adAccountId = await adAccountOf(deps.pool, page.id);
  if (!adAccountId) throw refuse(MARKETING_MESSAGES.notSetUp);
  if ((await repo.audiencePreview(deps.pool, page.id, audience)).subscribers === 0)
    throw refuse(MARKETING_MESSAGES.noSubscribers);
  // Meta's Flow 2: the admin's own user token with the marketing permissions, not the page token.
  let userToken: string;
  try {
    userToken = await marketingUserToken(deps, adminId);
  } catch (err) {
    if (err instanceof UnprocessableError) throw refuse(err.message);
    throw err;
  }
  const graph = graphOf(deps);
  try {
    const created = await marketingGraph.createMessageCampaign(graph, {
      adAccountId,
      pageId: page.fbPageId,
      userToken,
      name,
    });
    return {
      messageCampaignId: created.id,
      readyAt: new Date(Date.now() + deps.config.marketingWarmupMs),
    };
  } catch (err) {
    const permission = err instanceof GraphError ? marketingPermissionError(err) : null;
    if (permission) throw refuse(permission.message);
    if (
      err instanceof GraphError &&
      ['invalid', 'permission', 'marketing', 'unknown'].includes(err.kind)
    )
      throw refuse(`Meta refused the marketing campaign: ${err.message}`);
    throw asRefusal(err);
  }
}

/**
 * The utility template a campaign sends outside the window: the page's, approved by Meta, every parameter
 * filled and none unknown. Else a 400 on the field, and nothing is stored.
 */
async function campaignTemplate(
  db: Sql,
  adminId: string,
  pageUuid: string,
  templateId: string,
  params: TemplateParamMap,
): Promise<repo.CampaignTemplate> {
  // Meta refuses utility sends without the permission: said now, on the field, not at send time.
  if (missingScopes((await adminGrant(db, adminId)).scopes, [UTILITY_MESSAGING_SCOPE]).length > 0)
    throw new ValidationError(PERMISSION_MESSAGES.templates, {
      templateId: [PERMISSION_MESSAGES.templates],
    });
  const t = await findPageTemplate(db, pageUuid, templateId);
  if (!t)
    throw new ValidationError(TEMPLATE_MESSAGES.notFound, {
      templateId: [TEMPLATE_MESSAGES.notFound],
    });
  if (t.status !== 'approved')
    throw new ValidationError(TEMPLATE_MESSAGES.notApproved, {
      templateId: [TEMPLATE_MESSAGES.notApproved],
    });
  const error = templateParamMapError(t.params, params);
  if (error) throw new ValidationError(error, { templateParams: [error] });
  return { id: t.id, name: t.name, language: t.language, params };
}
