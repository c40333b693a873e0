// Control API of the marketing twin (not Facebook's): make a contact answer the opt-in request (or stop /
// resume), give a user an ad account, list a page's subscriptions (and its contacts with their window and
// subscription), and have a subscriber read or click a marketing message (its webhook).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { marketingActivity, setOptin } from '../marketing/marketing.js';
import type { World } from '../world/world.js';

export function registerMarketingControl(app: FastifyInstance, world: World): void {
  app.post('/_emulator/pages/:pageId/contacts/:psid/optin', async (req, reply) => {
    const { pageId, psid } = req.params as { pageId: string; psid: string };
    const page = world.pages.get(pageId);
    const contact = page?.contacts.get(psid);
    if (!page || !contact) return reply.code(404).send({ message: 'Unknown page or contact' });
    const b = z
      .object({
        action: z.enum(['subscribe', 'stop', 'resume']).default('subscribe'),
        title: z.string().min(1).max(65).default('Updates and promotions'),
        /** false: a stop from the marketing message's own link, of which Meta sends no webhook. */
        notify: z.boolean().default(true),
      })
      .safeParse(req.body ?? {});
    if (!b.success) return reply.code(400).send({ message: b.error.message });
    const sub = setOptin(world, page, contact, b.data.action, b.data.title, b.data.notify);
    return { token: sub.token, title: sub.title, stopped: sub.stopped };
  });

  app.get('/_emulator/pages/:pageId/subscriptions', async (req, reply) => {
    const { pageId } = req.params as { pageId: string };
    if (!world.pages.has(pageId)) return reply.code(404).send({ message: 'Unknown page' });
    return { data: [...world.marketing.subscriptionsOf(pageId).values()] };
  });

  /** Every contact with when they last wrote and their subscription: who each send path reaches. */
  app.get('/_emulator/pages/:pageId/audience', async (req, reply) => {
    const { pageId } = req.params as { pageId: string };
    const page = world.pages.get(pageId);
    if (!page) return reply.code(404).send({ message: 'Unknown page' });
    const subs = world.marketing.subscriptionsOf(pageId);
    return {
      data: page.contactList.map((c) => ({
        psid: c.psid,
        name: `${c.firstName} ${c.lastName}`,
        lastInboundAt: c.lastInboundAt,
        subscription: subs.get(c.psid)
          ? subs.get(c.psid)?.stopped
            ? 'stopped'
            : 'subscribed'
          : null,
      })),
    };
  });

  app.post('/_emulator/ad-accounts', async (req, reply) => {
    const b = z
      .object({
        userId: z.string(),
        name: z.string().min(1).default('Test Ads'),
        currency: z.string().length(3).default('USD'),
      })
      .safeParse(req.body ?? {});
    if (!b.success) return reply.code(400).send({ message: b.error.message });
    if (!world.users.has(b.data.userId)) return reply.code(404).send({ message: 'Unknown userId' });
    const id = `act_${7_000_000_000 + world.marketing.adAccounts.size + 1}`;
    world.marketing.adAccounts.set(id, {
      id,
      name: b.data.name,
      currency: b.data.currency,
      userIds: [b.data.userId],
    });
    world.touch();
    return { id };
  });

  // A business system user (Meta's Flow 1 of marketing messages onboarding): a token of type SYSTEM_USER
  // with the given permissions, assigned to the pages and ad accounts named.
  app.post('/_emulator/system-users', async (req, reply) => {
    const b = z
      .object({
        name: z.string().min(1).default('Pagecast System User'),
        scopes: z.array(z.string()).default(['paid_marketing_messages']),
        pageIds: z.array(z.string()).default([]),
        adAccountIds: z.array(z.string()).default([]),
      })
      .safeParse(req.body ?? {});
    if (!b.success) return reply.code(400).send({ message: b.error.message });
    const user = world.createUser({ name: b.data.name, installed: true, scopes: b.data.scopes });
    user.isSystemUser = true;
    for (const id of b.data.pageIds) {
      const page = world.pages.get(id);
      if (page) world.addRole(page, user.id);
    }
    for (const id of b.data.adAccountIds) world.marketing.adAccounts.get(id)?.userIds.push(user.id);
    const rec = world.tokens.issue({
      type: 'SYSTEM_USER',
      userId: user.id,
      appId: world.app.id,
      scopes: world.grantedScopes(user),
      longLived: true,
      expiresInSeconds: 0,
    });
    world.touch();
    return { id: user.id, access_token: rec.token };
  });

  app.post('/_emulator/marketing/:trackingId/:what', async (req, reply) => {
    const { trackingId, what } = req.params as { trackingId: string; what: string };
    if (what !== 'read' && what !== 'click')
      return reply.code(404).send({ message: 'read or click' });
    if (!marketingActivity(world, trackingId, what))
      return reply.code(404).send({ message: 'Unknown tracking id' });
    return { ok: true };
  });
}
