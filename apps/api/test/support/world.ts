// The tests' one world factory (in the manner of Immich's medium tests): `createWorld` starts the parts a test
// file needs (a fresh database, the app, optionally the emulator, its Graph client and pg-boss) and `newAdmin`,
// `newPage`, `newContact` put rows in as sign-in and sync leave them, each returning ids and, for an admin, an
// authenticated contract client. The rows that no API route creates are written here and only here.
import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { buildApp } from '../../src/app.js';
import type { AuthContext } from '../../src/auth/jwt.js';
import type { Config } from '../../src/config.js';
import { tokenCipher, type TokenCipher } from '../../src/crypto/tokens.js';
import type { Db } from '../../src/db/client.js';
import {
  admins,
  contacts,
  messageTemplates,
  contactTags,
  pageAdmins,
  pages,
  pageSyncs,
  tags,
} from '../../src/db/schema/index.js';
import type { GraphClient, GraphClientOptions } from '../../src/graph/index.js';
import { startBoss, stopBoss } from '../../src/jobs/index.js';
import type { AfterCommit } from '../../src/modules/shared/after-commit.js';
import { ingestConsumers } from '../../src/runtime.js';
import { sessionToken, testConfig } from '../helpers/app.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { apiClient, type ApiClient } from './client.js';
import { emu, startTestEmulator, testGraph, type Emulator, type EmulatorPage } from './emulator.js';

/** The tasks of a page's full admin, as /me/accounts lists them. */
export const FULL_CONTROL = [
  'MANAGE',
  'CREATE_CONTENT',
  'MODERATE',
  'MESSAGING',
  'ADVERTISE',
  'ANALYZE',
];

/** A random id of `n` digits, as Facebook's page and user ids look. */
export const digits = (n: number) =>
  Array.from({ length: n }, (_, i) => (i === 0 ? randomInt(1, 10) : randomInt(0, 10))).join('');

/** An admin row with a live session: its bearer header and a contract client that sends it. */
export interface TestAdmin {
  adminId: string;
  fbUserId: string;
  headers: { authorization: string };
  client: ApiClient;
  /** Another session of the same admin, e.g. as an operator. */
  session: (role?: AuthContext['role']) => Promise<{ authorization: string }>;
}

/** What the world's row factories need: the test database and the app whose JWTs they sign. */
export interface WorldBase {
  app: FastifyInstance;
  database: TestDatabase;
}

/** An admin row (what sign-in leaves behind) and a session of theirs. */
export async function newAdmin(
  world: WorldBase,
  input: {
    fbUserId?: string;
    name?: string;
    /** The encrypted user token sign-in keeps (marketing calls take it). */
    userTokenEnc?: string | null;
    role?: AuthContext['role'];
  } = {},
): Promise<TestAdmin> {
  const db: Db = world.database.db;
  const fbUserId = input.fbUserId ?? digits(16);
  const [row] = await db
    .insert(admins)
    .values({ fbUserId, name: input.name ?? 'Admin', userTokenEnc: input.userTokenEnc ?? null })
    .returning({ id: admins.id });
  if (!row) throw new Error('newAdmin: no row');
  const adminId = row.id;
  const session = async (role: AuthContext['role'] = input.role ?? 'admin') => ({
    authorization: `Bearer ${await sessionToken(world.app, world.database.pool, { adminId, userId: fbUserId, role })}`,
  });
  const headers = await session();
  return { adminId, fbUserId, headers, client: apiClient(world.app, headers), session };
}

/** A page row linked to its admin, with the (encrypted) page token sign-in stores; returns its uuid. */
export async function newPage(
  world: { database: Pick<TestDatabase, 'db'> },
  input: {
    fbPageId: string;
    name: string;
    /** Its admin, or each of its admins. */
    adminId: string | string[];
    pageTokenEnc?: string | null;
    tasks?: string[];
    syncScope?: string;
  },
): Promise<string> {
  const db: Db = world.database.db;
  const [row] = await db
    .insert(pages)
    .values({
      fbPageId: input.fbPageId,
      name: input.name,
      pageTokenEnc: input.pageTokenEnc ?? null,
      ...(input.syncScope ? { syncScope: input.syncScope } : {}),
    })
    .returning({ id: pages.id });
  if (!row) throw new Error('newPage: no row');
  for (const adminId of [input.adminId].flat()) {
    await db.insert(pageAdmins).values({
      pageId: row.id,
      adminId,
      tasks: input.tasks ?? FULL_CONTROL,
      pageTokenEnc: input.pageTokenEnc ?? null,
    });
  }
  return row.id;
}

/** Another admin of an existing page (a co-admin Facebook lists on it), as sign-in links them. */
export async function newPageAdmin(
  world: Pick<WorldBase, 'database'>,
  pageUuid: string,
  adminId: string,
  tasks: string[] = FULL_CONTROL,
): Promise<void> {
  await world.database.db.insert(pageAdmins).values({ pageId: pageUuid, adminId, tasks });
}

/** A contact of a page, as sync or a webhook stores it; returns its uuid. */
export async function newContact(
  world: Pick<WorldBase, 'database'>,
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
  const [row] = await world.database.db
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
  if (!row) throw new Error('newContact: no row');
  return row.id;
}

export interface ManagedPage {
  /** The page's uuid. */
  id: string;
  pageId: string;
  /** PSIDs of the page's contacts. */
  psids: string[];
}

/**
 * A page (random ids, no token) managed by each of `managers` with the messaging tasks, and `contactCount`
 * contacts named "Contact 1", "Contact 2", ...
 */
export async function newManagedPage(
  world: Pick<WorldBase, 'database'>,
  managers: Array<Pick<TestAdmin, 'adminId'>>,
  contactCount = 3,
  name = 'Page',
): Promise<ManagedPage> {
  const pageId = digits(15);
  const id = await newPage(world, {
    fbPageId: pageId,
    name,
    adminId: managers.map((m) => m.adminId),
    tasks: ['MANAGE', 'MESSAGING'],
  });
  const psids = Array.from({ length: contactCount }, () => digits(16));
  for (const [i, psid] of psids.entries()) {
    await newContact(world, id, { psid, name: `Contact ${i + 1}` });
  }
  return { id, pageId, psids };
}

/**
 * A tag of a page carried by `contactIds`, inserted directly: tests choose names the tag rules would refuse
 * and audiences of any size; returns its uuid.
 */
export async function newTag(
  world: Pick<WorldBase, 'database'>,
  pageUuid: string,
  input: { name: string; description?: string; contactIds?: string[] },
): Promise<string> {
  const db: Db = world.database.db;
  const [row] = await db
    .insert(tags)
    .values({ pageId: pageUuid, name: input.name, description: input.description ?? '' })
    .returning({ id: tags.id });
  if (!row) throw new Error('newTag: no row');
  for (const contactId of input.contactIds ?? []) {
    await db.insert(contactTags).values({ contactId, tagId: row.id, pageId: pageUuid });
  }
  return row.id;
}

/** An emulator user and an admin row for them: what signing in as that user leaves. */
export async function newEmulatorAdmin(
  world: WorldBase & { emulator: Emulator },
  name = 'Admin',
): Promise<TestAdmin> {
  const user = await emu<{ id: string }>(world.emulator, '/_emulator/users', { name });
  return newAdmin(world, { fbUserId: user.id, name });
}

/**
 * An emulator page owned by `admin`, stored with its encrypted page token and linked to them (what sign-in
 * and sync leave); `emulatorInput` goes to the emulator's page factory (contacts, messagesPerContact, ...).
 */
export async function newEmulatorPage(
  world: WorldBase & { emulator: Emulator; tokens: TokenCipher },
  admin: Pick<TestAdmin, 'adminId' | 'fbUserId'>,
  emulatorInput: { name: string } & Record<string, unknown>,
  row: { syncScope?: string } = {},
): Promise<EmulatorPage & { uuid: string }> {
  const page = await emu<EmulatorPage>(world.emulator, '/_emulator/pages', {
    ownerId: admin.fbUserId,
    ...emulatorInput,
  });
  const uuid = await newPage(world, {
    fbPageId: page.id,
    name: page.name,
    adminId: admin.adminId,
    pageTokenEnc: world.tokens.encrypt(page.access_token),
    ...row,
  });
  return { ...page, uuid };
}

/**
 * A utility template made at the emulator (as Meta holds it) and stored here as approved, as the template
 * sync leaves it once Meta approved it; returns its uuid.
 */
export async function newTemplate(
  world: Pick<WorldBase, 'database'> & { graph: GraphClient },
  page: { id: string; uuid: string; access_token: string },
  input: { name: string; body: string; params: string[]; examples: Record<string, string> },
): Promise<string> {
  const made = await world.graph.createMessageTemplate(page.id, page.access_token, {
    name: input.name,
    language: 'en_US',
    body: input.body,
    format: 'NAMED',
    params: input.params,
    examples: input.examples,
    buttons: [],
  });
  const [row] = await world.database.db
    .insert(messageTemplates)
    .values({
      pageId: page.uuid,
      fbTemplateId: made.id,
      name: input.name,
      language: 'en_US',
      body: input.body,
      params: input.params,
      status: 'approved',
    })
    .returning({ id: messageTemplates.id });
  if (!row) throw new Error('newTemplate: no row');
  return row.id;
}

/** A page sync job's row, as the sync job leaves it. */
export async function newPageSync(
  world: Pick<WorldBase, 'database'>,
  pageUuid: string,
  input: { jobId: string; status: 'completed' | 'failed' | 'running' | 'queued' },
): Promise<void> {
  await world.database.db.insert(pageSyncs).values({ pageId: pageUuid, ...input });
}

export interface World extends WorldBase {
  config: Config;
  tokens: TokenCipher;
  emulator: Emulator;
  graph: GraphClient;
  /** Present when asked for (`boss: true`): jobs can be queued; no workers run unless the test starts them. */
  boss?: PgBoss;
  close: () => Promise<void>;
}

/**
 * An app on the world's database, emulator and Graph client with `env` on top of the test config (a test
 * that compares two configurations builds a second one); the caller closes it.
 */
export async function newApp(
  parts: {
    database: TestDatabase;
    emulator: Emulator;
    graph: GraphClient;
    boss?: PgBoss;
    logger?: Logger;
    /** Runs after the product's own after-commit consumers of the webhook ingest (a test's listener). */
    listen?: AfterCommit;
  },
  env: Record<string, string> = {},
): Promise<{ app: FastifyInstance; config: Config; tokens: TokenCipher }> {
  const config = testConfig({ GRAPH_API_URL: parts.emulator.url, ...env });
  const app = await buildApp({
    config,
    pool: parts.database.pool,
    boss: parts.boss,
    graph: parts.graph,
    logger: parts.logger,
    // The product's consumers (campaign counters, deliver on return), and what the test listens to after them.
    afterCommit: [...ingestConsumers(parts.database.pool), ...(parts.listen ? [parts.listen] : [])],
  });
  await app.ready();
  return { app, config, tokens: tokenCipher(config.encryptionKey) };
}

/**
 * A fresh database, the emulator (Meta's rate limits only when `paced`), its Graph client and the app wired to them;
 * `boss` adds pg-boss on the same database.
 */
export async function createWorld(
  options: {
    env?: Record<string, string>;
    boss?: boolean;
    paced?: boolean;
    logger?: Logger;
    database?: TestDatabase;
    /** Overrides of the test Graph client's timeouts and backoffs. */
    graph?: Partial<GraphClientOptions>;
    listen?: AfterCommit;
  } = {},
): Promise<World> {
  const database = options.database ?? (await createTestDatabase());
  const emulator = await startTestEmulator({ paced: options.paced });
  const graph = testGraph(emulator.url, {
    ...options.graph,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  const boss = options.boss ? await startBoss(database.url) : undefined;
  const { app, config, tokens } = await newApp(
    { database, emulator, graph, boss, logger: options.logger, listen: options.listen },
    options.env,
  );
  return {
    app,
    config,
    database,
    emulator,
    graph,
    boss,
    tokens,
    close: async () => {
      await app.close();
      if (boss) await stopBoss(boss);
      await graph.close();
      await emulator.close();
      if (!options.database) await database.drop();
    },
  };
}
