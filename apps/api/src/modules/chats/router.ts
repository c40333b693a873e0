import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import { assertPageAdmin, requireAdmin } from '../../auth/index.js';
import type { ModuleDeps } from '../deps.js';
import { publishLive } from './live.js';
import { createChatsService } from './service.js';

const s = initServer();
// `events` is Server-Sent Events, served outside ts-rest (./events.ts).
const { events: _events, ...routes } = contract.chats;
export const chatsContract = routes;

export const chatsRouter = (deps: ModuleDeps) => {
  const chats = createChatsService(deps, (pageFbId, event) => publishLive(deps, pageFbId, event));
  return s.router(routes, {
    getRecipients: async ({ params, query, request }) => {
      const auth = await requireAdmin(request);
      const page = await assertPageAdmin(deps.db, auth.adminId, params.pageId);
      return { status: 200, body: await chats.listRecipients(page, query.after, query.limit) };
    },
    getConversation: async ({ params, query, request }) => {
      const auth = await requireAdmin(request);
      const page = await assertPageAdmin(deps.db, auth.adminId, params.pageId);
      return {
        status: 200,
        body: await chats.getConversation(page, params.userId, query.after, query.limit),
      };
    },
    sendMessage: async ({ params, body, request }) => {
      const auth = await requireAdmin(request);
      const page = await assertPageAdmin(deps.db, auth.adminId, params.pageId);
      return { status: 201, body: { message: await chats.sendMessage(page, params.userId, body.message) } };
    },
  });
};
