import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import type { ModuleDeps } from '../shared/deps.js';
import { withAdmin } from '../shared/route-guard.js';
import { createReviewService } from './review.js';
import { createCampaignsService } from './service.js';

const s = initServer();
const routes = contract.campaigns;

export const campaignsRouter = (deps: ModuleDeps) => {
  const campaigns = createCampaignsService(deps);
  const review = createReviewService(deps);
  return s.router(routes, {
    listCampaigns: withAdmin(async ({ params, query }, { adminId }) => ({
      status: 200,
      body: await campaigns.listCampaigns(adminId, params.pageId, query.page, query.limit),
    })),
    createCampaign: withAdmin(async ({ body }, { adminId }) => ({
      status: 201,
      body: await campaigns.createCampaign(adminId, body),
    })),
    audiencePreview: withAdmin(async ({ params, query }, { adminId }) => ({
      status: 200,
      body: await campaigns.audiencePreview(adminId, params.pageId, query),
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
      body: await campaigns.campaignDetail(adminId, params.campaignId),
    })),
    getCampaignSpend: withAdmin(async ({ params }, { adminId }) => ({
      status: 200,
      body: await campaigns.campaignSpend(adminId, params.campaignId),
    })),
    listCampaignRecipients: withAdmin(async ({ params, query }, { adminId }) => ({
      status: 200,
      body: await campaigns.listRecipients(adminId, params.campaignId, query),
    })),
    exportCampaignRecipients: withAdmin(async ({ params, reply }, { adminId }) => {
      const { campaign, stream } = await campaigns.exportRecipients(adminId, params.campaignId);
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
      body: await campaigns.tagRecipients(adminId, params.campaignId, body),
    })),
    cancelCampaign: withAdmin(async ({ params }, { adminId }) => ({
      status: 200,
      body: await campaigns.cancelCampaign(adminId, params.campaignId),
    })),
    stopReturns: withAdmin(async ({ params }, { adminId }) => ({
      status: 200,
      body: await campaigns.stopReturns(adminId, params.campaignId),
    })),
  });
};
