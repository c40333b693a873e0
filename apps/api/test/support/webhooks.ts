// Webhooks in tests: the app receiving the emulator's signed deliveries on a real port, as it receives
// Meta's, and a hand-signed delivery for what a test chooses a delivery to carry (forged, late, replayed).
import type { AddressInfo } from 'node:net';
import { signatureHeaders } from '@pagecast/graph-emulator';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../src/config.js';
import type { GraphClient } from '../../src/graph/index.js';
import { subscribeMessengerWebhooks } from '../../src/runtime.js';

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
