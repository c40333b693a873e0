import { contract } from '@pagecast/contract';
import { initServer } from '@ts-rest/fastify';
import type { ModuleDeps } from '../deps.js';
import { notImplemented } from '../not-implemented.js';

const s = initServer();
// `events` is Server-Sent Events, served outside ts-rest (./events.ts).
const { events: _events, ...routes } = contract.chats;
export const chatsContract = routes;

export const chatsRouter = (_deps: ModuleDeps) =>
  s.router(routes, {
    getRecipients: notImplemented(routes.getRecipients),
    getConversation: notImplemented(routes.getConversation),
    sendMessage: notImplemented(routes.sendMessage),
  });
