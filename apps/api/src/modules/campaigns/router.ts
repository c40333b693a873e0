import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import type { ModuleDeps } from '../deps.js';
import { notImplemented } from '../not-implemented.js';

const s = initServer();
const routes = contract.campaigns;

export const campaignsRouter = (_deps: ModuleDeps) =>
  s.router(routes, {
    listCampaigns: notImplemented(routes.listCampaigns),
    createCampaign: notImplemented(routes.createCampaign),
    audiencePreview: notImplemented(routes.audiencePreview),
    getCampaign: notImplemented(routes.getCampaign),
    listCampaignRecipients: notImplemented(routes.listCampaignRecipients),
    exportCampaignRecipients: notImplemented(routes.exportCampaignRecipients),
    cancelCampaign: notImplemented(routes.cancelCampaign),
  });
