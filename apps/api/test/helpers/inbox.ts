// Shared set-up of the inbox tests: an emulator world mirrored into the database the way sign-in and sync
// leave it (admin, page with its encrypted token, contacts), and an app wired to the emulator.
import { randomUUID } from 'node:crypto';
import { startEmulator, type Emulator } from '@pagecast/graph-emulator';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { tokenCipher } from '../../src/crypto/tokens.js';
import { dz, type Db, type Sql } from '../../src/db/client.js';
import { admins, contacts, pageAdmins, pages } from '../../src/db/schema/index.js';
import { createGraphClient, type GraphClient } from '../../src/graph/index.js';
import { sessionToken, testConfig } from './app.js';
import type { TestDatabase } from './db.js';
import { graphRequestLog } from './graph-requests.js';

export const HOUR = 3_600_000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- callers pick the shape they read
export async function emu<T = any>(
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

export async function startTestEmulator(): Promise<Emulator> {
  return startEmulator({
    ...graphRequestLog(),
    port: 0,
    seed: 'empty',
    behaviour: { sendPerSecond: 0, conversationsPerSecond: 0 },
  });
}

export function testGraph(url: string): GraphClient {
  return createGraphClient({
    baseUrl: url,
    version: 'v16.0',
    appId: '1000000000000001',
    appSecret: 'pagecast-emulator-app-secret',
    timeoutMs: 5_000,
    backoffBaseMs: 10,
    rateLimitBackoffMs: 50,
  });
}

export async function buildChatApp(
  database: TestDatabase,
  graph: GraphClient,
  emulatorUrl: string,
  env: Record<string, string> = {},
) {
  const config = testConfig({ GRAPH_API_URL: emulatorUrl, ...env });
  const app = await buildApp({ config, pool: database.pool, graph });
  await app.ready();
  return { app, config, tokens: tokenCipher(config.encryptionKey) };
}

export interface SeededAdmin {
  adminId: string;
  fbUserId: string;
  auth: (app: FastifyInstance) => Promise<{ authorization: string }>;
}

export async function seedAdmin(db: Sql, fbUserId: string, name = 'Admin'): Promise<SeededAdmin> {
  const [row] = await dz(db).insert(admins).values({ fbUserId, name }).returning({ id: admins.id });
  const adminId = row?.id as string;
  return {
    adminId,
    fbUserId,
    auth: async (app) => ({
      authorization: `Bearer ${await sessionToken(app, db, { adminId, userId: fbUserId, role: 'admin' })}`,
    }),
  };
}

/** The tasks of a page's full admin, as /me/accounts lists them. */
export const FULL_CONTROL = [
  'MANAGE',
  'CREATE_CONTENT',
  'MODERATE',
  'MESSAGING',
  'ADVERTISE',
  'ANALYZE',
];

export async function seedPage(
  db: Db,
  input: { fbPageId: string; name: string; adminId: string; pageTokenEnc?: string | null },
): Promise<string> {
  const [row] = await db
    .insert(pages)
    .values({
      fbPageId: input.fbPageId,
      name: input.name,
      pageTokenEnc: input.pageTokenEnc ?? null,
      syncScope: 'full',
    })
    .returning({ id: pages.id });
  const pageUuid = row?.id as string;
  await db.insert(pageAdmins).values({
    pageId: pageUuid,
    adminId: input.adminId,
    tasks: FULL_CONTROL,
    pageTokenEnc: input.pageTokenEnc ?? null,
  });
  return pageUuid;
}

export async function seedContact(
  db: Db,
  pageUuid: string,
  input: {
    psid: string;
    name?: string;
    lastMessageAt?: Date | null;
    lastInboundAt?: Date | null;
    preview?: string | null;
    id?: string;
  },
): Promise<string> {
  const [row] = await db
    .insert(contacts)
    .values({
      id: input.id ?? randomUUID(),
      pageId: pageUuid,
      psid: input.psid,
      name: input.name ?? `Contact ${input.psid}`,
      lastMessageAt: input.lastMessageAt ?? null,
      lastInboundAt: input.lastInboundAt ?? input.lastMessageAt ?? null,
      lastMessagePreview: input.preview ?? null,
    })
    .returning({ id: contacts.id });
  return row?.id as string;
}
