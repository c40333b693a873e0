// Webhooks in tests: the app receiving the emulator's signed deliveries on a real port, as it receives
// Meta's; a hand-signed delivery for what a test chooses a delivery to carry (forged, late, replayed); and
// waiting until the API has processed every stored delivery, for tests that drive the ingest by hand.
import type { AddressInfo } from 'node:net';
import { signatureHeaders } from '@pagecast/graph-emulator';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Config } from '../../src/config.js';
import type { GraphClient } from '../../src/graph/index.js';
import { subscribeMessengerWebhooks } from '../../src/runtime.js';
import type { TestDatabase } from '../helpers/db.js';
import { waitFor } from './wait.js';

/** Puts `app` on a free loopback port and subscribes the app's Messenger webhooks to it at the emulator. */
export async function receiveWebhooks(
  app: FastifyInstance,
  config: Config,
  graph: GraphClient,
): Promise<void> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const publicUrl = `http://127.0.0.1:${port}`;
  await subscribeMessengerWebhooks({
    config: { ...config, publicUrl },
    graph,
    logger: app.log as never,
  });
}

/** A delivery signed with the app secret, posted to the webhook route (raw: the signature covers the bytes). */
export function postWebhook(
  app: FastifyInstance,
  config: Pick<Config, 'fbAppSecret'>,
  body: string,
) {
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/messenger',
    headers: { 'content-type': 'application/json', ...signatureHeaders(body, config.fbAppSecret) },
    payload: body,
  });
}

/** The emulator's app secret, which the test config shares. */
const SECRET = 'pagecast-emulator-app-secret';

/** Resolves once no stored webhook delivery waits to be processed. */
export async function webhooksSettled(env: { database: TestDatabase }): Promise<void> {
  await waitFor(
    async () => {
      const { rows } = await env.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from webhook_events where processed_at is null`,
      );
      return rows[0]?.n === 0;
    },
    { everyMs: 20 },
  );
}

/** Posts `{object: 'page', entry}` signed, expects 200, and waits until it is processed. */
export async function postSignedWebhook(
  env: { app: FastifyInstance; database: TestDatabase },
  entry: unknown[],
): Promise<void> {
  const body = JSON.stringify({ object: 'page', entry });
  const res = await postWebhook(env.app, { fbAppSecret: SECRET }, body);
  expect(res.statusCode).toBe(200);
  await webhooksSettled(env);
}
