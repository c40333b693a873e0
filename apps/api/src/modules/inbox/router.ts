import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import { publish } from '../../realtime/index.js';
import type { ModuleDeps } from '../shared/deps.js';
import { withAdmin } from '../shared/route-guard.js';
import { recipientQuery } from './repo.js';
import { createInboxService } from './service.js';

const s = initServer();
// `events` is Server-Sent Events, served outside ts-rest (./events.ts).
const { events: _events, ...routes } = contract.inbox;
export const inboxContract = routes;

export const inboxRouter = (deps: ModuleDeps) => {
  const inbox = createInboxService(deps, (pageFbId, event) => publish(deps.pool, pageFbId, event));
  return s.router(routes, {
    // The service checks page access (404) in the same round trip as its first read.
    getRecipients: withAdmin(async ({ params, query }, { adminId }) => ({
      status: 200,
      body: await inbox.listRecipients(
        adminId,
        params.pageId,
        query.after,
        query.limit,
        recipientQuery(query),
      ),
    })),
    countRecipients: withAdmin(async ({ params, query }, { adminId }) => ({
      status: 200,
      body: {
        count: await inbox.countRecipients(adminId, params.pageId, recipientQuery(query)),
      },
    })),
    getConversation: withAdmin(async ({ params, query }, { adminId }) => ({
      status: 200,
      body: await inbox.getConversation(
        adminId,
        params.pageId,
        params.userId,
        query.after,
        query.limit,
      ),
    })),
    sendMessage: withAdmin(async ({ params, body }, { adminId }) => {
      const message = await inbox.sendMessage(adminId, params.pageId, params.userId, body.message);
      return { status: 201, body: { message } };
    }),
    markRead: withAdmin(async ({ params }, { adminId }) => {
      await inbox.markRead(adminId, params.pageId, params.userId);
      return { status: 200, body: { unreadCount: 0 as const } };
    }),
    setStatus: withAdmin(async ({ params, body }, { adminId }) => ({
      status: 200,
      body: { recipient: await inbox.setStatus(adminId, params.pageId, params.userId, body) },
    })),
    assign: withAdmin(async ({ params, body }, { adminId }) => ({
      status: 200,
      body: {
        recipient: await inbox.assign(adminId, params.pageId, params.userId, body.userId),
      },
    })),
    listAssignees: withAdmin(async ({ params }, { adminId }) => ({
      status: 200,
      body: { admins: await inbox.listAssignees(adminId, params.pageId) },
    })),
    resolveUnreachable: withAdmin(async ({ params }, { adminId }) => ({
      status: 200,
      body: { resolved: await inbox.resolveUnreachable(adminId, params.pageId) },
    })),
    queueCounts: withAdmin(async ({ params }, { adminId }) => ({
      status: 200,
      body: await inbox.queueCounts(adminId, params.pageId),
    })),
    getSettings: withAdmin(async ({ params }, { adminId }) => ({
      status: 200,
      body: await inbox.settings(adminId, params.pageId),
    })),
    updateSettings: withAdmin(async ({ params, body }, { adminId }) => ({
      status: 200,
      body: await inbox.settings(adminId, params.pageId, body),
    })),
  });
};
