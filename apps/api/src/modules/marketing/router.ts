import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import type { ModuleDeps } from '../shared/deps.js';
import { recipientQuery } from '../inbox/index.js';
import { withAdmin } from '../shared/route-guard.js';
import { createMarketingService } from './service.js';

const s = initServer();
const routes = contract.marketing;

export const marketingRouter = (deps: ModuleDeps) => {
  const marketing = createMarketingService(deps);
  return s.router(routes, {
    getMarketing: withAdmin(async ({ params }, { adminId }) => ({
      status: 200,
      body: await marketing.getMarketing(adminId, params.pageId),
    })),
    listAdAccounts: withAdmin(async ({ params }, { adminId }) => ({
      status: 200,
      body: await marketing.listAdAccounts(adminId, params.pageId),
    })),
    connectMarketing: withAdmin(async ({ params, body }, { adminId }) => ({
      status: 200,
      body: await marketing.connectMarketing(adminId, params.pageId, body.adAccountId),
    })),
    disconnectMarketing: withAdmin(async ({ params }, { adminId }) => ({
      status: 200,
      body: await marketing.disconnectMarketing(adminId, params.pageId),
    })),
    getSubscription: withAdmin(async ({ params }, { adminId }) => ({
      status: 200,
      body: await marketing.getSubscription(adminId, params.pageId, params.userId),
    })),
    askToSubscribe: withAdmin(async ({ params, body }, { adminId }) => ({
      status: 201,
      body: await marketing.askToSubscribe(adminId, params.pageId, params.userId, body.title),
    })),
    askManyToSubscribe: withAdmin(async ({ params, body }, { adminId }) => ({
      status: 200,
      body: await marketing.askManyToSubscribe(adminId, params.pageId, {
        match: recipientQuery(body.match),
        title: body.title,
        dryRun: body.dryRun,
      }),
    })),
    unsubscribe: withAdmin(async ({ params }, { adminId }) => ({
      status: 200,
      body: await marketing.unsubscribe(adminId, params.pageId, params.userId),
    })),
  });
};
