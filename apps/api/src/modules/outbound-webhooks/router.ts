import { WEBHOOK_MESSAGES, contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import type { ModuleDeps } from '../shared/deps.js';
import { withAdmin } from '../shared/route-guard.js';
import { createOutboundWebhooksService } from './service.js';

const s = initServer();

// Session-only routes (no `scope` in the contract): the route guard refuses a key before these run.
export const outboundWebhooksRouter = (deps: ModuleDeps) => {
  const service = createOutboundWebhooksService(deps);
  return s.router(contract.webhooks, {
    createWebhook: withAdmin(async ({ params, body }, { adminId }) => ({
      status: 201 as const,
      body: await service.create(adminId, params.pageId, body),
    })),
    listWebhooks: withAdmin(async ({ params }, { adminId }) => ({
      status: 200 as const,
      body: await service.list(adminId, params.pageId),
    })),
    updateWebhook: withAdmin(async ({ params, body }, { adminId }) => ({
      status: 200 as const,
      body: await service.update(adminId, params.webhookId, body),
    })),
    deleteWebhook: withAdmin(async ({ params }, { adminId }) => {
      await service.remove(adminId, params.webhookId);
      return {
        status: 200 as const,
        body: { success: true as const, message: WEBHOOK_MESSAGES.deleted },
      };
    }),
    testWebhook: withAdmin(async ({ params }, { adminId }) => ({
      status: 202 as const,
      body: {
        delivery: await service.sendTest(adminId, params.webhookId),
        message: WEBHOOK_MESSAGES.testQueued,
      },
    })),
    listWebhookDeliveries: withAdmin(async ({ params, query }, { adminId }) => ({
      status: 200 as const,
      body: await service.deliveries(adminId, params.webhookId, query),
    })),
    replayWebhookDelivery: withAdmin(async ({ params }, { adminId }) => ({
      status: 202 as const,
      body: {
        delivery: await service.replay(adminId, params.deliveryId),
        message: WEBHOOK_MESSAGES.replayQueued,
      },
    })),
  });
};
