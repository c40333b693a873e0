// The `/_emulator` control API (not Facebook's): what tests, benchmarks and the demo use to shape the world.
// One file on purpose, as a list of small routes: it is the emulator's whole test surface in one read.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { request } from 'undici';
import { z } from 'zod';
import { Rng } from '../util/rng.js';
import { signRequest } from '../webhooks/signing.js';
import type { WebhookDispatcher } from '../webhooks/dispatcher.js';
import { seedWorld } from '../world/seed.js';
import {
  DEFAULT_BEHAVIOUR,
  DEFAULT_SCOPES,
  type Behaviour,
  type Contact,
  type Page,
} from '../world/types.js';
import { PAGE_INBOX_APP_ID, type World } from '../world/world.js';
import type { SlidingWindowLimiter } from '../send/ratelimit.js';
import { armGraphError, clearGraphErrors, resetFaultCycle } from '../send/faults.js';
import { decide, TEMPLATE_STATUSES } from '../templates/templates.js';
import { avatarSvg } from './avatars.js';
import { makeAttachment, MEDIA_URL_TTL_MS } from '../media/media.js';
import { registerMarketingControl } from './marketing.js';

export interface ControlDeps {
  world: World;
  webhooks: WebhookDispatcher;
  limiters: SlidingWindowLimiter[];
  /** Public base URL of the emulator (attachment URLs point at its CDN stand-in). */
  baseUrl: () => string;
  callbacks: { dataDeletionCallbackUrl?: string; deauthorizeCallbackUrl?: string };
}

const seedSchema = z.object({
  seed: z.union([z.string(), z.number()]).default('demo'),
  users: z.number().int().min(0).max(1000).optional(),
  pagesPerUser: z.number().int().min(0).max(100).optional(),
  contactsPerPage: z.number().int().min(0).max(1_000_000).optional(),
  messagesPerContact: z.number().int().min(0).max(200).optional(),
  inWindowShare: z.number().min(0).max(1).optional(),
});

const behaviourSchema = z
  .object({
    latencyMs: z.number().int().min(0).max(60_000),
    sendPerSecond: z.number().int().min(0),
    mediaSendPerSecond: z.number().int().min(0),
    highVolumePerSecond: z.number().int().min(0),
    highVolumeHoldMs: z.number().int().min(0).max(3_600_000),
    conversationsPerSecond: z.number().int().min(0),
    failureRate: z.number().min(0).max(1),
    failCodes: z.array(z.number().int()),
    failNext: z.number().int().min(0),
    hangNext: z.number().int().min(0),
    hangMs: z.number().int().min(0).max(600_000),
    unavailablePsids: z.array(z.string()),
    unavailableCode: z.union([z.literal(551), z.literal(200)]),
    legacyMessageTags: z.boolean(),
    webhookRetries: z.number().int().min(0).max(20),
    webhookRetryBaseMs: z.number().int().min(0),
    webhookBatchMs: z.number().int().min(0).max(10_000),
    templateApprovalMs: z.number().int().min(0).max(3_600_000),
    marketingWarmupMs: z.number().int().min(0).max(86_400_000),
    marketingCooldownMs: z
      .number()
      .int()
      .min(0)
      .max(7 * 86_400_000),
  })
  .partial()
  .strict();

const graphErrorSchema = z
  .object({
    code: z.number().int().min(0),
    subcode: z.number().int().min(0).optional(),
    message: z.string().min(1).max(2000).optional(),
    type: z.string().min(1).max(100).optional(),
    remainingSeconds: z.number().int().min(0).optional(),
    psids: z
      .array(z.string().regex(/^\d{1,32}$/))
      .min(1)
      .max(10_000)
      .optional(),
    count: z.number().int().min(1).max(1_000_000).optional(),
    path: z.enum(['standard', 'utility', 'optin', 'marketing']).optional(),
  })
  .strict();

function bad(reply: FastifyReply, message: string, code = 400) {
  return reply.code(code).send({ message });
}

function pageView(page: Page, token?: string) {
  return {
    id: page.id,
    name: page.name,
    category: page.category,
    ...(token ? { access_token: token } : {}),
    contacts: page.contactList.map((c) => ({ psid: c.psid, name: `${c.firstName} ${c.lastName}` })),
  };
}

/** Control API for demos and tests (not Facebook's): `/_emulator/...`. */
export function registerControl(app: FastifyInstance, deps: ControlDeps): void {
  const { world } = deps;
  registerMarketingControl(app, world);
  const contactOf = (pageId: string, psid: string) => {
    const page = world.pages.get(pageId);
    const contact = page?.contacts.get(psid);
    return page && contact ? { page, contact } : null;
  };
  /** A control action of one contact of a page: 404 'Unknown page or contact' unless both exist. */
  const contactRoute = (
    action: string,
    handle: (
      found: { page: Page; contact: Contact },
      req: FastifyRequest,
      reply: FastifyReply,
    ) => Promise<unknown>,
  ) =>
    app.post(`/_emulator/pages/:pageId/contacts/:psid/${action}`, async (req, reply) => {
      const { pageId, psid } = req.params as { pageId: string; psid: string };
      const found = contactOf(pageId, psid);
      if (!found) return bad(reply, 'Unknown page or contact', 404);
      return handle(found, req, reply);
    });

  app.post('/_emulator/reset', () => {
    seedWorld(world, 'empty');
    world.behaviour = { ...DEFAULT_BEHAVIOUR };
    world.clockOffsetMs = 0;
    for (const l of deps.limiters) l.reset();
    resetFaultCycle();
    clearGraphErrors(world);
    world.faults = { byCode: {}, held: 0 };
    return { ok: true };
  });

  app.post('/_emulator/seed', async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (body.seed === 'demo' || body.seed === 'empty') {
      seedWorld(world, body.seed);
      return stateSummary(world, false);
    }
    const parsed = seedSchema.safeParse(body);
    if (!parsed.success) return bad(reply, parsed.error.message);
    seedWorld(world, parsed.data);
    return stateSummary(world, false);
  });

  app.get('/_emulator/state', (req) =>
    stateSummary(world, (req.query as { full?: string }).full === '1'),
  );

  app.post('/_emulator/users', async (req, reply) => {
    const parsed = z
      .object({
        name: z.string().min(1),
        email: z.string().email().optional(),
        installed: z.boolean().default(true),
        scopes: z.array(z.string()).optional(),
        longLived: z.boolean().default(false),
      })
      .safeParse(req.body ?? {});
    if (!parsed.success) return bad(reply, parsed.error.message);
    const { name, email, installed, scopes, longLived } = parsed.data;
    const user = world.createUser({
      name,
      ...(email ? { email } : {}),
      installed,
      scopes: scopes ?? DEFAULT_SCOPES,
    });
    const token = world.userTokenIfInstalled(user, longLived);
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      ...(token ? { access_token: token } : {}),
    };
  });

  app.post('/_emulator/users/:userId/tokens', async (req, reply) => {
    const { userId } = req.params as { userId: string };
    const user = world.users.get(userId);
    if (!user) return bad(reply, 'Unknown user', 404);
    const parsed = z
      .object({ scopes: z.array(z.string()).optional(), longLived: z.boolean().default(false) })
      .safeParse(req.body ?? {});
    if (!parsed.success) return bad(reply, parsed.error.message);
    world.grant(user, parsed.data.scopes ?? DEFAULT_SCOPES);
    const rec = world.tokens.issue({
      type: 'USER',
      userId,
      appId: world.app.id,
      scopes: parsed.data.scopes
        ? ['public_profile', ...parsed.data.scopes]
        : world.grantedScopes(user),
      longLived: parsed.data.longLived,
    });
    return {
      access_token: rec.token,
      expires_in: Math.round((rec.expiresAt - world.now()) / 1000),
    };
  });

  app.post('/_emulator/pages', async (req, reply) => {
    const parsed = z
      .object({
        ownerId: z.string(),
        name: z.string().min(1),
        category: z.string().optional(),
        contacts: z.number().int().min(0).max(1_000_000).default(0),
        messagesPerContact: z.number().int().min(0).max(200).default(1),
        /** How long ago every contact last wrote; null = never (no conversation, outside the window). */
        inboundAgoMs: z.number().int().min(0).nullable().default(60_000),
        seed: z.union([z.string(), z.number()]).optional(),
        coAdmins: z.array(z.string()).default([]),
      })
      .safeParse(req.body ?? {});
    if (!parsed.success) return bad(reply, parsed.error.message);
    const b = parsed.data;
    const owner = world.users.get(b.ownerId);
    if (!owner) return bad(reply, 'Unknown ownerId', 404);
    const page = world.createPage({
      ownerId: owner.id,
      name: b.name,
      ...(b.category ? { category: b.category } : {}),
    });
    for (const id of b.coAdmins) if (world.users.has(id)) world.addRole(page, id);
    world.addContacts(page, {
      count: b.contacts,
      rng: new Rng(b.seed ?? `page:${page.id}`),
      messagesPerContact: b.inboundAgoMs === null ? 0 : Math.max(1, b.messagesPerContact),
      inWindowShare: 1,
      inboundAgoMs: b.inboundAgoMs,
    });
    const token = world.tokens.issue({
      type: 'PAGE',
      userId: owner.id,
      pageId: page.id,
      appId: world.app.id,
      scopes: DEFAULT_SCOPES,
      longLived: true,
      expiresInSeconds: 0,
    });
    world.grant(owner, DEFAULT_SCOPES);
    return pageView(page, token.token);
  });

  app.post('/_emulator/pages/:pageId/contacts', async (req, reply) => {
    const { pageId } = req.params as { pageId: string };
    const page = world.pages.get(pageId);
    if (!page) return bad(reply, 'Unknown page', 404);
    const b = z
      .object({
        count: z.number().int().min(1).max(1_000_000).default(1),
        inboundAgoMs: z.number().int().min(0).nullable().default(60_000),
      })
      .safeParse(req.body ?? {});
    if (!b.success) return bad(reply, b.error.message);
    const added = world.addContacts(page, {
      count: b.data.count,
      rng: new Rng(`more:${page.id}:${page.contactList.length}`),
      messagesPerContact: b.data.inboundAgoMs === null ? 0 : 1,
      inWindowShare: 1,
      inboundAgoMs: b.data.inboundAgoMs,
    });
    return { contacts: added.map((c) => ({ psid: c.psid, name: `${c.firstName} ${c.lastName}` })) };
  });

  // The contact writes: text, files (`attachments`), or a sticker; `expiresInMs` shortens the files'
  // URL lifetime (0: already expired, as an old message's files are).
  const writeSchema = z
    .object({
      text: z.string().max(2000).default(''),
      attachments: z
        .array(
          z.object({
            type: z.enum(['image', 'video', 'audio', 'file', 'sticker']),
            name: z.string().min(1).max(200).optional(),
          }),
        )
        .max(10)
        .default([]),
      expiresInMs: z.number().int().min(0).optional(),
    })
    .strict()
    .refine((b) => b.text !== '' || b.attachments.length > 0, 'text or attachments is required');
  let mediaSeq = 0;
  contactRoute('messages', async (found, req, reply) => {
    const b = writeSchema.safeParse(req.body ?? {});
    if (!b.success) return bad(reply, b.error.issues[0]?.message ?? 'invalid body');
    const expiresAt = world.now() + (b.data.expiresInMs ?? MEDIA_URL_TTL_MS);
    const files = b.data.attachments.map((a) =>
      makeAttachment(deps.baseUrl(), a.type, ++mediaSeq, expiresAt, a.name),
    );
    const msg = world.contactWrites(found.page, found.contact, b.data.text, files);
    return { mid: msg.mid, timestamp: msg.time, attachments: files };
  });

  // A network user (say, the page's admin) writes to the page from Messenger: the page gets a contact for
  // them the first time (a PSID, which ids_for_pages then maps), and the message fires `messages`.
  app.post('/_emulator/pages/:pageId/users/:userId/messages', async (req, reply) => {
    const { pageId, userId } = req.params as { pageId: string; userId: string };
    const page = world.pages.get(pageId);
    const user = world.users.get(userId);
    if (!page || !user) return bad(reply, 'Unknown page or user', 404);
    const b = z
      .object({ text: z.string().min(1).max(2000) })
      .strict()
      .safeParse(req.body ?? {});
    if (!b.success) return bad(reply, b.error.issues[0]?.message ?? 'invalid body');
    const contact = world.userWrites(page, user, b.data.text);
    return { psid: contact.psid, name: `${contact.firstName} ${contact.lastName}` };
  });

  // The contact reacts to a message (`emoji`), or takes the reaction back (`emoji: null`).
  contactRoute('reactions', async (found, req, reply) => {
    const b = z
      .object({ mid: z.string().min(1), emoji: z.string().min(1).max(16).nullable() })
      .strict()
      .safeParse(req.body ?? {});
    if (!b.success) return bad(reply, 'mid and emoji (or null) are required');
    if (!world.contactReacts(found.page, found.contact, b.data.mid, b.data.emoji))
      return bad(reply, 'Unknown message', 404);
    return { ok: true };
  });

  // A person replies from Meta's Page Inbox (not through the app): the app sees an echo only.
  contactRoute('inbox-reply', async (found, req, reply) => {
    const text = (req.body as { text?: unknown } | undefined)?.text;
    if (typeof text !== 'string' || !text) return bad(reply, 'text is required');
    const msg = world.pageInboxReplies(found.page, found.contact, text);
    return { mid: msg.mid, timestamp: msg.time };
  });

  // Handover protocol: who controls the page's threads. `owner: 'inbox'` gives them to Meta's Page Inbox,
  // and this app gets the page's messaging events in `entry.standby`; `owner: 'app'` takes them back.
  app.post('/_emulator/pages/:pageId/thread-owner', async (req, reply) => {
    const { pageId } = req.params as { pageId: string };
    const page = world.pages.get(pageId);
    if (!page) return bad(reply, 'Unknown page', 404);
    const owner = (req.body as { owner?: unknown } | undefined)?.owner;
    if (owner !== 'inbox' && owner !== 'app') return bad(reply, "owner must be 'inbox' or 'app'");
    if (owner === 'inbox') page.threadOwner = PAGE_INBOX_APP_ID;
    else delete page.threadOwner;
    world.touch();
    return { owner };
  });

  contactRoute('read', async (found) => {
    return { watermark: world.contactReads(found.page, found.contact) };
  });

  contactRoute('postback', async (found, req, reply) => {
    const b = (req.body ?? {}) as { title?: unknown; payload?: unknown };
    if (typeof b.title !== 'string' || typeof b.payload !== 'string')
      return bad(reply, 'title and payload are required');
    return { mid: world.contactPostback(found.page, found.contact, b.title, b.payload) };
  });

  // The contact opens the existing thread through an m.me link with a ref (messaging_referrals).
  contactRoute('referral', async (found, req, reply) => {
    const ref = (req.body as { ref?: unknown } | undefined)?.ref;
    if (typeof ref !== 'string' || !ref) return bad(reply, 'ref is required');
    world.contactFollowsLink(found.page, found.contact, ref);
    return { ok: true };
  });

  // The contact edits one of their messages (message_edits).
  contactRoute('edit', async (found, req, reply) => {
    const b = z
      .object({ mid: z.string().min(1), text: z.string().min(1).max(2000) })
      .strict()
      .safeParse(req.body ?? {});
    if (!b.success) return bad(reply, 'mid and text are required');
    const edits = world.contactEdits(found.page, found.contact, b.data.mid, b.data.text);
    if (edits === null) return bad(reply, 'Unknown message of this contact', 404);
    return { edits };
  });

  app.get('/_emulator/pages/:pageId/outbox', async (req, reply) => {
    const { pageId } = req.params as { pageId: string };
    const page = world.pages.get(pageId);
    if (!page) return bad(reply, 'Unknown page', 404);
    const since = Number((req.query as { since?: string }).since ?? 0) || 0;
    const data = since ? page.outbox.filter((e) => e.time >= since) : page.outbox;
    return { count: data.length, data };
  });

  // The page deleted on Facebook (benchmarks also use it to keep a long-running emulator's heap small).
  app.delete('/_emulator/pages/:pageId', async (req, reply) => {
    const { pageId } = req.params as { pageId: string };
    const page = world.pages.get(pageId);
    if (!page) return bad(reply, 'Unknown page', 404);
    world.deletePage(page);
    return { ok: true };
  });

  // Meta's verdict now: any of its ten statuses (a reason with REJECTED), with its status webhook.
  app.post('/_emulator/pages/:pageId/message_templates/:id', async (req, reply) => {
    const { pageId, id } = req.params as { pageId: string; id: string };
    const page = world.pages.get(pageId);
    const t = page?.templates.find((x) => x.id === id && !x.deleted);
    if (!page || !t) return bad(reply, 'Unknown page or template', 404);
    const b = z
      .object({
        status: z.enum(TEMPLATE_STATUSES),
        reason: z.string().min(1).nullable().optional(),
      })
      .safeParse(req.body ?? {});
    if (!b.success) return bad(reply, b.error.message);
    decide(world, page, t, b.data.status, b.data.reason ?? null);
    return { id: t.id, status: t.status, rejected_reason: t.rejectedReason };
  });

  // Any row of Meta's error table on demand: the page's next matching send(s) get exactly this error, in
  // Meta's words unless `message` is given (graph/meta-errors.ts). `psids` without `count`: every send to them.
  app.post('/_emulator/pages/:pageId/faults/graph-error', async (req, reply) => {
    const { pageId } = req.params as { pageId: string };
    if (!world.pages.has(pageId)) return bad(reply, 'Unknown page', 404);
    const b = graphErrorSchema.safeParse(req.body ?? {});
    if (!b.success) return bad(reply, b.error.message);
    const { psids, count, path, ...error } = b.data;
    const left = count ?? (psids ? Infinity : 1);
    armGraphError(world, pageId, { error, psids: psids ?? null, path: path ?? null, left });
    return { armed: Number.isFinite(left) ? left : null };
  });
  app.delete('/_emulator/pages/:pageId/faults/graph-error', async (req, reply) => {
    const { pageId } = req.params as { pageId: string };
    if (!world.pages.has(pageId)) return bad(reply, 'Unknown page', 404);
    clearGraphErrors(world, pageId);
    return { ok: true };
  });

  // Features Meta grants the app after App Review (Human Agent): what a test's app has been approved for.
  app.get('/_emulator/app/features', () => world.app.features);
  app.put('/_emulator/app/features', async (req, reply) => {
    const parsed = z
      .object({ humanAgent: z.boolean() })
      .partial()
      .strict()
      .safeParse(req.body ?? {});
    if (!parsed.success) return bad(reply, parsed.error.message);
    world.app.features = { ...world.app.features, ...parsed.data };
    world.touch();
    return world.app.features;
  });
  app.get('/_emulator/behaviour', () => world.behaviour);
  // What fault injection has done so far: error answers by code and held (hung) answers.
  app.get('/_emulator/faults', () => world.faults);
  app.put('/_emulator/behaviour', async (req, reply) => {
    const parsed = behaviourSchema.safeParse(req.body ?? {});
    if (!parsed.success) return bad(reply, parsed.error.message);
    const next: Behaviour = { ...world.behaviour };
    Object.assign(
      next,
      Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)),
    );
    world.behaviour = next;
    if (parsed.data.failNext !== undefined || parsed.data.failCodes !== undefined)
      resetFaultCycle();
    world.touch();
    return world.behaviour;
  });

  app.post('/_emulator/clock', async (req, reply) => {
    const offset = (req.body as { offsetMs?: unknown } | undefined)?.offsetMs;
    if (typeof offset !== 'number' || !Number.isFinite(offset))
      return bad(reply, 'offsetMs (number) is required');
    world.clockOffsetMs = offset;
    // Templates whose review time the jump passed are decided now, not at the old real-time deadline.
    world.onTemplatePending();
    return { offsetMs: offset, now: world.now() };
  });
  app.get('/_emulator/clock', () => ({ offsetMs: world.clockOffsetMs, now: world.now() }));

  app.post('/_emulator/tokens/:token/expire', async (req, reply) => {
    const { token } = req.params as { token: string };
    if (!world.tokens.expire(token)) return bad(reply, 'Unknown token', 404);
    return { ok: true };
  });
  app.post('/_emulator/tokens/:token/revoke', async (req, reply) => {
    const { token } = req.params as { token: string };
    const subcode = Number((req.body as { subcode?: unknown } | undefined)?.subcode ?? 467);
    if (![458, 459, 460, 464, 467].includes(subcode))
      return bad(reply, 'subcode must be one of 458, 459, 460, 464, 467');
    if (!world.tokens.invalidate(token, subcode)) return bad(reply, 'Unknown token', 404);
    return { ok: true };
  });

  app.post('/_emulator/users/:userId/remove-app', async (req, reply) => {
    const { userId } = req.params as { userId: string };
    const user = world.users.get(userId);
    if (!user) return bad(reply, 'Unknown user', 404);
    user.appInstalled = false;
    user.permissions = {};
    const revoked = world.tokens.invalidateUser(userId, 458);
    world.touch();
    const now = Math.floor(world.now() / 1000);
    const post = async (url: string | undefined, payload: Record<string, unknown>) => {
      if (!url) return null;
      const signed = signRequest(payload, world.app.secret);
      try {
        const res = await request(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ signed_request: signed }).toString(),
          headersTimeout: 10_000,
          bodyTimeout: 10_000,
        });
        const text = await res.body.text();
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          /* keep raw text */
        }
        return { status: res.statusCode, body, signed_request: signed };
      } catch (e) {
        return { status: null, error: (e as Error).message, signed_request: signed };
      }
    };
    const dataDeletion = await post(deps.callbacks.dataDeletionCallbackUrl, {
      user_id: userId,
      issued_at: now,
      expires: now + 3600,
    });
    const deauthorize = await post(deps.callbacks.deauthorizeCallbackUrl, {
      user_id: userId,
      issued_at: now,
    });
    return { ok: true, revokedTokens: revoked, dataDeletion, deauthorize };
  });

  app.get('/_emulator/webhooks/deliveries', () => ({ data: deps.webhooks.deliveries }));

  app.get('/_emulator/avatars/:file', async (req, reply) => {
    const { file } = req.params as { file: string };
    const id = file.replace(/\.svg$/, '');
    const page = world.psidIndex.get(id);
    const contact = page?.contacts.get(id);
    const name = contact
      ? `${contact.firstName} ${contact.lastName}`
      : (world.users.get(id)?.name ?? world.pages.get(id)?.name);
    if (!name) return bad(reply, 'Unknown avatar', 404);
    return reply
      .header('content-type', 'image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(avatarSvg(id, name));
  });
}

export function stateSummary(world: World, full: boolean) {
  const pages = [...world.pages.values()];
  return {
    app: { id: world.app.id, name: world.app.name, subscription: world.app.subscription },
    counts: {
      users: world.users.size,
      pages: pages.length,
      contacts: pages.reduce((n, p) => n + p.contacts.size, 0),
      tokens: world.tokens.byToken.size,
      outbox: pages.reduce((n, p) => n + p.outbox.length, 0),
    },
    users: [...world.users.values()].map((u) => ({
      id: u.id,
      name: u.name,
      email: u.email,
      appInstalled: u.appInstalled,
    })),
    pages: pages.map((p) => ({
      id: p.id,
      name: p.name,
      category: p.category,
      admins: [...p.roles.keys()],
      contacts: p.contacts.size,
      subscribedFields: p.subscribedApps.get(world.app.id) ?? [],
      outbox: p.outbox.length,
      templates: p.templates
        .filter((t) => !t.deleted)
        .map((t) => ({ id: t.id, name: t.name, language: t.language, status: t.status })),
      ...(full && p.contacts.size <= 5000 ? { contactList: pageView(p).contacts } : {}),
    })),
    behaviour: world.behaviour,
    clockOffsetMs: world.clockOffsetMs,
  };
}
