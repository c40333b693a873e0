// No API key ever reaches a log line (issue #43): the API's own logger at its most verbose, through a key's
// whole life (made, used, refused, revoked) and the ways a careless client leaks one (in the query, in the
// path), then every line written is searched for the key's text and its stored hash.
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { apiKeyHash } from '../src/auth/api-keys.js';
import { inTransaction } from '../src/db/client.js';
import { loggerOptions } from '../src/logger.js';
import { linkAdminPages } from '../src/modules/sign-in/repo.js';
import { sessionToken, testConfig } from './helpers/app.js';
import { createTestDatabase, type TestDatabase } from './helpers/db.js';
import { apiClient, bodyOf } from './support/client.js';

const lines: string[] = [];
let app: FastifyInstance;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig({ LOG_LEVEL: 'trace' });
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({
    config,
    pool: database.pool,
    logger: pino(loggerOptions({ logLevel: 'trace', isProduction: false }), sink),
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

it('never writes a key or its hash, whatever the request does with it', async () => {
  const adminId = randomUUID();
  const pageId = '7000000000001';
  const jwt = await sessionToken(app, database.pool, {
    adminId,
    userId: '7100000000001',
    role: 'admin',
  });
  await inTransaction(database.pool, (tx) =>
    linkAdminPages(tx, adminId, [
      {
        fbPageId: pageId,
        name: 'Logged Page',
        profilePicture: null,
        category: null,
        pageTokenEnc: null,
        tasks: ['MANAGE'],
      },
    ]),
  );
  const session = apiClient(app, { authorization: `Bearer ${jwt}` });
  const { key, apiKey } = bodyOf(
    await session.apiKeys.createApiKey({ body: { name: 'Logged', pageIds: [pageId] } }),
    201,
  );
  const withKey = apiClient(app, { authorization: `Bearer ${key}` });
  bodyOf(await withKey.inbox.getRecipients({ params: { pageId } }), 200);
  bodyOf(await withKey.inbox.getRecipients({ params: { pageId: '7000000000002' } }), 404);
  bodyOf(
    await withKey.tags.createTag({ body: { pageId, name: 'Nope', description: 'Nope' } }),
    403,
  );
  for (const url of [
    `/api/v1/chats/${pageId}/recipients?api_key=${key}`,
    `/api/v1/chats/${pageId}/recipients?k=${key}`,
    `/api/v1/${key}`,
  ])
    await app.inject({ method: 'GET', url });
  await app.inject({
    method: 'GET',
    url: `/api/v1/chats/${pageId}/recipients`,
    headers: { authorization: `Bearer ${key.slice(0, -1)}` },
  });
  bodyOf(await session.apiKeys.revokeApiKey({ params: { keyId: apiKey.id } }), 200);
  bodyOf(await withKey.inbox.getRecipients({ params: { pageId } }), 401);
  await app.close();

  const log = lines.join('');
  // The log is there (one line per request at least), and none of it holds the key.
  expect(lines.length).toBeGreaterThanOrEqual(10);
  expect(log).toContain('api_key=[Redacted]');
  expect(log).toContain('pck_[Redacted]');
  expect(log).toContain('/recipients');
  expect(log).not.toContain(key);
  expect(log).not.toContain(key.slice(4, 20));
  expect(log).not.toContain(apiKeyHash(key));
});
