// The control API's contacts: what a page's contacts do in Messenger (write, react, read, click, follow
// a link, edit), what the page's people do outside the app, and what the page sent.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Contact, Page } from '../world/types.js';
import { PAGE_INBOX_APP_ID } from '../world/world.js';
import { makeAttachment, MEDIA_URL_TTL_MS } from '../media/media.js';
import { bad, type ControlDeps } from './common.js';

export function registerContactControl(app: FastifyInstance, deps: ControlDeps): void {
  const { world } = deps;
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
}
