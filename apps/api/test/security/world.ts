// Shared world of the security suite: two admins on the emulator and in the database, each managing one page
// with contacts, a tag (carried by a contact), a campaign and a sync job; plus the case builders that turn
// every contract route into a valid request against a given page's ids.
import { createApiKey } from '../../src/modules/api-keys/service.js';
import { createHmac, randomUUID } from 'node:crypto';
import { CONTENT_TYPE_VALUES, contract, listRoutes, type ContractRoute } from '@pagecast/contract';
import type { Emulator } from '@pagecast/graph-emulator';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { expect } from 'vitest';
import { SESSION_TTL_MS } from '../../src/auth/jwt.js';
import { openSession } from '../../src/modules/sessions/repo.js';
import type { Config } from '../../src/config.js';
import type { GraphClient } from '../../src/graph/index.js';
import type { TestDatabase } from '../helpers/db.js';
import { must } from '../support/assert.js';
import { bodyOf } from '../support/client.js';
import { HOUR } from '../support/emulator.js';
import {
  createWorld as createTestWorld,
  newContact,
  newEmulatorAdmin,
  newEmulatorPage,
  newPageSync,
  newTemplate,
} from '../support/world.js';

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
  /** An API key of the admin (read, on their page): what revoking one names. */
  apiKeyId: string;
  /** An outbound webhook endpoint of the page, and a delivery (a queued test event) of it. */
  webhookId: string;
  deliveryId: string;
  /** The admin's bearer header (a session of theirs, role admin). */
  headers: { authorization: string };
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

/**
 * The shared world with pg-boss (jobs can be queued: sync starts answer 202; no workers run them) and two
 * admins, each with a page seeded by `seed`.
 */
export async function createWorld(
  options: { env?: Record<string, string>; logger?: Logger } = {},
): Promise<World> {
  const world = await createTestWorld({
    boss: true,
    logger: options.logger,
    env: {
      // These suites send hundreds of hostile replies and searches as one admin: the inbox's per-minute
      // ceilings (tested in inbox.test.ts) would answer them instead of the rules under test.
      CHAT_SENDS_PER_ADMIN_MINUTE: '100000',
      CHAT_SENDS_PER_PAGE_MINUTE: '100000',
      SEARCHES_PER_ADMIN_MINUTE: '100000',
      ...options.env,
    },
  });
  const { app, database, graph } = world;
  const sessions = new Map<
    string,
    (role?: 'admin' | 'operator') => Promise<{ authorization: string }>
  >();

  /** An admin with a page of 3 contacts, a tag on the first, a campaign, a template and a finished sync. */
  async function seed(name: string): Promise<PageIds> {
    const admin = await newEmulatorAdmin(world, name);
    sessions.set(admin.adminId, admin.session);
    const page = await newEmulatorPage(
      world,
      admin,
      { name: `${name} page`, contacts: 3, messagesPerContact: 2, inboundAgoMs: HOUR },
      { syncScope: 'full' },
    );
    for (const c of page.contacts) {
      await newContact(world, page.uuid, {
        psid: c.psid,
        name: c.name,
        lastMessageAt: new Date(Date.now() - HOUR),
      });
    }
    const api = admin.client;
    const { tag } = bodyOf(
      await api.tags.createTag({
        body: { pageId: page.id, name: 'Regulars', description: 'Come back often' },
      }),
      201,
    );
    bodyOf(
      await api.userTags.addUserTag({
        body: { userId: must(page.contacts[0]).psid, tagId: tag.id, pageId: page.id },
      }),
      200,
    );
    const campaign = bodyOf(
      await api.campaigns.createCampaign({
        body: {
          name: 'Spring sale',
          description: 'Seasonal offer',
          pageId: page.id,
          tagId: null,
          time: new Date(Date.now() + 30 * 24 * HOUR).toISOString(),
          type: CONTENT_TYPE_VALUES[0],
          msg: 'Hello from the shop',
        },
      }),
      201,
    );
    const templateId = await newTemplate(world, page, {
      name: 'order_ready',
      body: 'Hi {{first_name}}, your order is ready.',
      params: ['first_name'],
      examples: { first_name: 'Alex' },
    });
    const jobId = randomUUID();
    await newPageSync(world, page.uuid, { jobId, status: 'completed' });
    const { webhook } = bodyOf(
      await api.webhooks.createWebhook({
        params: { pageId: page.id },
        body: { url: 'http://127.0.0.1:9/hook', events: ['message.received'] },
      }),
      201,
    );
    const { delivery } = bodyOf(
      await api.webhooks.testWebhook({ params: { webhookId: webhook.id } }),
      202,
    );
    return {
      webhookId: webhook.id,
      deliveryId: delivery.id,
      adminId: admin.adminId,
      userId: admin.fbUserId,
      pageId: page.id,
      pageUuid: page.uuid,
      psids: page.contacts.map((c) => c.psid),
      tagId: tag.id,
      campaignId: campaign.id,
      templateId,
      jobId,
      headers: admin.headers,
      sessionId: await openSession(database.pool, {
        adminId: admin.adminId,
        expiresAt: new Date(Date.now() + SESSION_TTL_MS),
        userAgent: 'Another browser',
      }),
      apiKeyId: (
        await createApiKey(database.pool, admin.adminId, {
          name: 'Seeded key',
          pageIds: [page.id],
          scopes: ['read'],
        })
      ).apiKey.id,
    };
  }

  const own = await seed('Own Admin');
  const other = await seed('Other Admin');
  return {
    app,
    boss: must(world.boss, 'boss'),
    config: world.config,
    database,
    emulator: world.emulator,
    graph,
    own,
    other,
    bearer: (ids, role = 'admin') => must(sessions.get(ids.adminId), 'admin')(role),
    close: world.close,
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
  'signIn.registerUserAdmin': (ids) => ({
    body: { name: 'Someone', userId: ids.userId, accessToken: 'not-a-real-token-value' },
  }),
  'operator.deleteByUser': (ids) => ({ params: { id: ids.userId } }),
  'operator.endUserSessions': (ids) => ({ params: { id: ids.userId } }),
  'sessions.list': () => ({}),
  'sessions.logout': () => ({}),
  'sessions.revokeOthers': () => ({}),
  'sessions.revoke': (ids) => ({ params: { id: ids.sessionId } }),
  'apiKeys.createApiKey': (ids) => ({
    body: { name: 'CRM', pageIds: [ids.pageId], scopes: ['read'] },
  }),
  'apiKeys.listApiKeys': () => ({}),
  'apiKeys.revokeApiKey': (ids) => ({ params: { keyId: ids.apiKeyId } }),
  'webhooks.createWebhook': (ids) => ({
    params: { pageId: ids.pageId },
    body: { url: 'http://127.0.0.1:9/other', events: ['message.received'] },
  }),
  'webhooks.listWebhooks': (ids) => ({ params: { pageId: ids.pageId } }),
  'webhooks.updateWebhook': (ids) => ({
    params: { webhookId: ids.webhookId },
    body: { events: ['message.received', 'message.sent'] },
  }),
  'webhooks.deleteWebhook': (ids) => ({ params: { webhookId: ids.webhookId } }),
  'webhooks.testWebhook': (ids) => ({ params: { webhookId: ids.webhookId } }),
  'webhooks.listWebhookDeliveries': (ids) => ({ params: { webhookId: ids.webhookId } }),
  'webhooks.replayWebhookDelivery': (ids) => ({ params: { deliveryId: ids.deliveryId } }),
  'account.getSettings': () => ({}),
  'account.updateSettings': () => ({ body: { timeZone: 'Europe/Paris' } }),
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
  'inbox.setStatus': (ids) => ({
    params: { pageId: ids.pageId, userId: ids.psids[0] ?? '' },
    body: { status: 'resolved' },
  }),
  'inbox.assign': (ids) => ({
    params: { pageId: ids.pageId, userId: ids.psids[0] ?? '' },
    body: { userId: ids.userId },
  }),
  'inbox.listAssignees': (ids) => ({ params: { pageId: ids.pageId } }),
  'inbox.resolveUnreachable': (ids) => ({ params: { pageId: ids.pageId } }),
  'inbox.queueCounts': (ids) => ({ params: { pageId: ids.pageId } }),
  'inbox.getSettings': (ids) => ({ params: { pageId: ids.pageId } }),
  'inbox.updateSettings': (ids) => ({
    params: { pageId: ids.pageId },
    body: { resolveOnReply: false },
  }),
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
  'marketing.askManyToSubscribe': (ids) => ({
    params: { pageId: ids.pageId },
    body: { match: { q: 'nobody-matches-this' }, dryRun: false },
  }),
  'marketing.unsubscribe': (ids) => ({
    params: { pageId: ids.pageId, userId: ids.psids[0] ?? '' },
    body: {},
  }),
  // A note id of no note: the matrix's 'another page' cases answer 404 at the page check before it is read.
  'notes.listNotes': (ids) => ({ params: { pageId: ids.pageId, userId: ids.psids[0] ?? '' } }),
  'notes.createNote': (ids) => ({
    params: { pageId: ids.pageId, userId: ids.psids[0] ?? '' },
    body: { body: 'Called back' },
  }),
  'notes.updateNote': (ids) => ({
    params: { pageId: ids.pageId, userId: ids.psids[0] ?? '', noteId: randomUUID() },
    body: { body: 'Called back twice' },
  }),
  'notes.deleteNote': (ids) => ({
    params: { pageId: ids.pageId, userId: ids.psids[0] ?? '', noteId: randomUUID() },
  }),
  'savedReplies.listSavedReplies': (ids) => ({ params: { pageId: ids.pageId } }),
  'savedReplies.createSavedReply': (ids) => ({
    params: { pageId: ids.pageId },
    body: { title: `Reply ${randomUUID().slice(0, 8)}`, body: 'Hi {first_name|there}' },
  }),
  'savedReplies.updateSavedReply': (ids) => ({
    params: { pageId: ids.pageId, id: randomUUID() },
    body: { title: 'Renamed', body: 'Hello' },
  }),
  'savedReplies.deleteSavedReply': (ids) => ({ params: { pageId: ids.pageId, id: randomUUID() } }),
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
  'campaigns.campaignReview': (ids) => ({
    params: { pageId: ids.pageId },
    query: { tagId: ids.tagId },
  }),
  'campaigns.sendTestMessage': (ids) => ({
    params: { pageId: ids.pageId },
    body: { msg: 'Hi {first_name}, a test' },
  }),
  'campaigns.getCampaign': (ids) => ({ params: { campaignId: ids.campaignId } }),
  'campaigns.listCampaignRecipients': (ids) => ({ params: { campaignId: ids.campaignId } }),
  'campaigns.exportCampaignRecipients': (ids) => ({ params: { campaignId: ids.campaignId } }),
  'campaigns.getCampaignSpend': (ids) => ({ params: { campaignId: ids.campaignId } }),
  'campaigns.tagCampaignRecipients': (ids) => ({
    params: { campaignId: ids.campaignId },
    body: { tagId: ids.tagId },
  }),
  'campaigns.cancelCampaign': (ids) => ({ params: { campaignId: ids.campaignId }, body: {} }),
  'campaigns.stopReturns': (ids) => ({ params: { campaignId: ids.campaignId }, body: {} }),
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

/**
 * Fails unless the route's contract entry declares `status`: what a route answers is what the contract (and
 * the OpenAPI document generated from it) says it answers.
 */
export function expectDeclared(
  route: ContractRoute,
  status: number,
  where: string = route.key,
): void {
  expect(
    Object.keys(route.route.responses),
    `${where}: the contract does not declare ${status}`,
  ).toContain(String(status));
}

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
