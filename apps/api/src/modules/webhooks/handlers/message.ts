// A message (from the contact, or the page's own echo) or a postback (a button the contact pressed, stored
// as a message with the button's title): the contact upserted, the message stored once, the inbox told.
import type { LiveEvent } from '@pagecast/contract';
import type { Sql } from '../../../db/client.js';
import {
  type IncomingMessage,
  recordMessage,
  templateText,
  webhookAttachments,
} from '../../inbox/index.js';
import { toMessage } from '../../inbox/index.js';
import { parseRecipientMetadata } from '../../campaigns/index.js';
import { recordOutboundEvent } from '../../outbound-webhooks/index.js';
import type { MessageEvent, PostbackEvent } from '../events.js';
import { contactEvent, type Handled, type Handler, type IngestPage } from './common.js';

export const handleMessage: Handler<MessageEvent> = (tx, page, e) => {
  const attachments = webhookAttachments(
    { attachments: e.attachments, sticker_id: e.stickerId },
    page.isMediaUrl,
  );
  const text =
    typeof e.text === 'string'
      ? e.text
      : // A template the page sent (its echo has no text): what the person saw.
        (templateText(e.attachments) ?? '');
  // Who sent a page message, from its echo. Meta's fact: an echo has `is_echo` and the `app_id` of the app
  // that sent it (Meta's Page Inbox / Business Suite has its own), and the Send API's `metadata` if any.
  // Our app's id means Pagecast sent it: the composer's replies are stored as a person's when the Send API
  // answers (inbox/service.ts), so here such an echo is not; campaigns and opt-in requests go out with
  // the same app id and never are. Any other echo is a person's (a guess: another app's bot would count as
  // a person too). Without an app id, the writer still refuses mids a campaign or opt-in request sent.
  const byPerson = e.echo && !(page.appId !== undefined && e.appId === page.appId);
  return store(tx, page, { ...e, kind: 'message', fromPage: e.echo, byPerson, text, attachments });
};

export const handlePostback: Handler<PostbackEvent> = (tx, page, e) =>
  store(tx, page, {
    kind: 'postback',
    psid: e.psid,
    at: e.at,
    mid: e.mid ?? `pb_${e.psid}_${e.at.getTime()}`,
    fromPage: false,
    byPerson: false,
    text: e.title,
    attachments: [],
  });

async function store(
  tx: Sql,
  page: IngestPage,
  m: IncomingMessage & { kind: 'message' | 'postback'; metadata?: string },
): Promise<Handled> {
  const { psid, at, mid, fromPage, text, attachments } = m;
  const { contactId, contactInserted, queue, stored, early } = await recordMessage(tx, page, m);
  if (stored) await recordMessageEvent(tx, page, contactId, m);
  if (queue)
    await recordOutboundEvent(tx, {
      pageUuid: page.id,
      type: 'conversation.updated',
      contactUuid: contactId,
      // The contact writing reopens it; a person's reply (from another inbox) resolves it.
      data: { change: queue, by: queue === 'reopened' ? 'contact' : 'admin' },
    });
  const direction = fromPage ? 'out' : 'in';
  const sentBy = fromPage ? page.fbPageId : psid;
  const live: LiveEvent[] = [];
  // A new contact, or a new message from one (its unread count and reply state changed).
  // A person's reply changes the queue too (Needs reply, maybe resolved).
  if (contactInserted || (stored && (!fromPage || m.byPerson)))
    live.push(await contactEvent(tx, page, psid));
  if (stored) {
    live.push({
      type: 'message',
      pageId: page.fbPageId,
      psid,
      message: toMessage({
        mid,
        direction,
        text,
        sentBy,
        createdAt: at,
        attachments,
        // A reaction or receipts that came before the message (inbox/messages-repo.ts#insertMessage).
        ...early,
      }),
    });
  }
  return {
    live,
    after: {
      kind: m.kind,
      pageId: page.fbPageId,
      psid,
      mid,
      at,
      fromPage,
      opensWindow: !fromPage,
      ...(fromPage && m.metadata !== undefined ? { metadata: m.metadata } : {}),
    },
  };
}

/**
 * The outbound webhook event of a message stored just now: message.received for the contact's, message.sent
 * for the page's. Pagecast's own inbox replies are left out here: the inbox records their event when it stores
 * them (their echo can come first), so each is sent once.
 */
async function recordMessageEvent(
  tx: Sql,
  page: IngestPage,
  contactId: string,
  m: IncomingMessage & { kind: 'message' | 'postback'; metadata?: string },
): Promise<void> {
  const message = {
    mid: m.mid,
    text: m.text === '' && m.attachments.length > 0 ? null : m.text,
    attachments: m.attachments,
    sentAt: m.at.toISOString(),
  };
  if (!m.fromPage) {
    await recordOutboundEvent(tx, {
      pageUuid: page.id,
      type: 'message.received',
      contactUuid: contactId,
      data: { message },
    });
    return;
  }
  const campaign = parseRecipientMetadata(m.metadata);
  // An echo of this app's send that no campaign made: an inbox reply or an opt-in request.
  if (!campaign && !m.byPerson) return;
  await recordOutboundEvent(tx, {
    pageUuid: page.id,
    type: 'message.sent',
    contactUuid: contactId,
    data: {
      message: {
        ...message,
        source: campaign ? 'campaign' : 'page',
        campaignId: campaign?.campaignId ?? null,
      },
    },
  });
}
