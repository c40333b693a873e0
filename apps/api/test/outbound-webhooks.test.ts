// Outbound webhooks (issue #43): a page's endpoints get its events from the job workers' delivery worker,
// signed, at least once, a contact's in order, retried with backoff, then disabled; and in production an
// endpoint never points inside. A real receiver (node:http on 127.0.0.1) takes the deliveries; events are
// recorded with the outbox as the flows do, in a transaction of their own.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import {
  TEST_EVENT_TYPE,
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES as M,
  type OutboundEventData,
  type OutboundEventType,
} from '@pagecast/contract';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { Config } from '../src/config.js';
import { tokenCipher } from '../src/crypto/tokens.js';
import { inTransaction } from '../src/db/client.js';
import { loggerOptions } from '../src/logger.js';
import {
  recordOutboundEvent,
  startDeliveryWorker,
  type DeliveryWorker,
  type DeliveryWorkerOptions,
} from '../src/modules/outbound-webhooks/index.js';
import { testConfig } from './helpers/app.js';
import { createTestDatabase, type TestDatabase } from './helpers/db.js';
import { at, must } from './support/assert.js';
import { apiClient, bodyOf, invalid } from './support/client.js';
import { sleep, waitFor } from './support/wait.js';
import { newAdmin, newManagedPage, type ManagedPage, type TestAdmin } from './support/world.js';

interface Received {
  at: number;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local endpoint: records every request; `answer` says each one's status (200 unless told). */
async function startReceiver() {
  const got: Received[] = [];
  let answer: (r: Received) => number = () => 200;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = {
        at: Date.now(),
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      got.push(r);
      const status = answer(r);
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(status === 200 ? 'ok' : `no: ${'x'.repeat(2000)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    got,
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    on: (fn: (r: Received) => number) => (answer = fn),
    at: (path: string) => got.filter((r) => r.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What a receiver does (docs/api.md "Verifying a delivery"): any v1 of the header is the body's HMAC. */
function verifies(header: string | string[] | undefined, body: string, secret: string): boolean {
  const parts = String(header).split(',');
  const t = parts.find((p) => p.startsWith('t='))?.slice(2);
  if (!t) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return parts
    .filter((p) => p.startsWith('v1='))
    .some((p) => {
      const got = Buffer.from(p.slice(3), 'hex');
      return got.length === expected.length && timingSafeEqual(got, expected);
    });
}

const lines: string[] = [];
let database: TestDatabase;
let config: Config;
let app: FastifyInstance;
let prodApp: FastifyInstance;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let worker: DeliveryWorker;
let admin: TestAdmin;
let page: ManagedPage;
const secrets: string[] = [];
const logger = pino(
  loggerOptions({ logLevel: 'trace', isProduction: false }),
  new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  }),
);

const workerOf = (options: Partial<DeliveryWorkerOptions> = {}) =>
  startDeliveryWorker(
    { config, pool: database.pool, tokens: tokenCipher(config.encryptionKey), logger },
    { pollMs: 100, ...options },
  );

beforeAll(async () => {
  database = await createTestDatabase();
  config = testConfig({ OUTBOUND_WEBHOOK_RETRY_BASE_MS: '200', LOG_LEVEL: 'trace' });
  app = await buildApp({ config, pool: database.pool, logger });
  await app.ready();
  // The same API in production's URL rule, on the same database.
  prodApp = await buildApp({
    config: { ...config, outboundWebhooks: { ...config.outboundWebhooks, urlRule: 'production' } },
    pool: database.pool,
  });
  await prodApp.ready();
  receiver = await startReceiver();
  worker = workerOf();
  await worker.ready;
  admin = await newAdmin({ app, database });
  page = await newManagedPage({ database }, [admin], 4);
});

afterAll(async () => {
  await worker?.stop();
  await receiver?.close();
  await app?.close();
  await prodApp?.close();
  await database?.drop();
});

const received = (
  psid: string,
  mid = `m_${randomUUID()}`,
): OutboundEventData<'message.received'> => ({
  contact: { psid, name: 'Contact' },
  message: { mid, text: 'Hello', attachments: [], sentAt: new Date().toISOString() },
});

/** A contact's message as the inbox records it: its event in the transaction that stored it. */
async function messageReceived(pageUuid: string, psid: string, mid?: string): Promise<number> {
  await inTransaction(database.pool, (tx) =>
    recordOutboundEvent(tx, {
      pageUuid,
      type: 'message.received',
      data: received(psid, mid),
      orderingKey: psid,
    }),
  );
  return Date.now();
}

let address = 0;
/** The admin's client from an address of its own: the create route is limited per address. */
const fresh = () =>
  apiClient(app, admin.headers, {
    remoteAddress: `10.7.${Math.floor(++address / 250)}.${address % 250}`,
  });

async function newWebhook(
  path: string,
  events: OutboundEventType[] = ['message.received'],
  client = fresh(),
) {
  const made = bodyOf(
    await client.webhooks.createWebhook({
      params: { pageId: page.pageId },
      body: { url: receiver.url(path), events },
    }),
    201,
  );
  secrets.push(made.secret);
  return made;
}

const deliveriesOf = async (webhookId: string, client = admin.client) =>
  bodyOf(await client.webhooks.listWebhookDeliveries({ params: { webhookId }, query: {} }), 200)
    .deliveries;

/** Deletes the endpoints of the page, so each test's events go only to its own. */
async function clearWebhooks() {
  for (const w of bodyOf(
    await admin.client.webhooks.listWebhooks({ params: { pageId: page.pageId } }),
    200,
  ))
    bodyOf(await admin.client.webhooks.deleteWebhook({ params: { webhookId: w.id } }), 200);
}

describe('delivery', () => {
  it('delivers message.received within 2 s of the commit, signed with the secret shown once', async () => {
    await clearWebhooks();
    const { webhook, secret } = await newWebhook('/hook');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(webhook).toMatchObject({ pageId: page.pageId, status: 'active', lastDelivery: null });
    const listed = bodyOf(
      await admin.client.webhooks.listWebhooks({ params: { pageId: page.pageId } }),
      200,
    );
    expect(listed.map((w) => w.id)).toEqual([webhook.id]);
    expect(JSON.stringify(listed)).not.toContain(secret);

    const psid = at(page.psids, 0);
    const committed = await messageReceived(page.id, psid, 'm_first');
    const got = await waitFor(async () => receiver.at('/hook')[0], {
      everyMs: 10,
      what: 'delivery',
    });
    expect(got.at - committed).toBeLessThan(2000);
    expect(got.headers['content-type']).toBe('application/json');
    expect(verifies(got.headers['pagecast-signature'], got.body, secret)).toBe(true);
    expect(verifies(got.headers['pagecast-signature'], got.body, 'whsec_other')).toBe(false);
    const body = JSON.parse(got.body) as Record<string, unknown>;
    expect(body).toMatchObject({
      type: 'message.received',
      pageId: page.pageId,
      data: { contact: { psid }, message: { mid: 'm_first', text: 'Hello' } },
    });
    expect(Object.keys(body).sort()).toEqual(['createdAt', 'data', 'id', 'pageId', 'type']);
    expect(got.headers['pagecast-event-id']).toBe(body.id);
    expect(got.headers['pagecast-event-type']).toBe('message.received');

    const [delivery] = await waitFor(async () => {
      const list = await deliveriesOf(webhook.id);
      return list[0]?.state === 'succeeded' ? list : null;
    });
    expect(must(delivery).eventId).toBe(body.id);
    expect(must(delivery).attempts).toEqual([
      expect.objectContaining({ status: 200, response: 'ok', error: null }),
    ]);
    const after = bodyOf(
      await admin.client.webhooks.listWebhooks({ params: { pageId: page.pageId } }),
      200,
    );
    expect(at(after, 0).lastDelivery).toMatchObject({ ok: true, status: 200 });
  });

  it('sends nothing for an event the endpoint did not choose, nor for a rolled-back transaction', async () => {
    await clearWebhooks();
    await newWebhook('/tags-only', ['contact.tagged']);
    await messageReceived(page.id, at(page.psids, 0));
    await inTransaction(database.pool, async (tx) => {
      await recordOutboundEvent(tx, {
        pageUuid: page.id,
        type: 'contact.tagged',
        data: {
          contact: { psid: at(page.psids, 0), name: null },
          tag: { id: randomUUID(), name: 'Rolled back' },
        },
        orderingKey: at(page.psids, 0),
      });
      throw new Error('rollback');
    }).catch(() => {});
    await sleep(600);
    expect(receiver.at('/tags-only')).toEqual([]);
  });

  it('retries a 500 with a growing wait, logs each try, then delivers', async () => {
    await clearWebhooks();
    const { webhook } = await newWebhook('/flaky');
    let n = 0;
    receiver.on((r) => (r.path === '/flaky' && ++n <= 3 ? 500 : 200));
    await messageReceived(page.id, at(page.psids, 1));
    const delivery = await waitFor(
      async () => (await deliveriesOf(webhook.id)).find((d) => d.state === 'succeeded'),
      { what: 'the fourth try' },
    );
    receiver.on(() => 200);
    const tries = receiver.at('/flaky');
    expect(tries).toHaveLength(4);
    expect(new Set(tries.map((t) => JSON.parse(t.body).id)).size).toBe(1);
    // Waits of 100-200, 200-400 and 400-800 ms (a 200 ms base, doubled each try, equal jitter).
    const gaps = tries.slice(1).map((t, i) => t.at - at(tries, i).at);
    expect(at(gaps, 0)).toBeGreaterThanOrEqual(90);
    expect(at(gaps, 2)).toBeGreaterThan(at(gaps, 0));
    expect(at(gaps, 2)).toBeGreaterThanOrEqual(390);
    expect(delivery.attempts.map((a) => a.status)).toEqual([200, 500, 500, 500]);
    const failed = at(delivery.attempts, 1);
    expect(failed.error).toBe('HTTP 500');
    expect(failed.response?.length).toBe(WEBHOOK_LIMITS.responseBytes);
  });

  it('replays a delivery with the same id and body, its log growing', async () => {
    await clearWebhooks();
    const { webhook } = await newWebhook('/replay');
    await messageReceived(page.id, at(page.psids, 2));
    const first = await waitFor(async () =>
      (await deliveriesOf(webhook.id)).find((d) => d.state === 'succeeded'),
    );
    const replayed = bodyOf(
      await admin.client.webhooks.replayWebhookDelivery({ params: { deliveryId: first.id } }),
      202,
    );
    expect(replayed.message).toBe(M.replayQueued);
    expect(replayed.delivery).toMatchObject({
      id: first.id,
      eventId: first.eventId,
      state: 'pending',
    });
    await waitFor(async () => receiver.at('/replay').length === 2);
    const [a, b] = receiver.at('/replay');
    expect(must(b).body).toBe(must(a).body);
    expect(JSON.parse(must(b).body).id).toBe(first.eventId);
    const again = await waitFor(async () => {
      const d = (await deliveriesOf(webhook.id))[0];
      return d?.state === 'succeeded' && d.attempts.length === 2 ? d : null;
    });
    expect(again.id).toBe(first.id);
  });

  it('keeps a contact’s events in order while an earlier one is retried; other contacts go on', async () => {
    await clearWebhooks();
    await newWebhook('/order');
    const [a, b] = [at(page.psids, 0), at(page.psids, 1)];
    let failsLeft = 2;
    receiver.on((r) =>
      r.path === '/order' && JSON.parse(r.body).data.message.mid === 'a1' && failsLeft-- > 0
        ? 500
        : 200,
    );
    await messageReceived(page.id, a, 'a1');
    await messageReceived(page.id, a, 'a2');
    await messageReceived(page.id, a, 'a3');
    await messageReceived(page.id, b, 'b1');
    await waitFor(async () => receiver.at('/order').filter((r) => r.path === '/order').length >= 6);
    receiver.on(() => 200);
    const mids = receiver.at('/order').map((r) => JSON.parse(r.body).data.message.mid as string);
    expect(mids.filter((m) => m.startsWith('a'))).toEqual(['a1', 'a1', 'a1', 'a2', 'a3']);
    // b1 was not held behind a1's retries.
    expect(mids.indexOf('b1')).toBeLessThan(mids.lastIndexOf('a1'));
  });

  it('never sends one delivery twice at once with two workers', async () => {
    await clearWebhooks();
    await newWebhook('/two');
    const second = workerOf();
    await second.ready;
    try {
      const events = 150;
      for (let i = 0; i < events; i++) await messageReceived(page.id, `p${i % 40}`, `two_${i}`);
      await waitFor(async () => receiver.at('/two').length >= events);
      await sleep(500);
      const ids = receiver.at('/two').map((r) => JSON.parse(r.body).id as string);
      expect(ids).toHaveLength(events);
      expect(new Set(ids).size).toBe(events);
    } finally {
      await second.stop();
    }
  });

  it('disables the endpoint with the reason once its delivery failed for the retry period', async () => {
    await clearWebhooks();
    const { webhook } = await newWebhook('/down');
    receiver.on((r) => (r.path === '/down' ? 503 : 200));
    await messageReceived(page.id, at(page.psids, 3));
    await waitFor(async () => receiver.at('/down').length >= 1);
    // The retry period is over for this delivery: its next failed try is its last.
    await database.pool.query(
      `update webhook_deliveries set retry_until = now() - interval '1 second' where endpoint_id = $1`,
      [webhook.id],
    );
    const disabled = await waitFor(async () => {
      const [w] = bodyOf(
        await admin.client.webhooks.listWebhooks({ params: { pageId: page.pageId } }),
        200,
      );
      return w?.status === 'disabled' ? w : null;
    });
    receiver.on(() => 200);
    expect(disabled.disabledReason).toBe(M.disabledAfterFailures('HTTP 503'));
    expect((await deliveriesOf(webhook.id))[0]?.state).toBe('failed');
    bodyOf(await admin.client.webhooks.testWebhook({ params: { webhookId: webhook.id } }), 409);
    // Enabled again: the reason goes, new events are sent.
    const enabled = bodyOf(
      await admin.client.webhooks.updateWebhook({
        params: { webhookId: webhook.id },
        body: { enabled: true },
      }),
      200,
    );
    expect(enabled.webhook).toMatchObject({ status: 'active', disabledReason: null });
    expect(enabled.secret).toBeUndefined();
  });

  it('sends a test event to that endpoint only', async () => {
    await clearWebhooks();
    const { webhook, secret } = await newWebhook('/test-a');
    await newWebhook('/test-b');
    const queued = bodyOf(
      await admin.client.webhooks.testWebhook({ params: { webhookId: webhook.id } }),
      202,
    );
    expect(queued).toMatchObject({ message: M.testQueued, delivery: { type: TEST_EVENT_TYPE } });
    const got = await waitFor(async () => receiver.at('/test-a')[0]);
    expect(JSON.parse(got.body)).toMatchObject({
      id: queued.delivery.eventId,
      type: TEST_EVENT_TYPE,
      pageId: page.pageId,
    });
    expect(verifies(got.headers['pagecast-signature'], got.body, secret)).toBe(true);
    await sleep(300);
    expect(receiver.at('/test-b')).toEqual([]);
  });

  it('rotates a secret seamlessly: both secrets verify until the old one expires', async () => {
    await clearWebhooks();
    const { webhook, secret: old } = await newWebhook('/rotate');
    const rotated = bodyOf(
      await admin.client.webhooks.updateWebhook({
        params: { webhookId: webhook.id },
        body: { rotateSecret: true },
      }),
      200,
    );
    const fresh = must(rotated.secret);
    secrets.push(fresh);
    expect(fresh).not.toBe(old);
    expect(rotated.webhook.secretRotatedAt).not.toBeNull();
    const expires = Date.parse(must(rotated.webhook.previousSecretExpiresAt));
    expect(
      Math.abs(expires - Date.now() - WEBHOOK_LIMITS.previousSecretHours * 3_600_000),
    ).toBeLessThan(60_000);
    await messageReceived(page.id, at(page.psids, 0));
    const got = await waitFor(async () => receiver.at('/rotate')[0]);
    expect(String(got.headers['pagecast-signature']).match(/v1=/g)).toHaveLength(2);
    expect(verifies(got.headers['pagecast-signature'], got.body, old)).toBe(true);
    expect(verifies(got.headers['pagecast-signature'], got.body, fresh)).toBe(true);
    // Past the old secret's end, only the new one signs.
    await database.pool.query(
      `update webhook_endpoints set previous_secret_expires_at = now() - interval '1 second' where id = $1`,
      [webhook.id],
    );
    await messageReceived(page.id, at(page.psids, 0));
    const next = await waitFor(async () => receiver.at('/rotate')[1]);
    expect(String(next.headers['pagecast-signature']).match(/v1=/g)).toHaveLength(1);
    expect(verifies(next.headers['pagecast-signature'], next.body, fresh)).toBe(true);
    expect(verifies(next.headers['pagecast-signature'], next.body, old)).toBe(false);
  });
});

describe('the address rule in production', () => {
  const prodClient = () => apiClient(prodApp, admin.headers);
  const create = (url: string) =>
    prodClient().webhooks.createWebhook({
      params: { pageId: page.pageId },
      body: { url, events: ['message.received'] },
    });

  it.each([
    'https://127.0.0.1/hook',
    'https://[::1]/hook',
    'https://10.0.0.1/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://localhost/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[fd00:ec2::254]/hook',
    'https://100.64.0.1/hook',
    'https://0.0.0.0/hook',
  ])('refuses %s', async (url) => {
    const body = bodyOf(await create(url), 400);
    expect(body.fieldErrors).toEqual({ url: [M.urlPrivate] });
  });

  it('refuses http, and takes a public https address', async () => {
    await clearWebhooks();
    expect(bodyOf(await create('http://93.184.215.14/hook'), 400).fieldErrors).toEqual({
      url: [M.urlNotHttps],
    });
    bodyOf(await create('https://93.184.215.14/hook'), 201);
    const updated = bodyOf(
      await prodClient().webhooks.updateWebhook({
        params: {
          webhookId: at(
            bodyOf(
              await prodClient().webhooks.listWebhooks({ params: { pageId: page.pageId } }),
              200,
            ),
            0,
          ).id,
        },
        body: { url: 'https://10.1.2.3/x' },
      }),
      400,
    );
    expect(updated.fieldErrors).toEqual({ url: [M.urlPrivate] });
    await clearWebhooks();
  });

  it('refuses, on delivery, the address actually connected to: a loopback literal or a name resolving to one', async () => {
    await clearWebhooks();
    // Saved under development's rule; a worker in production refuses them when it connects.
    const literal = await newWebhook('/literal');
    const named = bodyOf(
      await admin.client.webhooks.createWebhook({
        params: { pageId: page.pageId },
        body: { url: `http://localhost:${receiver.port}/named`, events: ['message.received'] },
      }),
      201,
    );
    await worker.stop();
    const production = workerOf({ urlRule: 'production' });
    try {
      await messageReceived(page.id, at(page.psids, 0));
      for (const id of [literal.webhook.id, named.webhook.id]) {
        const [d] = await waitFor(async () => {
          const list = await deliveriesOf(id);
          return list[0]?.attempts.length ? list : null;
        });
        expect(must(d).state, JSON.stringify(d)).toBe('retrying');
        expect(at(must(d).attempts, 0)).toMatchObject({ status: null });
        expect(at(must(d).attempts, 0).error).toMatch(
          /^address refused: (127\.0\.0\.1|::1) is not a public address$/,
        );
      }
      expect(receiver.at('/literal')).toEqual([]);
      expect(receiver.at('/named')).toEqual([]);
    } finally {
      await production.stop();
      worker = workerOf();
      await worker.ready;
    }
    await clearWebhooks();
  });
});

describe('management', () => {
  it('answers 400 naming the field', async () => {
    const create = (body: unknown) =>
      admin.client.webhooks.createWebhook({ params: { pageId: page.pageId }, body: invalid(body) });
    expect(
      bodyOf(await create({ url: 'not a url', events: ['message.received'] }), 400).fieldErrors,
    ).toEqual({
      url: [M.urlInvalid],
    });
    expect(
      bodyOf(await create({ url: 'https://u:p@example.com/', events: ['message.received'] }), 400)
        .fieldErrors,
    ).toEqual({ url: [M.urlCredentials] });
    expect(
      bodyOf(await create({ url: 'https://example.com/', events: [] }), 400).fieldErrors,
    ).toEqual({
      events: [M.eventsRequired],
    });
    expect(
      bodyOf(
        await admin.client.webhooks.listWebhookDeliveries({
          params: { webhookId: randomUUID() },
          query: { after: 'junk' },
        }),
        404,
      ).message,
    ).toBe(M.notFound);
  });

  it('holds a page to its limit', async () => {
    await clearWebhooks();
    for (let i = 0; i < WEBHOOK_LIMITS.perPage; i++) await newWebhook(`/many-${i}`);
    const refused = await admin.client.webhooks.createWebhook({
      params: { pageId: page.pageId },
      body: { url: receiver.url('/one-more'), events: ['message.received'] },
    });
    expect(bodyOf(refused, 409).message).toBe(M.tooMany);
    await clearWebhooks();
  });

  it('pages the delivery log, newest first', async () => {
    await clearWebhooks();
    const { webhook } = await newWebhook('/paged');
    for (const mid of ['p1', 'p2', 'p3']) await messageReceived(page.id, `paged-${mid}`, mid);
    await waitFor(async () => receiver.at('/paged').length === 3);
    const seen: string[] = [];
    let after: string | undefined;
    do {
      const res = bodyOf(
        await admin.client.webhooks.listWebhookDeliveries({
          params: { webhookId: webhook.id },
          query: { limit: 2, ...(after ? { after } : {}) },
        }),
        200,
      );
      seen.push(...res.deliveries.map((d) => d.id));
      after = res.paging.nextCursor ?? undefined;
    } while (after);
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(3);
    const bad = await admin.client.webhooks.listWebhookDeliveries({
      params: { webhookId: webhook.id },
      query: { after: 'junk' },
    });
    expect(bodyOf(bad, 400).fieldErrors).toEqual({ after: ['Invalid cursor'] });
    await clearWebhooks();
  });

  it('shows another admin’s webhook and delivery as not found, and refuses API keys', async () => {
    await clearWebhooks();
    const { webhook } = await newWebhook('/mine');
    await messageReceived(page.id, at(page.psids, 0));
    const delivery = await waitFor(async () => (await deliveriesOf(webhook.id))[0]);
    const other = await newAdmin({ app, database });
    await newManagedPage({ database }, [other], 0);
    const them = other.client.webhooks;
    const params = { webhookId: webhook.id };
    expect(
      bodyOf(await them.updateWebhook({ params, body: { enabled: false } }), 404).message,
    ).toBe(M.notFound);
    expect(bodyOf(await them.deleteWebhook({ params }), 404).message).toBe(M.notFound);
    expect(bodyOf(await them.testWebhook({ params }), 404).message).toBe(M.notFound);
    expect(bodyOf(await them.listWebhookDeliveries({ params, query: {} }), 404).message).toBe(
      M.notFound,
    );
    expect(
      bodyOf(await them.replayWebhookDelivery({ params: { deliveryId: delivery.id } }), 404)
        .message,
    ).toBe(M.deliveryNotFound);
    bodyOf(await them.listWebhooks({ params: { pageId: page.pageId } }), 404);
    bodyOf(
      await them.createWebhook({
        params: { pageId: page.pageId },
        body: { url: receiver.url('/theirs'), events: ['message.received'] },
      }),
      404,
    );

    const { key } = bodyOf(
      await admin.client.apiKeys.createApiKey({
        body: {
          name: 'All of it',
          pageIds: 'all',
          scopes: ['read', 'inbox:send', 'tags:write', 'campaigns:write'],
        },
      }),
      201,
    );
    const withKey = apiClient(app, { authorization: `Bearer ${key}` }).webhooks;
    bodyOf(await withKey.listWebhooks({ params: { pageId: page.pageId } }), 403);
    bodyOf(await withKey.testWebhook({ params }), 403);
    await clearWebhooks();
    expect(bodyOf(await admin.client.webhooks.testWebhook({ params }), 404).message).toBe(
      M.notFound,
    );
  });

  it('never writes a secret to a log line', async () => {
    expect(secrets.length).toBeGreaterThan(5);
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(20);
    for (const s of secrets) {
      expect(log).not.toContain(s);
      expect(log).not.toContain(s.slice(6, 26));
    }
    expect(log).not.toContain('secret_enc');
  });
});
