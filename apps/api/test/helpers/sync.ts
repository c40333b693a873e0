// Set-up shared by the page sync and webhook tests: an emulator, pg-boss and the Graph client on a fresh
// database, an app wired to all of them, and emulator pages mirrored into the database as sign-in stores them.
import type { Emulator } from '@pagecast/graph-emulator';
import { startEmulator } from '@pagecast/graph-emulator';
import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import { buildApp } from '../../src/app.js';
import { sessionToken } from './app.js';
import { FULL_CONTROL } from './inbox.js';
import type { Config } from '../../src/config.js';
import { tokenCipher, type TokenCipher } from '../../src/crypto/tokens.js';
import { admins, pageAdmins, pages } from '../../src/db/schema/index.js';
import { createGraphClient, type GraphClient } from '../../src/graph/index.js';
import { startBoss, stopBoss } from '../../src/jobs/index.js';
import type { ModuleDeps } from '../../src/modules/deps.js';
import type { AfterCommit } from '../../src/modules/webhooks/listeners.js';
import { ingestConsumers } from '../../src/runtime.js';
import { testConfig } from './app.js';
import { createTestDatabase, type TestDatabase } from './db.js';
import { graphRequestLog } from './graph-requests.js';

export async function emulatorCall<T = unknown>(
  base: string,
  path: string,
  body?: unknown,
  method?: string,
): Promise<T> {
  const r = await fetch(`${base}${path}`, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`emulator ${path}: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

export interface EmulatorPage {
  id: string;
  name: string;
  access_token: string;
  contacts: Array<{ psid: string; name: string }>;
}

export interface SyncEnv {
  emulator: Emulator;
  database: TestDatabase;
  boss: PgBoss;
  graph: GraphClient;
  config: Config;
  tokens: TokenCipher;
  app: FastifyInstance;
  deps: ModuleDeps & { graph: GraphClient };
  close: () => Promise<void>;
}

export function graphFor(url: string): GraphClient {
  return createGraphClient({
    baseUrl: url,
    version: 'v16.0',
    appId: '1000000000000001',
    appSecret: 'pagecast-emulator-app-secret',
    timeoutMs: 10_000,
    backoffBaseMs: 20,
    rateLimitBackoffMs: 50,
  });
}

export async function startSyncEnv(
  env: Record<string, string> = {},
  /** A test's own webhook consumer, run after the product's (counters, deliver on return). */
  listen?: AfterCommit,
): Promise<SyncEnv> {
  const emulator = await startEmulator({ ...graphRequestLog(), port: 0, seed: 'empty' });
  const database = await createTestDatabase();
  const boss = await startBoss(database.url);
  const graph = graphFor(emulator.url);
  const config = testConfig({ GRAPH_API_URL: emulator.url, ...env });
  const afterCommit = [...ingestConsumers(database.pool), ...(listen ? [listen] : [])];
  const app = await buildApp({
    config,
    pool: database.pool,
    boss,
    graph,
    afterCommit,
  });
  await app.ready();
  const tokens = tokenCipher(config.encryptionKey);
  return {
    emulator,
    database,
    boss,
    graph,
    config,
    tokens,
    app,
    deps: { config, pool: database.pool, boss, graph, tokens, afterCommit },
    close: async () => {
      await app.close();
      await stopBoss(boss, 1000);
      await graph.close();
      await emulator.close();
      await database.drop();
    },
  };
}

export interface SeededAccount {
  adminId: string;
  fbUserId: string;
  headers: { authorization: string };
}

/** An emulator user as an admin row (what register-user-admin leaves behind). */
export async function seedAccount(env: SyncEnv, name = 'Sync Admin'): Promise<SeededAccount> {
  const user = await emulatorCall<{ id: string }>(env.emulator.url, '/_emulator/users', { name });
  const [row] = await env.database.db
    .insert(admins)
    .values({ fbUserId: user.id, name })
    .returning({ id: admins.id });
  const adminId = row?.id as string;
  return {
    adminId,
    fbUserId: user.id,
    headers: {
      authorization: `Bearer ${await sessionToken(env.app, env.database.pool, { adminId, userId: user.id, role: 'admin' })}`,
    },
  };
}

/** An emulator page with `contacts` contacts, stored with its encrypted page token and linked to the admin. */
export async function seedEmulatorPage(
  env: SyncEnv,
  account: SeededAccount,
  input: { name: string; contacts: number; inboundAgoMs?: number | null },
): Promise<EmulatorPage & { uuid: string }> {
  const page = await emulatorCall<EmulatorPage>(env.emulator.url, '/_emulator/pages', {
    ownerId: account.fbUserId,
    name: input.name,
    contacts: input.contacts,
    ...(input.inboundAgoMs !== undefined ? { inboundAgoMs: input.inboundAgoMs } : {}),
  });
  const [row] = await env.database.db
    .insert(pages)
    .values({
      fbPageId: page.id,
      name: page.name,
      pageTokenEnc: env.tokens.encrypt(page.access_token),
    })
    .returning({ id: pages.id });
  const uuid = row?.id as string;
  await env.database.db.insert(pageAdmins).values({
    pageId: uuid,
    adminId: account.adminId,
    tasks: FULL_CONTROL,
    pageTokenEnc: env.tokens.encrypt(page.access_token),
  });
  return { ...page, uuid };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls until `check` returns a value (no timing assertion: the test's own timeout bounds it). */
export async function waitFor<T>(
  check: () => Promise<T | null | undefined | false>,
  everyMs = 100,
): Promise<T> {
  for (;;) {
    const v = await check();
    if (v) return v;
    await sleep(everyMs);
  }
}
