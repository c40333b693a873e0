import { z } from 'zod';
import { c } from './c';
import {
  GraphId,
  IsoDateTime,
  SuccessBody,
  Uuid,
  errors,
  meta,
  pageErrors,
  pageSize,
  pathParamErrors,
  writeErrors,
} from './common';
import { MessageAttachment, Paging } from './entities';

/**
 * Outbound webhooks (Settings → 'Webhooks'): Pagecast POSTs the page's events to another system's https URL,
 * signed with the endpoint's secret (docs/api.md "Webhooks"). Managed with a sign-in session only: they are
 * page settings, as the keys are account settings.
 */
export const OUTBOUND_EVENT_TYPES = [
  'message.received',
  'message.sent',
  'conversation.updated',
  'contact.tagged',
  'contact.untagged',
  'campaign.updated',
] as const;
export const OutboundEventType = z.enum(OUTBOUND_EVENT_TYPES);
export type OutboundEventType = z.infer<typeof OutboundEventType>;

/** The event 'Send test event' delivers: to this endpoint only, whatever events it subscribed to. */
export const TEST_EVENT_TYPE = 'webhook.test';

/** The signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (a second v1 while a rotated secret is still valid). */
export const WEBHOOK_SIGNATURE_HEADER = 'Pagecast-Signature';

export const WEBHOOK_LIMITS = {
  /** Endpoints a page may have. */
  perPage: 10,
  urlMax: 2048,
  /** An answer slower than this is a failed try. */
  timeoutMs: 10_000,
  /** Tries go on with exponential backoff (and jitter) for this long; then the endpoint is disabled. */
  retryForHours: 24,
  /** After a rotation, deliveries carry the old secret's signature too for this long. */
  previousSecretHours: 24,
  /** What the delivery log keeps of each answer. */
  responseBytes: 1024,
  deliveriesPageSize: 25,
  deliveriesPageSizeMax: 100,
  /** How long the delivery log keeps a delivery. */
  logRetentionDays: 30,
} as const;

export const WEBHOOK_MESSAGES = {
  urlRequired: 'Enter the URL Pagecast should send events to',
  urlInvalid: 'Enter a full URL, e.g. https://example.com/pagecast',
  urlTooLong: `Use at most ${WEBHOOK_LIMITS.urlMax} characters`,
  urlNotHttps: 'Use an https:// URL',
  urlCredentials: 'Leave the user name and password out of the URL',
  /** Production: a URL whose host is (or resolves to) loopback, private, link-local or metadata space. */
  urlPrivate: 'This URL points to a private or local address: use a public https URL.',
  eventsRequired: 'Choose at least one event',
  tooMany: `This page has ${WEBHOOK_LIMITS.perPage} webhooks: delete one you no longer use first.`,
  notFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
  deleted: 'Webhook deleted. Nothing more is sent to it.',
  /** The reason an endpoint is disabled with, after its deliveries failed for the whole retry period. */
  disabledAfterFailures: (lastError: string) =>
    `Disabled after ${WEBHOOK_LIMITS.retryForHours} hours of failed deliveries (last: ${lastError}). Fix the endpoint, then enable it again.`,
  testQueued: 'Test event queued: it shows in the delivery log within seconds.',
  replayQueued: 'Delivery queued again, with the same event id.',
  disabledNoTest: 'Enable the webhook first: a disabled webhook is sent nothing.',
} as const;

/** A webhook URL: https (development also takes http://localhost), no credentials; the address rule is the server's. */
export const WebhookUrl = z
  .string({ required_error: WEBHOOK_MESSAGES.urlRequired })
  .trim()
  .min(1, WEBHOOK_MESSAGES.urlRequired)
  .max(WEBHOOK_LIMITS.urlMax, WEBHOOK_MESSAGES.urlTooLong)
  .superRefine((v, ctx) => {
    let url: URL;
    try {
      url = new URL(v);
    } catch {
      ctx.addIssue({ code: 'custom', message: WEBHOOK_MESSAGES.urlInvalid });
      return;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      ctx.addIssue({ code: 'custom', message: WEBHOOK_MESSAGES.urlNotHttps });
    else if (url.username || url.password)
      ctx.addIssue({ code: 'custom', message: WEBHOOK_MESSAGES.urlCredentials });
  });

const Events = z
  .array(OutboundEventType)
  .min(1, WEBHOOK_MESSAGES.eventsRequired)
  .max(OUTBOUND_EVENT_TYPES.length)
  .transform((e) => [...new Set(e)]);

export const WebhookEndpoint = z.object({
  id: Uuid,
  pageId: GraphId,
  url: z.string(),
  events: z.array(OutboundEventType),
  status: z.enum(['active', 'disabled']),
  /** Why it is disabled: after the retry period, or by an admin. */
  disabledReason: z.string().nullable(),
  createdAt: IsoDateTime,
  /** The last rotation; deliveries are signed with the old secret too until `previousSecretExpiresAt`. */
  secretRotatedAt: IsoDateTime.nullable(),
  previousSecretExpiresAt: IsoDateTime.nullable(),
  /** The last delivery's outcome, for the list. */
  lastDelivery: z
    .object({ at: IsoDateTime, ok: z.boolean(), status: z.number().int().nullable() })
    .nullable(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const CreateWebhookBody = z.object({ url: WebhookUrl, events: Events });
export type CreateWebhookBody = z.input<typeof CreateWebhookBody>;

export const UpdateWebhookBody = z
  .object({
    url: WebhookUrl.optional(),
    events: Events.optional(),
    /** false disables it; true enables it again (a disabled endpoint's failed deliveries are not resent). */
    enabled: z.boolean().optional(),
    /** A new secret, answered once; the old one stays valid for WEBHOOK_LIMITS.previousSecretHours. */
    rotateSecret: z.literal(true).optional(),
  })
  .strict();
export type UpdateWebhookBody = z.input<typeof UpdateWebhookBody>;

/** One try of a delivery: what the endpoint answered (or why nothing came back). */
export const WebhookAttempt = z.object({
  at: IsoDateTime,
  /** The HTTP status; null when no answer came (timeout, connection refused, address refused). */
  status: z.number().int().nullable(),
  latencyMs: z.number().int(),
  /** The first WEBHOOK_LIMITS.responseBytes of the answer's body. */
  response: z.string().nullable(),
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttempt>;

export const WebhookDelivery = z.object({
  id: Uuid,
  /** The event's id: the same in every try and replay (de-duplicate on it). */
  eventId: Uuid,
  type: z.string(),
  state: z.enum(['pending', 'retrying', 'succeeded', 'failed']),
  createdAt: IsoDateTime,
  nextAttemptAt: IsoDateTime.nullable(),
  /** Newest first. */
  attempts: z.array(WebhookAttempt),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

const Contact = z.object({ psid: GraphId, name: z.string().nullable() });

/** What each event's `data` holds. */
export const OutboundEventData = {
  'message.received': z.object({
    contact: Contact,
    message: z.object({
      mid: z.string(),
      text: z.string().nullable(),
      attachments: z.array(MessageAttachment),
      sentAt: IsoDateTime,
    }),
  }),
  'message.sent': z.object({
    contact: Contact,
    message: z.object({
      mid: z.string(),
      text: z.string().nullable(),
      attachments: z.array(MessageAttachment),
      sentAt: IsoDateTime,
      /** Who sent it: an admin in Pagecast's inbox, a campaign, or the page elsewhere (Meta Business Suite, an app). */
      source: z.enum(['inbox', 'campaign', 'page']),
      campaignId: Uuid.nullable(),
    }),
  }),
  'conversation.updated': z.object({
    contact: Contact,
    change: z.enum(['resolved', 'snoozed', 'reopened', 'assigned']),
    status: z.enum(['open', 'resolved', 'snoozed']),
    snoozedUntil: IsoDateTime.nullable(),
    assignee: z.object({ userId: GraphId, name: z.string() }).nullable(),
    /** An admin's action, or the contact writing into a resolved or snoozed conversation. */
    by: z.enum(['admin', 'contact']),
  }),
  'contact.tagged': z.object({ contact: Contact, tag: z.object({ id: Uuid, name: z.string() }) }),
  'contact.untagged': z.object({ contact: Contact, tag: z.object({ id: Uuid, name: z.string() }) }),
  'campaign.updated': z.object({
    campaign: z.object({ id: Uuid, name: z.string(), status: z.string() }),
    change: z.enum(['started', 'completed', 'failed', 'cancelled', 'stopped']),
    counts: z.object({
      audience: z.number().int(),
      dispatched: z.number().int(),
      delivered: z.number().int(),
      failed: z.number().int(),
    }),
  }),
} as const satisfies Record<OutboundEventType, z.ZodTypeAny>;
export type OutboundEventData<T extends OutboundEventType> = z.infer<(typeof OutboundEventData)[T]>;

/** The body of every delivery (`id` is the same in every try and replay). */
export const OutboundEvent = z.discriminatedUnion('type', [
  ...OUTBOUND_EVENT_TYPES.map((type) =>
    z.object({
      id: Uuid,
      type: z.literal(type),
      createdAt: IsoDateTime,
      pageId: GraphId,
      data: OutboundEventData[type],
    }),
  ),
  z.object({
    id: Uuid,
    type: z.literal(TEST_EVENT_TYPE),
    createdAt: IsoDateTime,
    pageId: GraphId,
    data: z.object({ message: z.string() }),
  }),
] as unknown as [
  z.ZodDiscriminatedUnionOption<'type'>,
  ...z.ZodDiscriminatedUnionOption<'type'>[],
]);
export type OutboundEvent =
  | {
      [T in OutboundEventType]: {
        id: string;
        type: T;
        createdAt: string;
        pageId: string;
        data: OutboundEventData<T>;
      };
    }[OutboundEventType]
  | {
      id: string;
      type: typeof TEST_EVENT_TYPE;
      createdAt: string;
      pageId: string;
      data: { message: string };
    };

const webhookParams = z.object({ webhookId: Uuid });

export const outboundWebhooksContract = c.router({
  createWebhook: {
    method: 'POST',
    path: '/api/v1/pages/:pageId/webhooks',
    summary:
      "Add an endpoint for the page's events: its signing secret is in this answer only (store it now)",
    pathParams: z.object({ pageId: GraphId }),
    body: CreateWebhookBody,
    responses: {
      ...writeErrors,
      ...pathParamErrors,
      ...errors(409, 429),
      201: z.object({ webhook: WebhookEndpoint, secret: z.string() }),
    },
    metadata: meta({ auth: 'admin', pageScoped: true, rateLimitPerMinute: 30 }),
  },
  listWebhooks: {
    method: 'GET',
    path: '/api/v1/pages/:pageId/webhooks',
    summary: "The page's webhook endpoints, oldest first",
    pathParams: z.object({ pageId: GraphId }),
    responses: { ...pageErrors, ...pathParamErrors, 200: z.array(WebhookEndpoint) },
    metadata: meta({ auth: 'admin', pageScoped: true }),
  },
  updateWebhook: {
    method: 'PATCH',
    path: '/api/v1/webhooks/:webhookId',
    summary:
      'Change the URL or events, disable or enable it, or rotate its secret (the new one is answered once)',
    pathParams: webhookParams,
    body: UpdateWebhookBody,
    responses: {
      ...writeErrors,
      ...pathParamErrors,
      ...errors(429),
      200: z.object({ webhook: WebhookEndpoint, secret: z.string().optional() }),
    },
    metadata: meta({ auth: 'admin', rateLimitPerMinute: 60 }),
  },
  deleteWebhook: {
    method: 'DELETE',
    path: '/api/v1/webhooks/:webhookId',
    summary: 'Delete the endpoint: nothing more is sent to it, its log goes with it',
    pathParams: webhookParams,
    body: c.noBody(),
    responses: { ...writeErrors, ...pathParamErrors, 200: SuccessBody },
    metadata: meta({ auth: 'admin' }),
  },
  testWebhook: {
    method: 'POST',
    path: '/api/v1/webhooks/:webhookId/test',
    summary: `Queue a ${TEST_EVENT_TYPE} event to this endpoint (it shows in the delivery log)`,
    pathParams: webhookParams,
    body: c.noBody(),
    responses: {
      ...writeErrors,
      ...pathParamErrors,
      ...errors(409, 429),
      202: z.object({ delivery: WebhookDelivery, message: z.string() }),
    },
    metadata: meta({ auth: 'admin', rateLimitPerMinute: 30 }),
  },
  listWebhookDeliveries: {
    method: 'GET',
    path: '/api/v1/webhooks/:webhookId/deliveries',
    summary: "The endpoint's deliveries, newest first, each with its tries (kept 30 days)",
    pathParams: webhookParams,
    query: z.object({
      after: z.string().max(512).optional(),
      limit: pageSize(WEBHOOK_LIMITS.deliveriesPageSizeMax, WEBHOOK_LIMITS.deliveriesPageSize),
    }),
    responses: {
      ...pageErrors,
      ...pathParamErrors,
      200: z.object({ deliveries: z.array(WebhookDelivery), paging: Paging }),
    },
    metadata: meta({ auth: 'admin' }),
  },
  replayWebhookDelivery: {
    method: 'POST',
    path: '/api/v1/webhooks/deliveries/:deliveryId/replay',
    summary: 'Send a delivery again now, with the same event id',
    pathParams: z.object({ deliveryId: Uuid }),
    body: c.noBody(),
    responses: {
      ...writeErrors,
      ...pathParamErrors,
      ...errors(409, 429),
      202: z.object({ delivery: WebhookDelivery, message: z.string() }),
    },
    metadata: meta({ auth: 'admin', rateLimitPerMinute: 60 }),
  },
});
