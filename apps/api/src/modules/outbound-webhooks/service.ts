// A page's webhook endpoints as its admins manage them (Settings → 'Webhooks'), with a sign-in session only.
// The secret exists in clear only in the answer that makes (or rotates) it; it is kept encrypted, since
// signing needs it back. Another admin's endpoint or delivery is not found (404), never forbidden.
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES as M,
  type UpdateWebhookBody,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@pagecast/contract';
import { assertPageAdmin } from '../../auth/guards.js';
import { allows, ROLE_MESSAGES } from '../../auth/page-access.js';
import type { Config } from '../../config.js';
import type { TokenCipher } from '../../crypto/tokens.js';
import type { Sql } from '../../db/client.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.js';
import { assertWebhookUrl } from './address-rule.js';
import * as repo from './repo.js';
import { newWebhookSecret } from './signing.js';

export interface OutboundWebhooksDeps {
  pool: Sql;
  config: Pick<Config, 'outboundWebhooks'>;
  tokens: Pick<TokenCipher, 'encrypt'>;
}

const TEST_MESSAGE = 'A test event from Pagecast: your endpoint receives and verifies deliveries.';

type CreateInput = { url: string; events: string[] };
type UpdateInput = Omit<UpdateWebhookBody, 'events'> & { events?: string[] };

function encodeCursor(c: repo.DeliveryCursor): string {
  return Buffer.from(JSON.stringify([c.at, c.id])).toString('base64url');
}

function decodeCursor(after: string | undefined): repo.DeliveryCursor | null {
  if (!after) return null;
  try {
    const [at, id] = JSON.parse(Buffer.from(after, 'base64url').toString('utf8')) as unknown[];
    if (
      typeof at === 'string' &&
      typeof id === 'string' &&
      // timestamptz as Postgres writes it: '2026-12-02 19:20:37.123456+00'
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/.test(at) &&
      /^[0-9a-f-]{36}$/i.test(id)
    )
      return { at, id };
  } catch {
    // fall through
  }
  throw new ValidationError('Invalid cursor', { after: ['Invalid cursor'] });
}

export function createOutboundWebhooksService(deps: OutboundWebhooksDeps) {
  const db = deps.pool;
  const rule = () => deps.config.outboundWebhooks.urlRule;

  /** The endpoint, if the admin manages its page with messaging: 404 otherwise, 403 for the role. */
  async function endpointOf(adminId: string, webhookId: string): Promise<repo.Endpoint> {
    const endpoint = await repo.endpointOfAdmin(db, adminId, webhookId);
    if (!endpoint) throw new NotFoundError(M.notFound);
    if (!allows(endpoint.tasks, 'messaging')) throw new ForbiddenError(ROLE_MESSAGES.messaging);
    return endpoint;
  }

  async function deliveryOf(adminId: string, deliveryId: string) {
    const found = await repo.deliveryEndpointOfAdmin(db, adminId, deliveryId);
    if (!found) throw new NotFoundError(M.deliveryNotFound);
    if (!allows(found.tasks, 'messaging')) throw new ForbiddenError(ROLE_MESSAGES.messaging);
    return found;
  }

  return {
    async create(
      adminId: string,
      fbPageId: string,
      input: CreateInput,
    ): Promise<{ webhook: WebhookEndpoint; secret: string }> {
      const page = await assertPageAdmin(db, adminId, fbPageId, 'messaging');
      await assertWebhookUrl(input.url, rule());
      const secret = newWebhookSecret();
      const made = await repo.insertEndpoint(db, {
        pageUuid: page.id,
        adminId,
        url: input.url,
        events: input.events,
        secretEnc: deps.tokens.encrypt(secret),
        max: WEBHOOK_LIMITS.perPage,
      });
      if (!made) throw new ConflictError(M.tooMany);
      return { webhook: made.webhook, secret };
    },

    async list(adminId: string, fbPageId: string): Promise<WebhookEndpoint[]> {
      const page = await assertPageAdmin(db, adminId, fbPageId, 'messaging');
      return repo.listEndpoints(db, page.id);
    },

    async update(
      adminId: string,
      webhookId: string,
      input: UpdateInput,
    ): Promise<{ webhook: WebhookEndpoint; secret?: string }> {
      await endpointOf(adminId, webhookId);
      if (input.url !== undefined) await assertWebhookUrl(input.url, rule());
      const secret = input.rotateSecret ? newWebhookSecret() : undefined;
      await repo.updateEndpoint(db, webhookId, {
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.events !== undefined ? { events: input.events } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        ...(secret
          ? {
              rotate: {
                secretEnc: deps.tokens.encrypt(secret),
                previousValidHours: WEBHOOK_LIMITS.previousSecretHours,
              },
            }
          : {}),
      });
      const { webhook } = await endpointOf(adminId, webhookId);
      return secret ? { webhook, secret } : { webhook };
    },

    async remove(adminId: string, webhookId: string): Promise<void> {
      await endpointOf(adminId, webhookId);
      await repo.deleteEndpoint(db, webhookId);
    },

    async sendTest(adminId: string, webhookId: string): Promise<WebhookDelivery> {
      const endpoint = await endpointOf(adminId, webhookId);
      if (endpoint.webhook.status !== 'active') throw new ConflictError(M.disabledNoTest);
      return repo.insertTestDelivery(
        db,
        { id: endpoint.webhook.id, pageUuid: endpoint.pageUuid },
        TEST_MESSAGE,
      );
    },

    async deliveries(
      adminId: string,
      webhookId: string,
      query: { after?: string | undefined; limit: number },
    ): Promise<{ deliveries: WebhookDelivery[]; paging: { nextCursor: string | null } }> {
      await endpointOf(adminId, webhookId);
      const { deliveries, next } = await repo.listDeliveries(
        db,
        webhookId,
        decodeCursor(query.after),
        query.limit,
      );
      return { deliveries, paging: { nextCursor: next ? encodeCursor(next) : null } };
    },

    async replay(adminId: string, deliveryId: string): Promise<WebhookDelivery> {
      const found = await deliveryOf(adminId, deliveryId);
      if (found.status !== 'active') throw new ConflictError(M.disabledNoTest);
      return repo.replayDelivery(db, deliveryId, WEBHOOK_LIMITS.retryForHours);
    },
  };
}

export type OutboundWebhooksService = ReturnType<typeof createOutboundWebhooksService>;
