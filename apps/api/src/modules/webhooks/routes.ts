import { contract } from '@pagecast/contract';
import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../deps.js';
import { notImplemented } from '../not-implemented.js';

const { webhookVerify, webhookReceive } = contract.system;

/**
 * The Messenger webhook is a raw Fastify route: X-Hub-Signature-256 is checked over the exact raw body,
 * which ts-rest's parsed body cannot give.
 */
export function registerWebhooks(app: FastifyInstance, _deps: ModuleDeps): void {
  app.get(webhookVerify.path, notImplemented(webhookVerify));
  app.post(webhookReceive.path, notImplemented(webhookReceive));
}
