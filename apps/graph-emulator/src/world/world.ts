// The emulated Facebook: its state (state.ts) and the acts of the people in it (a contact writes, reads,
// reacts, taps a button; the page sends). One world on purpose: every route and control call reads and
// changes the same one, and it is persisted whole (persist.ts).
import { Rng } from '../util/rng.js';
import { materialise, makeMid } from './history.js';
import type { Attachment, Contact, Message, OutboxEntry, Page, User } from './types.js';
import { WorldState } from './state.js';

export { WorldState, type ContactSpec, type WebhookField, type WorldEvent } from './state.js';

/** Meta's Page Inbox (Business Suite): the app id on echoes of replies a person sent there. */
export const PAGE_INBOX_APP_ID = '263902037430900';

/** The emulated network and what happens in it. */
export class World extends WorldState {
  /**
   * A network user writes to the page from Messenger: the first time, the page gets a contact (a new PSID)
   * with the user's name; then as `contactWrites`.
   */
  userWrites(page: Page, user: User, text: string): Contact {
    let contact = page.contactList.find((c) => c.userId === user.id);
    if (!contact) {
      const [added] = this.addContacts(page, {
        count: 1,
        rng: new Rng(`user:${page.id}:${user.id}`),
        messagesPerContact: 0,
        inWindowShare: 1,
        inboundAgoMs: null,
      });
      if (!added) throw new Error('no contact added');
      contact = added;
      contact.firstName = user.firstName;
      contact.lastName = user.lastName;
      contact.userId = user.id;
    }
    this.contactWrites(page, contact, text);
    return contact;
  }

  /**
   * The contact writes to the page (text, files, or a sticker): opens the 24-hour window and fires
   * `messages` with Meta's attachment shape (`{type, payload: {url, sticker_id}}`; a sticker is an image
   * with a `sticker_id`, also on the message).
   */
  contactWrites(
    page: Page,
    contact: Contact,
    text: string,
    attachments: Attachment[] = [],
  ): Message {
    const now = this.now();
    const msg = this.append(page, contact, true, text, now, attachments);
    contact.lastInboundAt = now;
    contact.unread++;
    const sticker = attachments.find((a) => a.type === 'sticker');
    this.emitMessaging(page, contact, 'contact', 'messages', now, {
      message: {
        mid: msg.mid,
        ...(text ? { text } : {}),
        ...(sticker?.stickerId ? { sticker_id: sticker.stickerId } : {}),
        ...(attachments.length
          ? {
              attachments: attachments.map((a) => ({
                type: a.type === 'sticker' ? 'image' : a.type,
                payload: { url: a.url, ...(a.stickerId ? { sticker_id: a.stickerId } : {}) },
                ...(a.name ? { title: a.name } : {}),
              })),
            }
          : {}),
      },
    });
    this.touch();
    return msg;
  }

  /**
   * The contact opens the thread: Meta's read watermark is the time of the newest page message they
   * have now seen (everything sent at or before it is read), not the time they read it.
   */
  contactReads(page: Page, contact: Contact): number {
    const now = this.now();
    const lastFromPage = [...materialise(page.id, contact)].reverse().find((m) => !m.fromContact);
    const watermark = lastFromPage?.time ?? now;
    this.emitMessaging(page, contact, 'contact', 'message_reads', now, {
      read: { watermark },
    });
    return watermark;
  }

  /**
   * The contact reacts to a message (or takes the reaction back, `emoji` null): `message_reactions`.
   * A reaction opens the 24-hour window, as a message does.
   */
  contactReacts(page: Page, contact: Contact, mid: string, emoji: string | null): boolean {
    const msg = materialise(page.id, contact).find((m) => m.mid === mid);
    if (!msg) return false;
    const now = this.now();
    const previous = msg.reaction;
    if (emoji) msg.reaction = emoji;
    else delete msg.reaction;
    if (emoji) contact.lastInboundAt = now;
    this.emitMessaging(page, contact, 'contact', 'message_reactions', now, {
      reaction: {
        mid,
        action: emoji ? 'react' : 'unreact',
        emoji: emoji ?? previous ?? '',
        reaction: emoji?.startsWith('\u2764') ? 'love' : 'other',
      },
    });
    this.touch();
    return true;
  }

  /**
   * A person answers from Meta's Page Inbox (Business Suite), not through this app: the message is in the
   * thread, and the app sees it only as an echo carrying the Page Inbox's app id.
   */
  pageInboxReplies(page: Page, contact: Contact, text: string): Message {
    const now = this.now();
    const msg = this.append(page, contact, false, text, now);
    contact.unread = 0;
    this.emitMessaging(page, contact, 'page', 'message_echoes', now, {
      message: { mid: msg.mid, is_echo: true, app_id: Number(PAGE_INBOX_APP_ID), text },
    });
    this.touch();
    return msg;
  }

  contactPostback(page: Page, contact: Contact, title: string, payload: string): string {
    const now = this.now();
    contact.lastInboundAt = now;
    const mid = makeMid(page.id, contact.psid, 1_000_000 + Math.floor(Math.random() * 1_000_000));
    this.emitMessaging(page, contact, 'contact', 'messaging_postbacks', now, {
      postback: { mid, title, payload },
    });
    this.touch();
    return mid;
  }

  /**
   * The contact opens the page's existing thread through an m.me link with a `ref`: `messaging_referrals`
   * (MP/webhooks/webhook-events/messaging_referrals, source SHORTLINK, type OPEN_THREAD). It opens the
   * 24-hour window (MP/send-messages, "User Actions that Open the Standard Messaging Window").
   */
  contactFollowsLink(page: Page, contact: Contact, ref: string): void {
    const now = this.now();
    contact.lastInboundAt = now;
    this.emitMessaging(page, contact, 'contact', 'messaging_referrals', now, {
      referral: { ref, source: 'SHORTLINK', type: 'OPEN_THREAD' },
    });
    this.touch();
  }

  /**
   * The contact edits one of their messages: `message_edits` with `message_edit {mid, text, num_edit}`
   * (MP/webhooks/webhook-events/message-edits). Messenger allows five edits (a client limit there).
   */
  contactEdits(page: Page, contact: Contact, mid: string, text: string): number | null {
    const msg = materialise(page.id, contact).find((m) => m.mid === mid && m.fromContact);
    if (!msg) return null;
    msg.text = text;
    msg.edits = (msg.edits ?? 0) + 1;
    this.emitMessaging(page, contact, 'contact', 'message_edits', this.now(), {
      message_edit: { mid, text, num_edit: msg.edits },
    });
    this.touch();
    return msg.edits;
  }

  /** A page message accepted by the Send API: outbox + conversation history + echo/delivery webhooks. */
  recordSend(
    page: Page,
    contact: Contact,
    text: string,
    messagingType: string,
    tag: string | null,
    now: number,
    template?: OutboxEntry['template'],
    /**
     * `silent`: no echo / delivery messaging webhooks (marketing messages have their own). `echo`: the echo's
     * message body instead of `{text}` (a template's echo carries it as a template attachment). `attachment`:
     * the media a send carried (audio and video are paced apart).
     */
    opts: {
      silent?: boolean;
      echo?: Record<string, unknown>;
      attachment?: OutboxEntry['attachment'];
      /** The sender's `message.metadata`: echoed back as Meta does. */
      metadata?: string;
      buttons?: OutboxEntry['buttons'];
    } = {},
  ): string {
    this.highVolume.note(page.id, now, this.behaviour);
    const msg = this.append(page, contact, false, text, now);
    contact.unread = 0;
    const entry: OutboxEntry = {
      mid: msg.mid,
      recipient: contact.psid,
      text,
      messaging_type: messagingType,
      tag,
      time: now,
      ...(template ? { template } : {}),
      ...(opts.attachment ? { attachment: opts.attachment } : {}),
      ...(opts.metadata !== undefined ? { metadata: opts.metadata } : {}),
      ...(opts.buttons ? { buttons: opts.buttons } : {}),
    };
    page.outbox.push(entry);
    if (!opts.silent && this.app.subscription && page.subscribedApps.has(this.app.id)) {
      this.emitMessaging(page, contact, 'page', 'message_echoes', now, {
        message: {
          mid: msg.mid,
          is_echo: true,
          app_id: Number(this.app.id),
          ...(opts.metadata !== undefined ? { metadata: opts.metadata } : {}),
          ...(opts.echo ?? { text }),
        },
      });
      // Meta's deliveries may omit `mids` (the watermark always covers the message): every other one
      // here does, so clients must handle both.
      const index = materialise(page.id, contact).length - 1;
      this.emitMessaging(page, contact, 'contact', 'message_deliveries', now, {
        delivery: { ...(index % 2 === 0 ? { mids: [msg.mid] } : {}), watermark: now },
      });
    }
    this.touch();
    return msg.mid;
  }
}
