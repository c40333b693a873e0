// Shared world of the security suite: two admins on the emulator and in the database, each managing one page
// with contacts, a tag (carried by a contact), a campaign and a sync job; plus the case builders that turn
// every contract route into a valid request against a given page's ids.
import { createHmac, randomUUID } from 'node:crypto';
import { CONTENT_TYPE_VALUES, contract, listRoutes, type ContractRoute } from '@pagecast/contract';
import type { Emulator } from '@pagecast/graph-emulator';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { buildApp } from '../../src/app.js';
import { SESSION_TTL_MS } from '../../src/auth/jwt.js';
import { openSession } from '../../src/modules/sessions/repo.js';
import { sessionToken } from '../helpers/app.js';
import type { Config } from '../../src/config.js';
import { tokenCipher } from '../../src/crypto/tokens.js';
import {
  admins,
  campaigns,
  contacts,
  contactTags,
  pageAdmins,
  pages,
  messageTemplates,
  pageSyncs,
  tags,
} from '../../src/db/schema/index.js';
import { createGraphClient, type GraphClient } from '../../src/graph/index.js';
import { startBoss, stopBoss } from '../../src/jobs/index.js';
import { testConfig } from '../helpers/app.js';
import { FULL_CONTROL, HOUR, emu, startTestEmulator, testGraph } from '../helpers/inbox.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';

/** The real ids of one admin's page, as requests carry them. */
export interface PageIds {
  adminId: string;
  /** The admin's social network user id. */
  userId: string;
  pageId: string;
  pageUuid: string;
  /** PSIDs of the page's contacts; the first carries the tag. */
  psids: string[];
  tagId: string;
  campaignId: string;
  /** An approved utility template of the page (at the emulator and here). */
  templateId: string;
  jobId: string;
  /** A session of the admin (another browser of theirs): what ending one names. */
  sessionId: string;
}

export interface World {
  app: FastifyInstance;
  boss: PgBoss;
  config: Config;
  database: TestDatabase;
  emulator: Emulator;
  graph: GraphClient;
  own: PageIds;
  other: PageIds;
  /** A valid bearer header for the admin of `ids`. */
  bearer: (ids: PageIds, role?: 'admin' | 'operator') => Promise<{ authorization: string }>;
  close: () => Promise<void>;
}

interface EmuPage {
  id: string;
  access_token: string;
  contacts: Array<{ psid: string; name: string }>;
}

export async function createWorld(
  options: { env?: Record<string, string>; logger?: Logger } = {},
): Promise<World> {
  const database = await createTestDatabase();
  const emulator = await startTestEmulator();
  const graph = options.logger
    ? createGraphClient({
        baseUrl: emulator.url,
        version: 'v16.0',
        appId: '1000000000000001',
        appSecret: 'pagecast-emulator-app-secret',
        timeoutMs: 5_000,
        backoffBaseMs: 10,
        rateLimitBackoffMs: 50,
        logger: options.logger,
      })
    : testGraph(emulator.url);
  const config = testConfig({
    GRAPH_API_URL: emulator.url,
    // These suites send hundreds of hostile replies as one admin: the inbox's per-minute ceilings (tested in
    // inbox.test.ts) would answer them instead of the rules under test.
    CHAT_SENDS_PER_ADMIN_MINUTE: '100000',
    CHAT_SENDS_PER_PAGE_MINUTE: '100000',
    ...options.env,
  });
  // Jobs can be queued (sync starts answer 202); no workers run them.
  const boss = await startBoss(database.url);
  const app = await buildApp({
    config,
    pool: database.pool,
    boss,
    graph,
    logger: options.logger,
  });
  await app.ready();
  const tokens = tokenCipher(config.encryptionKey);

  async function seed(name: string): Promise<PageIds> {
    const user = await emu<{ id: string }>(emulator.url, '/_emulator/users', { name });
    const page = await emu<EmuPage>(emulator.url, '/_emulator/pages', {
      ownerId: user.id,
      name: `${name} page`,
      contacts: 3,
      messagesPerContact: 2,
      inboundAgoMs: HOUR,
    });
    const db = database.db;
    const [admin] = await db.insert(admins).values({ fbUserId: user.id, name }).returning();
    const [row] = await db
      .insert(pages)
      .values({
        fbPageId: page.id,
        name: `${name} page`,
        pageTokenEnc: tokens.encrypt(page.access_token),
        syncScope: 'full',
      })
      .returning();
    if (!admin || !row) throw new Error('seed failed');
    await db.insert(pageAdmins).values({
      pageId: row.id,
      adminId: admin.id,
      tasks: FULL_CONTROL,
      pageTokenEnc: tokens.encrypt(page.access_token),
    });
    const contactRows = await db
      .insert(contacts)
      .values(
        page.contacts.map((c) => ({
          pageId: row.id,
          psid: c.psid,
          name: c.name,
          lastMessageAt: new Date(Date.now() - HOUR),
          lastInboundAt: new Date(Date.now() - HOUR),
        })),
      )
      .returning();
    const [tag] = await db
      .insert(tags)
      .values({ pageId: row.id, name: 'Regulars', description: 'Come back often' })
      .returning();
    if (!tag || !contactRows[0]) throw new Error('seed failed');
    await db
      .insert(contactTags)
      .values({ contactId: contactRows[0].id, tagId: tag.id, pageId: row.id });
    const [campaign] = await db
      .insert(campaigns)
      .values({
        pageId: row.id,
        adminId: admin.id,
        name: 'Spring sale',
        description: 'Seasonal offer',
        message: 'Hello from the shop',
        type: CONTENT_TYPE_VALUES[0],
        scheduledTime: new Date(Date.now() + 30 * 24 * HOUR),
      })
      .returning();
    const body = 'Hi {{first_name}}, your order is ready.';
    const made = await graph.createMessageTemplate(page.id, page.access_token, {
      name: 'order_ready',
      language: 'en_US',
      body,
      format: 'NAMED',
      params: ['first_name'],
      examples: { first_name: 'Alex' },
      buttons: [],
    });
    const [template] = await db
      .insert(messageTemplates)
      .values({
        pageId: row.id,
        fbTemplateId: made.id,
        name: 'order_ready',
        language: 'en_US',
        body,
        params: ['first_name'],
        status: 'approved',
      })
      .returning();
    if (!template) throw new Error('seed failed');
    const jobId = randomUUID();
    await db.insert(pageSyncs).values({ pageId: row.id, jobId, status: 'completed' });
    if (!campaign) throw new Error('seed failed');
    return {
      adminId: admin.id,
      userId: user.id,
      pageId: page.id,
      pageUuid: row.id,
      psids: page.contacts.map((c) => c.psid),
      tagId: tag.id,
      campaignId: campaign.id,
      templateId: template.id,
      jobId,
      sessionId: await openSession(database.pool, {
        adminId: admin.id,
        expiresAt: new Date(Date.now() + SESSION_TTL_MS),
        userAgent: 'Another browser',
      }),
    };
  }

  const own = await seed('Own Admin');
  const other = await seed('Other Admin');
  return {
    app,
    boss,
    config,
    database,
    emulator,
    graph,
    own,
    other,
    bearer: async (ids, role = 'admin') => ({
      authorization: `Bearer ${await sessionToken(app, database.pool, { adminId: ids.adminId, userId: ids.userId, role })}`,
    }),
    close: async () => {
      await app.close();
      await stopBoss(boss);
      await graph.close();
      await emulator.close();
      await database.drop();
    },
  };
}

/** One request's parts; `path` params are substituted into the route's path. */
export interface RequestParts {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** Defaults to JSON when there is a body. */
  contentType?: string;
}

let tagCounter = 0;
let templateCounter = 0;
/** A template name Meta accepts, unique per call. */
export const freshTemplateName = () => `update_${++templateCounter}`;
/** A tag name the tag rules accept (letters, digits, spaces; 3..20 characters), unique per call. */
export const freshTagName = () => `Tag ${++tagCounter}`;

/**
 * Every contract route -> a valid request for the page `ids`. A route missing here fails the matrix:
 * nobody can add a route without saying how to call it.
 */
export const caseBuilders: Record<string, (ids: PageIds) => RequestParts> = {
  'admin.registerUserAdmin': (ids) => ({
    body: { name: 'Someone', userId: ids.userId, accessToken: 'not-a-real-token-value' },
  }),
  'admin.deleteByUser': (ids) => ({ params: { id: ids.userId } }),
  'admin.endUserSessions': (ids) => ({ params: { id: ids.userId } }),
  'sessions.list': () => ({}),
  'sessions.logout': () => ({}),
  'sessions.revoke': (ids) => ({ params: { id: ids.sessionId } }),
  'user.addUsersByPage': (ids) => ({ body: { pageId: ids.pageId } }),
  'user.deleteUser': (ids) => ({
    body: { userId: ids.userId, accessToken: 'not-a-real-token-value' },
  }),
  'user.deletionStatus': () => ({ params: { id: 'abc123' } }),
  'pages.listPages': () => ({}),
  'pages.getPage': (ids) => ({ params: { pageId: ids.pageId } }),
  'pages.getOverview': (ids) => ({ params: { pageId: ids.pageId } }),
  'pages.syncPage': (ids) => ({ params: { pageId: ids.pageId }, body: {} }),
  'pages.syncStatus': (ids) => ({ params: { jobId: ids.jobId } }),
  'pages.getSubscription': () => ({}),
  'inbox.getRecipients': (ids) => ({ params: { pageId: ids.pageId }, query: { limit: '10' } }),
  'inbox.countRecipients': (ids) => ({ params: { pageId: ids.pageId }, query: { q: 'a' } }),
  'inbox.getConversation': (ids) => ({
    params: { pageId: ids.pageId, userId: ids.psids[0] ?? '' },
    query: { limit: '10' },
  }),
  'inbox.sendMessage': (ids) => ({
    params: { pageId: ids.pageId, userId: ids.psids[0] ?? '' },
    body: { message: 'Hello there' },
  }),
  'inbox.markRead': (ids) => ({ params: { pageId: ids.pageId, userId: ids.psids[0] ?? '' } }),
  'inbox.events': (ids) => ({ params: { pageId: ids.pageId } }),
  'tags.listTags': (ids) => ({ params: { pageId: ids.pageId } }),
  'tags.createTag': (ids) => ({
    body: { pageId: ids.pageId, name: freshTagName(), description: 'A fine tag' },
  }),
  'tags.updateTag': (ids) => ({
    params: { id: ids.tagId },
    body: { name: freshTagName(), description: 'Renamed tag' },
  }),
  'tags.deleteTag': (ids) => ({ params: { id: ids.tagId } }),
  'templates.listTemplates': (ids) => ({ params: { pageId: ids.pageId } }),
  'templates.refreshTemplates': (ids) => ({ params: { pageId: ids.pageId }, body: {} }),
  'templates.createTemplate': (ids) => ({
    body: {
      pageId: ids.pageId,
      name: freshTemplateName(),
      language: 'en_US',
      body: 'Hi {{first_name}}, your booking is confirmed.',
    },
  }),
  'templates.deleteTemplate': (ids) => ({ params: { id: ids.templateId } }),
  'marketing.getMarketing': (ids) => ({ params: { pageId: ids.pageId } }),
  'marketing.listAdAccounts': (ids) => ({ params: { pageId: ids.pageId } }),
  'marketing.connectMarketing': (ids) => ({
    params: { pageId: ids.pageId },
    body: { adAccountId: 'act_1234567890' },
  }),
  'marketing.disconnectMarketing': (ids) => ({ params: { pageId: ids.pageId } }),
  'marketing.getSubscription': (ids) => ({
    params: { pageId: ids.pageId, userId: ids.psids[0] ?? '' },
  }),
  'marketing.askToSubscribe': (ids) => ({
    params: { pageId: ids.pageId, userId: ids.psids[0] ?? '' },
    body: { title: 'Weekly offers' },
  }),
  'marketing.unsubscribe': (ids) => ({
    params: { pageId: ids.pageId, userId: ids.psids[0] ?? '' },
    body: {},
  }),
  'userTags.getUserTags': (ids) => ({ params: { userId: ids.psids[0] ?? '', pageId: ids.pageId } }),
  'userTags.bulkUserTags': (ids) => ({
    body: { pageId: ids.pageId, add: [ids.tagId], match: { q: 'nobody-matches-this' } },
  }),
  'userTags.addUserTag': (ids) => ({
    body: { userId: ids.psids[1], tagId: ids.tagId, pageId: ids.pageId },
  }),
  'userTags.removeUserTag': (ids) => ({
    body: { userId: ids.psids[0], tagId: ids.tagId, pageId: ids.pageId },
  }),
  'campaigns.listCampaigns': (ids) => ({ params: { pageId: ids.pageId }, query: { page: '1' } }),
  'campaigns.createCampaign': (ids) => ({
    body: {
      name: 'Summer sale',
      description: 'Seasonal offer',
      pageId: ids.pageId,
      tagId: null,
      time: new Date(Date.now() + 7 * 24 * HOUR).toISOString(),
      type: CONTENT_TYPE_VALUES[0],
      msg: 'Hello from the shop',
    },
  }),
  'campaigns.audiencePreview': (ids) => ({
    params: { pageId: ids.pageId },
    query: { tagId: ids.tagId },
  }),
  'campaigns.getCampaign': (ids) => ({ params: { campaignId: ids.campaignId } }),
  'campaigns.listCampaignRecipients': (ids) => ({ params: { campaignId: ids.campaignId } }),
  'campaigns.exportCampaignRecipients': (ids) => ({ params: { campaignId: ids.campaignId } }),
  'campaigns.cancelCampaign': (ids) => ({ params: { campaignId: ids.campaignId }, body: {} }),
  'system.healthz': () => ({}),
  'system.readyz': () => ({}),
  'system.webhookVerify': () => ({
    query: {
      'hub.mode': 'subscribe',
      'hub.verify_token': 'pagecast-verify-token',
      'hub.challenge': '42',
    },
  }),
  'system.webhookReceive': () => ({ body: { object: 'page', entry: [] } }),
  'system.dataDeletionCallback': () => ({
    body: 'signed_request=abc.def',
    contentType: 'application/x-www-form-urlencoded',
  }),
  'system.deauthorizeCallback': () => ({
    body: 'signed_request=abc.def',
    contentType: 'application/x-www-form-urlencoded',
  }),
};

export const allRoutes: ContractRoute[] = listRoutes(contract);

/** The route's path with its params filled in (each URI-encoded unless `raw`). */
export function fillPath(path: string, params: Record<string, string> = {}, raw = false): string {
  return path.replace(/:(\w+)/g, (_m, name: string) => {
    const value = params[name] ?? '';
    return raw ? value : encodeURIComponent(value);
  });
}

export function injectOptions(
  route: ContractRoute,
  parts: RequestParts,
  headers: Record<string, string> = {},
): InjectOptions {
  const url = fillPath(route.route.path, parts.params);
  const query = parts.query ? `?${new URLSearchParams(parts.query).toString()}` : '';
  const options: InjectOptions = {
    method: route.route.method,
    url: `${url}${query}`,
    headers: { ...headers },
  };
  if (parts.body !== undefined) {
    const contentType = parts.contentType ?? 'application/json';
    options.headers = { ...options.headers, 'content-type': contentType };
    options.payload =
      typeof parts.body === 'string' || Buffer.isBuffer(parts.body)
        ? parts.body
        : JSON.stringify(parts.body);
  }
  return options;
}

/** An HS256 JWT signed by hand: an expired one with the app's secret, or a forged one with another. */
export function handMadeJwt(
  secret: string,
  claims: Record<string, unknown>,
  times: { iat: number; exp: number },
): string {
  const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const head = `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc({ ...claims, ...times })}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

/**
 * Row count and content checksum of every table (public schema): any insert, update or delete shows.
 * pg-boss tables are outside `public` and not used by these apps (no boss).
 */
export async function snapshot(database: TestDatabase): Promise<Record<string, string>> {
  const pool = database.pool;
  const { rows: tables } = await pool.query<{ name: string }>(
    // rate_limits counts attempts, refused ones too: bookkeeping of the limit, not a change the request made.
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'rate_limits'
      order by 1`,
  );
  const parts = tables.map(
    ({ name }) =>
      `select '${name}' as name, count(*)::text || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from public."${name}" t`,
  );
  const { rows } = await pool.query<{ name: string; sum: string }>(parts.join(' union all '));
  return Object.fromEntries(rows.map((r) => [r.name, r.sum]));
}
