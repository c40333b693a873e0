import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import { requireAdmin } from '../../auth/index.js';
import type { ModuleDeps } from '../deps.js';
import * as service from './service.js';

const s = initServer();
const routes = contract.campaigns;

export const campaignsRouter = ({ db }: ModuleDeps) =>
  s.router(routes, {
    listCampaigns: async ({ params, query, request }) => {
      const { adminId } = await requireAdmin(request);
      const body = await service.listCampaigns(db, adminId, params.pageId, query.page, query.limit);
      return { status: 200, body };
    },
    createCampaign: async ({ body, request }) => {
      const { adminId } = await requireAdmin(request);
      return { status: 201, body: await service.createCampaign(db, adminId, body) };
    },
    audiencePreview: async ({ params, query, request }) => {
      const { adminId } = await requireAdmin(request);
      return {
        status: 200,
        body: await service.audiencePreview(db, adminId, params.pageId, query.tagId),
      };
    },
    getCampaign: async ({ params, request }) => {
      const { adminId } = await requireAdmin(request);
      return { status: 200, body: await service.campaignDetail(db, adminId, params.campaignId) };
    },
    listCampaignRecipients: async ({ params, query, request }) => {
      const { adminId } = await requireAdmin(request);
      const body = await service.listRecipients(db, adminId, params.campaignId, query);
      return { status: 200, body };
    },
    exportCampaignRecipients: async ({ params, request, reply }) => {
      const { adminId } = await requireAdmin(request);
      const { campaign, stream } = await service.exportRecipients(db, adminId, params.campaignId);
      const slug = campaign.name.replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'campaign';
      reply.header('content-disposition', `attachment; filename="${slug}-recipients.csv"`);
      reply.header('cache-control', 'no-store');
      // A stream, not a string: fastify pipes it (the contract types the body as the CSV text).
      return { status: 200, body: stream as unknown as string };
    },
    cancelCampaign: async ({ params, request }) => {
      const { adminId } = await requireAdmin(request);
      return { status: 200, body: await service.cancelCampaign(db, adminId, params.campaignId) };
    },
  });
