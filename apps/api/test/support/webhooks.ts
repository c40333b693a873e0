// Posting Messenger webhooks as Meta does (signed with the app secret) and waiting until the API has
// processed every stored delivery, for tests that drive the ingest by hand.
import { signatureHeaders } from '@pagecast/graph-emulator';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TestDatabase } from '../helpers/db.js';
import { waitFor } from './wait.js';

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
  // Raw: a hand-signed webhook body is outside the contract client.
  const res = await env.app.inject({
    method: 'POST',
    url: '/api/webhooks/messenger',
    headers: { 'content-type': 'application/json', ...signatureHeaders(body, SECRET) },
    payload: body,
  });
  expect(res.statusCode).toBe(200);
  await webhooksSettled(env);
}
