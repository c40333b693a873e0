import { z } from 'zod';
import { c } from './c';
import { meta, errors, publicErrors, bodyErrors } from './common';

/** Routes beyond spec §7: probes, the Messenger webhook and Meta's app callbacks. */
export const systemContract = c.router({
  healthz: {
    method: 'GET',
    path: '/healthz',
    summary: 'Liveness: the process is up',
    // 400: a query carrying a NUL or half an emoji, refused on every route (`apps/api/src/http/null-chars.ts`).
    responses: { ...errors(400), 200: z.object({ status: z.literal('ok') }) },
    metadata: meta({ auth: 'public', raw: true }),
  },
  readyz: {
    method: 'GET',
    path: '/readyz',
    summary: 'Readiness: database reachable and migrations applied',
    responses: {
      ...errors(400),
      200: z.object({ status: z.literal('ready'), checks: z.record(z.boolean()) }),
      503: z.object({ status: z.literal('not_ready'), checks: z.record(z.boolean()) }),
    },
    metadata: meta({ auth: 'public', raw: true }),
  },
  webhookVerify: {
    method: 'GET',
    path: '/api/webhooks/messenger',
    summary: 'Webhook verification handshake (echoes hub.challenge)',
    query: z.object({
      'hub.mode': z.string().optional(),
      'hub.verify_token': z.string().optional(),
      'hub.challenge': z.string().optional(),
    }),
    responses: {
      ...errors(400, 403, 500),
      200: c.otherResponse({ contentType: 'text/plain', body: c.type<string>() }),
    },
    metadata: meta({ auth: 'public', raw: true }),
  },
  webhookReceive: {
    method: 'POST',
    path: '/api/webhooks/messenger',
    summary: 'Messenger webhook deliveries (X-Hub-Signature-256 checked on the raw body)',
    body: z.object({ object: z.string(), entry: z.array(z.unknown()) }),
    responses: {
      ...publicErrors,
      ...errors(401, 403, 413),
      200: c.otherResponse({ contentType: 'text/plain', body: c.type<string>() }),
    },
    metadata: meta({ auth: 'public', raw: true }),
  },
  dataDeletionCallback: {
    method: 'POST',
    path: '/api/v1/facebook/data-deletion',
    summary: "Meta's data deletion request callback (signed_request)",
    contentType: 'application/x-www-form-urlencoded',
    body: z.object({ signed_request: z.string().min(1).max(8192) }),
    responses: {
      ...publicErrors,
      ...errors(401, 409, 429),
      ...bodyErrors,
      200: z.object({ url: z.string().url(), confirmation_code: z.string() }),
    },
    metadata: meta({ auth: 'public', rateLimitPerMinute: 60 }),
  },
  deauthorizeCallback: {
    method: 'POST',
    path: '/api/v1/facebook/deauthorize',
    summary: "Meta's deauthorize callback (signed_request)",
    contentType: 'application/x-www-form-urlencoded',
    body: z.object({ signed_request: z.string().min(1).max(8192) }),
    responses: {
      ...publicErrors,
      ...errors(401, 429),
      ...bodyErrors,
      200: z.object({ success: z.literal(true) }),
    },
    metadata: meta({ auth: 'public', rateLimitPerMinute: 60 }),
  },
});
