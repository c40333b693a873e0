import { contract } from '@pagecast/contract';
import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../deps.js';
import { notImplemented } from '../not-implemented.js';
import { routeGuard } from '../route-guard.js';

const route = contract.chats.events;

/** Live inbox (SSE) is a raw Fastify route: ts-rest cannot stream. */
export function registerChatEvents(app: FastifyInstance, _deps: ModuleDeps): void {
  app.get(route.path, { onRequest: routeGuard(route) }, notImplemented(route));
}
