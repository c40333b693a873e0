import { contract } from '@pagecast/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { verifySignature } from '../../graph/signatures.js';
import { storableJson } from '../../http/null-chars.js';
import { jsonDepth } from '../../lib/json-depth.js';
import type { ModuleDeps } from '../shared/deps.js';
import { insertWebhookEvent } from './repo.js';
import { mediaPolicyOf } from '../inbox/index.js';
import { processWebhookEvent, type IngestDeps } from './service.js';

const { webhookVerify, webhookReceive } = contract.system;

/** Nesting allowed in a delivery: several times what Meta sends, far below what jsonb can store. */
export const MAX_WEBHOOK_DEPTH = 64;

/**
 * The Messenger webhook is a raw Fastify route: X-Hub-Signature-256 is checked over the exact raw body,
 * which ts-rest's parsed body cannot give. Accepted deliveries are stored, answered 200 at once, then
 * processed in this process right away (the live inbox wants them within a second); the stored row is the
 * durable fallback: a worker's sweeper processes any row left unprocessed (e.g. this process died).
 */
export function registerWebhooks(app: FastifyInstance, moduleDeps: ModuleDeps): void {
  const deps = { ...moduleDeps, isMediaUrl: mediaPolicyOf(moduleDeps.config) };
  app.get(webhookVerify.path, async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    const challenge = q['hub.challenge'];
    if (
      q['hub.mode'] === 'subscribe' &&
      q['hub.verify_token'] === deps.config.webhookVerifyToken &&
      typeof challenge === 'string'
    ) {
      return reply.code(200).type('text/plain').send(challenge);
    }
    return reply.code(403).send({ message: 'Webhook verification failed' });
  });

  // Encapsulated so the raw-body parser applies to this route only.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.post(webhookReceive.path, (request, reply) => receive(deps, request, reply));
  });
}

async function receive(
  deps: ModuleDeps & Pick<IngestDeps, 'isMediaUrl'>,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const header = request.headers['x-hub-signature-256'];
  const signature = Array.isArray(header) ? header[0] : header;
  if (!signature) return reply.code(401).send({ message: 'Missing X-Hub-Signature-256' });
  if (!verifySignature(raw, signature, deps.config.fbAppSecret)) {
    return reply.code(403).send({ message: 'Invalid webhook signature' });
  }
  // Meta's deliveries nest about 8 deep; a signed body 20,000 deep broke the jsonb insert with a 500.
  if (jsonDepth(raw, MAX_WEBHOOK_DEPTH) > MAX_WEBHOOK_DEPTH) {
    return reply.code(413).send({ message: 'The webhook body is nested too deeply' });
  }
  let body: unknown;
  try {
    // A contact's text may hold U+0000, which Postgres cannot store: made storable, never refused.
    body = storableJson(raw);
  } catch {
    return reply.code(400).send({ message: 'The webhook body is not JSON' });
  }
  const parsed = webhookReceive.body.safeParse(body);
  if (!parsed.success) return reply.code(400).send({ message: 'Not a webhook delivery' });
  const eventId = await insertWebhookEvent(deps.pool, parsed.data.object, body);
  void reply.code(200).type('text/plain').send('EVENT_RECEIVED');
  if (parsed.data.object === 'page') {
    setImmediate(() => {
      processWebhookEvent(
        { ...deps, appId: deps.config.fbAppId, logger: request.log },
        eventId,
      ).catch((err: unknown) => request.log.error({ err, eventId }, 'webhook processing failed'));
    });
  }
  return reply;
}
