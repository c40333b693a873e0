// What the control API's route groups share: their dependencies and the error answer.
import type { FastifyReply } from 'fastify';
import type { WebhookDispatcher } from '../webhooks/dispatcher.js';
import type { World } from '../world/world.js';
import type { SlidingWindowLimiter } from '../send/ratelimit.js';

export interface ControlDeps {
  world: World;
  webhooks: WebhookDispatcher;
  limiters: SlidingWindowLimiter[];
  /** Public base URL of the emulator (attachment URLs point at its CDN stand-in). */
  baseUrl: () => string;
  callbacks: { dataDeletionCallbackUrl?: string; deauthorizeCallbackUrl?: string };
}

export function bad(reply: FastifyReply, message: string, code = 400) {
  return reply.code(code).send({ message });
}
