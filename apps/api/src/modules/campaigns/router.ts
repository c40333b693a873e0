import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import type { ModuleDeps } from '../shared/deps.js';
import { withAdmin } from '../shared/route-guard.js';
import { createReviewService } from './review.js';
import { createCampaign } from './create.js';
import {
  audiencePreview,
  campaignDetail,
  campaignSpend,
  cancelCampaign,
  exportRecipients,
  listCampaigns,
  listRecipients,
  stopReturns,
  tagRecipients,
} from './service.js';

const s = initServer();
const routes = contract.campaigns;

export const campaignsRouter = (deps: ModuleDeps) => {
  const { pool: db } = deps;
  const review = createReviewService(deps);
  return s.router(routes, {
    listCampaigns: withAdmin(async ({ params, query }, { adminId }) => ({
      status: 200,
      body: {
        ...(await listCampaigns(db, adminId, params.pageId, query.page, query.limit)),
        // The screens flag a pending campaign whose admin's access was not confirmed within it.
        accessRecheckMinutes: deps.config.pageAccessRecheckMinutes,
      },
    })),
    // The wire's names (the spec's `msg`, `time`) become the module's here, once.
    createCampaign: withAdmin(async ({ body: { msg, time, ...rest } }, { adminId }) => ({
      status: 201,
      body: await createCampaign(deps, adminId, { ...rest, message: msg, scheduledTime: time }),
    })),
    audiencePreview: withAdmin(async ({ params, query }, { adminId }) => ({
      status: 200,
      body: await audiencePreview(db, adminId, params.pageId, query),
    })),
    campaignReview: withAdmin(async ({ params, query }, { adminId }) => ({
      status: 200,
      body: await review.review(adminId, params.pageId, query),
    })),
    sendTestMessage: withAdmin(async ({ params, body }, { adminId }) => ({
      status: 200,
      body: await review.sendTest(adminId, params.pageId, body.msg, body.imageUrl),
    })),
    getCampaign: withAdmin(async ({ params }, { adminId }) => ({
      status: 200,
      body: {
        ...(await campaignDetail(db, adminId, params.campaignId)),
        accessRecheckMinutes: deps.config.pageAccessRecheckMinutes,
      },
    })),
    getCampaignSpend: withAdmin(async ({ params }, { adminId }) => ({
      status: 200,
      body: await campaignSpend(deps, adminId, params.campaignId),
    })),
    listCampaignRecipients: withAdmin(async ({ params, query }, { adminId }) => ({
      status: 200,
      body: await listRecipients(db, adminId, params.campaignId, query),
    })),
    exportCampaignRecipients: withAdmin(async ({ params, reply }, { adminId }) => {
      const { campaign, stream } = await exportRecipients(db, adminId, params.campaignId);
      const slug =
        campaign.name
          .replace(/[^\w-]+/g, '-')
          .replace(/^-+|-+$/g, '')
          .slice(0, 60) || 'campaign';
      reply.header('content-disposition', `attachment; filename="${slug}-recipients.csv"`);
      reply.header('cache-control', 'no-store');
      // A stream, not a string: fastify pipes it (the contract types the body as the CSV text).
      return { status: 200, body: stream as unknown as string };
    }),
    tagCampaignRecipients: withAdmin(async ({ params, body }, { adminId }) => ({
      status: 200,
      body: await tagRecipients(db, adminId, params.campaignId, body),
    })),
    cancelCampaign: withAdmin(async ({ params }, { adminId }) => ({
      status: 200,
      body: await cancelCampaign(db, adminId, params.campaignId),
    })),
    stopReturns: withAdmin(async ({ params }, { adminId }) => ({
      status: 200,
      body: await stopReturns(db, adminId, params.campaignId),
    })),
  });
};
