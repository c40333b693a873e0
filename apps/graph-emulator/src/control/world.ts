// The control API's world: reset and seed it, read its state, add users, tokens, pages and contacts, and
// what a user or Facebook does to them (a page deleted, a token expired or revoked, the app removed).
import type { FastifyInstance } from 'fastify';
import { request } from 'undici';
import { z } from 'zod';
import { Rng } from '../util/rng.js';
import { signRequest } from '../webhooks/signing.js';
import { seedWorld } from '../world/seed.js';
import {
  ALL_TASKS,
  DEFAULT_BEHAVIOUR,
  DEFAULT_SCOPES,
  type Page,
  type PageTask,
} from '../world/types.js';
import type { World } from '../world/world.js';
import { clearGraphErrors, resetFaultCycle } from '../send/faults.js';
import { avatarSvg } from './avatars.js';
import { bad, type ControlDeps } from './common.js';

const seedSchema = z.object({
  seed: z.union([z.string(), z.number()]).default('demo'),
  users: z.number().int().min(0).max(1000).optional(),
  pagesPerUser: z.number().int().min(0).max(100).optional(),
  contactsPerPage: z.number().int().min(0).max(1_000_000).optional(),
  messagesPerContact: z.number().int().min(0).max(200).optional(),
  inWindowShare: z.number().min(0).max(1).optional(),
});

function pageView(page: Page, token?: string) {
  return {
    id: page.id,
    name: page.name,
    category: page.category,
    ...(token ? { access_token: token } : {}),
    contacts: page.contactList.map((c) => ({ psid: c.psid, name: `${c.firstName} ${c.lastName}` })),
  };
}

export function registerWorldControl(app: FastifyInstance, deps: ControlDeps): void {
  const { world } = deps;

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
  // A user's role on the page changed on Facebook: `tasks` [] removes them from the page.
  app.put('/_emulator/pages/:pageId/roles/:userId', async (req, reply) => {
    const { pageId, userId } = req.params as { pageId: string; userId: string };
    const page = world.pages.get(pageId);
    if (!page) return bad(reply, 'Unknown page', 404);
    if (!world.users.has(userId)) return bad(reply, 'Unknown user', 404);
    const b = z
      .object({ tasks: z.array(z.enum(ALL_TASKS as unknown as [PageTask, ...PageTask[]])) })
      .safeParse(req.body ?? {});
    if (!b.success) return bad(reply, b.error.message);
    if (b.data.tasks.length === 0) page.roles.delete(userId);
    else world.addRole(page, userId, b.data.tasks);
    world.touch();
    return { ok: true, admins: [...page.roles.keys()] };
  });
  // The page deleted on Facebook (benchmarks also use it to keep a long-running emulator's heap small).
  app.delete('/_emulator/pages/:pageId', async (req, reply) => {
    const { pageId } = req.params as { pageId: string };
    const page = world.pages.get(pageId);
    if (!page) return bad(reply, 'Unknown page', 404);
    world.deletePage(page);
    return { ok: true };
  });

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
