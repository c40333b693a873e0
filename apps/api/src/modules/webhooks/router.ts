import { contract } from '@pagecast/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastq from 'fastq';
import { verifySignature } from '../../graph/signatures.js';
import { storableJson } from '../../http/null-chars.js';
import { jsonDepth } from '../../lib/json-depth.js';
import type { ModuleDeps } from '../shared/deps.js';
import { insertWebhookEvent } from './repo.js';
import { mediaPolicyOf } from '../inbox/index.js';
import { INGEST_CONCURRENCY, processWebhookEvent, type IngestDeps } from './service.js';

const { webhookVerify, webhookReceive } = contract.system;

/** Nesting allowed in a delivery: several times what Meta sends, far below what jsonb can store. */
export const MAX_WEBHOOK_DEPTH = 64;

/**
 * The largest delivery accepted, above the API's 1 MiB for its own JSON. Meta documents no size (a guess:
 * it batches many events in one POST, and a refused delivery is retried as it is, so a limit too low loses
 * every event in it for good). The signature is checked before anything else reads the body.
 */
export const MAX_WEBHOOK_BYTES = 8 * 1024 * 1024;

/**
 * The Messenger webhook is a raw Fastify route: X-Hub-Signature-256 is checked over the exact raw body,
 * which ts-rest's parsed body cannot give. Accepted deliveries are stored, answered 200 at once, then
 * processed in this process right away (the live inbox wants them within a second); the stored row is the
 * durable fallback: a worker's sweeper processes any row left unprocessed (e.g. this process died, or its
 * queue was full).
 */
/**
 * Deliveries waiting beyond this are not queued in memory: they stay stored, unprocessed, and the
 * sweeper applies them (it takes rows left unprocessed for a while), so a flood cannot grow the heap.
 */
export const INGEST_QUEUE_MAX = 2000;

interface IngestTask {
  eventId: number;
  logger: FastifyRequest['log'];
}

export function registerWebhooks(app: FastifyInstance, moduleDeps: ModuleDeps): void {
  const base = { ...moduleDeps, isMediaUrl: mediaPolicyOf(moduleDeps.config) };
  const queue = fastq.promise(
    ({ eventId, logger }: IngestTask) =>
      processWebhookEvent({ ...base, appId: base.config.fbAppId, logger }, eventId).catch(
        (err: unknown) => logger.error({ err, eventId }, 'webhook processing failed'),
      ),
    INGEST_CONCURRENCY,
  );
  const deps = { ...base, queue };
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
    scope.post(webhookReceive.path, { bodyLimit: MAX_WEBHOOK_BYTES }, (request, reply) =>
      receive(deps, request, reply),
    );
  });
}

async function receive(
  deps: ModuleDeps &
    Pick<IngestDeps, 'isMediaUrl'> & { queue: { length(): number; push(t: IngestTask): unknown } },
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
    // A contact's text may hold U+0000 or half an emoji, which Postgres cannot store: made storable, never refused.
    body = storableJson(raw);
  } catch {
    return reply.code(400).send({ message: 'The webhook body is not JSON' });
  }
  const parsed = webhookReceive.body.safeParse(body);
  if (!parsed.success) return reply.code(400).send({ message: 'Not a webhook delivery' });
  const eventId = await insertWebhookEvent(deps.pool, parsed.data.object, body);
  void reply.code(200).type('text/plain').send('EVENT_RECEIVED');
  if (parsed.data.object === 'page' && deps.queue.length() < INGEST_QUEUE_MAX) {
    void deps.queue.push({ eventId, logger: request.log });
  }
  return reply;
}
