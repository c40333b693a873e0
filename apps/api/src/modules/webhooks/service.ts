// Processing of stored Messenger webhook deliveries (one webhook_events row = one signed POST, possibly
// several entries and events). A row is processed in one transaction that locks it, so two processors
// (the receiving process and the stale-event sweeper) never apply it together; live events go out on
// commit (NOTIFY), listeners run after it.
import type { LiveEvent, Recipient } from '@pagecast/contract';
import type { Logger } from 'pino';
import { inTransaction, type Sql } from '../../db/client.js';
import { retryOnConflict } from '../../db/conflicts.js';
import type { GraphClient } from '../../graph/index.js';
import type { TokenCipher } from '../../crypto/tokens.js';
import { publish } from '../../realtime/index.js';
import { previewOf, templateText, webhookAttachments } from '../inbox/attachments.js';
import { findRecipientFields } from '../inbox/repo.js';
import { toMessage, toRecipient, unknownContact } from '../inbox/mappers.js';
import { countUnread, upsertContact, type ContactUpsert } from '../contacts/repo.js';
import { applyOptin, marketingEvent, type OptinItem } from '../marketing/subscribers.js';
import { applyTemplateStatus, TEMPLATE_STATUS_FIELDS } from '../templates/status-webhook.js';
import { emitWebhookEvent, type WebhookEvent } from './listeners.js';
import * as repo from './repo.js';
import * as messages from '../inbox/messages-repo.js';

export interface IngestDeps {
  pool: Sql;
  graph?: GraphClient;
  tokens: TokenCipher;
  logger?: Pick<Logger, 'warn' | 'error'>;
}

interface MessagingItem {
  sender?: { id?: string };
  recipient?: { id?: string };
  /** Epoch ms; Meta's deliveries sometimes carry it as a string of digits. */
  timestamp?: number | string;
  message?: {
    mid?: string;
    text?: string;
    is_echo?: boolean;
    attachments?: unknown;
    sticker_id?: unknown;
  };
  /** message_reactions: the contact reacted to (or took back a reaction from) message `mid`. */
  reaction?: { mid?: string; action?: string; emoji?: string; reaction?: string };
  delivery?: { mids?: string[]; watermark?: number | string };
  read?: { watermark?: number | string };
  postback?: { mid?: string; title?: string; payload?: string };
  /** messaging_referrals: the contact opened the existing thread through an m.me link with a ref. */
  referral?: { ref?: string; source?: string; type?: string };
  /** message_edits: the contact edited one of their messages. */
  message_edit?: { mid?: string; text?: string; num_edit?: number | string };
  /** Marketing messages: the contact answered the opt-in request (or stopped / resumed). */
  optin?: OptinItem;
}

interface Entry {
  id?: string;
  time?: number;
  messaging?: MessagingItem[];
  /**
   * Handover protocol: the same events while another app (e.g. Meta's Page Inbox) controls the thread.
   * They are the page's conversations all the same: stored and counted like `messaging`.
   */
  standby?: MessagingItem[];
  /** Graph-style page changes (template status updates). */
  changes?: Array<{ field?: string; value?: unknown }>;
}

/** Processes one stored delivery; safe to call again (it is a no-op once processed). */
export async function processWebhookEvent(deps: IngestDeps, eventId: number): Promise<void> {
  // Profiles of new contacts are fetched before the transaction (no Graph call while holding locks).
  const row = await repo.peekEvent(deps.pool, eventId);
  if (!row || row.processed) return;
  const profiles = await fetchNewProfiles(deps, (row.payload as { entry?: Entry[] }).entry ?? []);

  let emitted: WebhookEvent[] | null;
  try {
    // Deliveries touching the same contacts in another order can deadlock: the loser is run again.
    emitted = await retryOnConflict(() =>
      inTransaction(deps.pool, async (db) => {
        const locked = await repo.lockUnprocessed(db, eventId);
        if (!locked) return null; // processed meanwhile, or another process has it now
        const out: WebhookEvent[] = [];
        const payload = locked.payload as { entry?: Entry[] };
        for (const entry of payload.entry ?? []) {
          if (!entry.id) continue;
          const page = await repo.findPage(db, entry.id);
          if (!page) continue; // a page nobody connected (any more): nothing to keep
          for (const item of messagingOf(entry)) {
            const e = await applyItem(db, page, item, profiles);
            if (e) out.push(e);
          }
          for (const change of entry.changes ?? []) {
            if (!change?.value || typeof change.value !== 'object') continue;
            if (TEMPLATE_STATUS_FIELDS.has(change.field))
              await applyTemplateStatus(db, page.id, change.value);
            const marketing = await marketingEvent(db, page, change.field, change.value);
            if (marketing) out.push(marketing);
          }
        }
        return out;
      }),
    );
  } catch (err) {
    deps.logger?.error({ err, eventId }, 'webhook event processing failed');
    await repo.markProcessed(deps.pool, eventId, (err as Error).message ?? String(err));
    return;
  }
  if (!emitted) return;
  // The event counts as processed only once every listener (campaign counters...) has applied it: a crash or
  // a database outage in between leaves it unprocessed, and the ingest sweeper replays it (listeners are
  // idempotent), so no counter update is lost after the messages were stored.
  let listenerError: unknown;
  for (const e of emitted) {
    await emitWebhookEvent(e, (err) => {
      listenerError ??= err;
      deps.logger?.error({ err, eventId }, 'webhook listener failed');
    });
  }
  await repo.markProcessed(
    deps.pool,
    eventId,
    listenerError === undefined
      ? null
      : `listener failed: ${String((listenerError as Error).message ?? listenerError)}`,
  );
}

async function fetchNewProfiles(
  deps: IngestDeps,
  entries: Entry[],
): Promise<Map<string, ContactUpsert>> {
  const profiles = new Map<string, ContactUpsert>();
  if (!deps.graph) return profiles;
  for (const entry of entries) {
    if (!entry.id) continue;
    const people = new Set<string>();
    for (const item of messagingOf(entry)) {
      const psid = contactPsid(item, entry.id);
      if (psid && (item.message || item.postback || item.referral)) people.add(psid);
    }
    if (people.size === 0) continue;
    const page = await repo.findPage(deps.pool, entry.id);
    if (!page?.pageTokenEnc) continue;
    let token: string;
    try {
      token = deps.tokens.decrypt(page.pageTokenEnc);
    } catch {
      continue;
    }
    for (const psid of people) {
      if (await repo.contactExists(deps.pool, page.id, psid)) continue;
      try {
        const p = await deps.graph.getProfile(psid, token);
        profiles.set(`${entry.id}:${psid}`, {
          psid,
          name: p.name ?? ([p.first_name, p.last_name].filter(Boolean).join(' ') || null),
          firstName: p.first_name ?? null,
          lastName: p.last_name ?? null,
          profilePic: p.profile_pic ?? null,
        });
      } catch (err) {
        // No profile (e.g. 2018218) or a bad token: the contact is still created, named later by a sync.
        deps.logger?.warn({ err, psid }, 'profile lookup for a new contact failed');
      }
    }
  }
  return profiles;
}

/** The entry's messaging events, standby ones included (arrays only: anything else is ignored). */
function messagingOf(entry: Entry): MessagingItem[] {
  const list = (v: unknown) => (Array.isArray(v) ? (v as MessagingItem[]) : []);
  return [...list(entry.messaging), ...list(entry.standby)].filter(
    (i) => i !== null && typeof i === 'object',
  );
}

/** The contact's PSID: the sender, except for the page's own echoes (then the recipient). */
function contactPsid(item: MessagingItem, fbPageId: string): string | undefined {
  const sender = item.sender?.id;
  const recipient = item.recipient?.id;
  if (item.message?.is_echo || sender === fbPageId) return recipient;
  return sender;
}

/** Until 2100: anything later is not a time Meta sent (and would not fit a timestamptz sensibly). */
const MAX_EPOCH_MS = Date.UTC(2100, 0, 1);

/**
 * A time in epoch milliseconds as Meta sends it: a number, or the same digits as a string (some
 * deliveries carry `"timestamp": "1700000000000"`). Null for anything else.
 */
export function epochMs(v: unknown): number | null {
  const n =
    typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,16}$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n > 0 && n < MAX_EPOCH_MS ? n : null;
}

async function applyItem(
  db: Sql,
  page: repo.PageRef,
  item: MessagingItem,
  profiles: Map<string, ContactUpsert>,
): Promise<WebhookEvent | null> {
  const psid = contactPsid(item, page.fbPageId);
  if (!psid) return null;
  const at = new Date(epochMs(item.timestamp) ?? Date.now());

  if (item.message?.mid || (item.postback && item.postback.title !== undefined)) {
    const isPostback = !item.message;
    const fromPage = !!item.message?.is_echo;
    const mid = item.message?.mid ?? item.postback?.mid ?? `pb_${psid}_${at.getTime()}`;
    const attachments = item.message ? webhookAttachments(item.message) : [];
    const text = item.message
      ? typeof item.message.text === 'string'
        ? item.message.text
        : // A template the page sent (its echo has no text): what the person saw.
          (templateText(item.message.attachments) ?? '')
      : (item.postback?.title ?? '');
    const contact = await upsertContact(db, page.id, {
      ...profiles.get(`${page.fbPageId}:${psid}`),
      psid,
      lastMessageAt: at,
      lastMessagePreview: previewOf(text, attachments),
      // A message or a postback from the contact (re)opens the 24-hour window; an echo does not.
      lastInboundAt: fromPage ? null : at,
    });
    const stored = await messages.insertMessage(db, {
      pageUuid: page.id,
      contactId: contact.id,
      mid,
      direction: fromPage ? 'out' : 'in',
      text,
      sentBy: fromPage ? page.fbPageId : psid,
      at,
      attachments,
    });
    if (stored && !fromPage) await countUnread(db, contact.id);
    // A new contact, or a new message from one (its unread count and reply state changed).
    if (contact.inserted || (stored && !fromPage)) {
      await publish(db, page.fbPageId, {
        type: 'contact',
        pageId: page.fbPageId,
        recipient: await recipientOf(db, page.id, psid),
      });
    }
    if (stored) {
      await publish(db, page.fbPageId, {
        type: 'message',
        pageId: page.fbPageId,
        contactId: psid,
        message: toMessage({
          mid,
          direction: fromPage ? 'out' : 'in',
          text,
          sentBy: fromPage ? page.fbPageId : psid,
          createdAt: at,
          deliveredAt: null,
          readAt: null,
          attachments,
        }),
      } satisfies LiveEvent);
    }
    return {
      kind: isPostback ? 'postback' : 'message',
      pageId: page.fbPageId,
      psid,
      mid,
      at,
      fromPage,
      opensWindow: !fromPage,
    };
  }

  if (item.referral && typeof item.referral === 'object') {
    // An m.me link into the existing thread (re)opens the 24-hour window (MP/send-messages); no message.
    const contact = await upsertContact(db, page.id, {
      ...profiles.get(`${page.fbPageId}:${psid}`),
      psid,
      lastInboundAt: at,
    });
    if (contact.inserted)
      await publish(db, page.fbPageId, {
        type: 'contact',
        pageId: page.fbPageId,
        recipient: await recipientOf(db, page.id, psid),
      });
    return { kind: 'referral', pageId: page.fbPageId, psid, at, opensWindow: true };
  }

  const edit = item.message_edit;
  if (edit && typeof edit.mid === 'string' && typeof edit.text === 'string') {
    // The contact's new text replaces the stored one; an edit opens no window (Meta lists it nowhere).
    const edited = await messages.editMessage(db, {
      pageUuid: page.id,
      psid,
      mid: edit.mid,
      text: edit.text,
    });
    if (edited)
      await publish(db, page.fbPageId, {
        type: 'edit',
        pageId: page.fbPageId,
        contactId: psid,
        messageId: edit.mid,
        text: edit.text,
      });
    return null;
  }

  if (item.optin) {
    await applyOptin(db, page.id, psid, item.optin, at);
    return null;
  }

  if (item.reaction?.mid && typeof item.reaction.mid === 'string') {
    const react = item.reaction.action !== 'unreact';
    const emoji = react ? reactionEmoji(item.reaction) : null;
    // A reaction (re)opens the 24-hour window, as a message does; taking one back does not.
    if (react) await upsertContact(db, page.id, { psid, lastInboundAt: at });
    const shown = await messages.setReaction(db, {
      pageUuid: page.id,
      psid,
      mid: item.reaction.mid,
      reaction: emoji,
    });
    if (shown) {
      await publish(db, page.fbPageId, {
        type: 'reaction',
        pageId: page.fbPageId,
        contactId: psid,
        messageId: item.reaction.mid,
        reaction: emoji,
      });
    }
    return react
      ? {
          kind: 'reaction',
          pageId: page.fbPageId,
          psid,
          mid: item.reaction.mid,
          at,
          opensWindow: true,
        }
      : null;
  }

  const receipt = item.delivery ?? item.read;
  const watermarkMs = epochMs(receipt?.watermark);
  if (receipt && watermarkMs !== null) {
    const read = !item.delivery;
    const watermark = new Date(watermarkMs);
    const mids = Array.isArray(item.delivery?.mids)
      ? item.delivery.mids.filter((m): m is string => typeof m === 'string')
      : [];
    const newest = await messages.applyReceipt(db, {
      pageUuid: page.id,
      psid,
      watermark,
      mids,
      read,
    });
    if (newest) {
      // The inbox compares with the times it shows (stored ones), not with Meta's watermark.
      await publish(db, page.fbPageId, {
        type: read ? 'read' : 'delivery',
        pageId: page.fbPageId,
        contactId: psid,
        watermark: newest.toISOString(),
      });
    }
    return { kind: read ? 'read' : 'delivery', pageId: page.fbPageId, psid, mids, watermark, at };
  }
  return null;
}

/** Meta sends the emoji itself; older payloads only the name ('love', 'like'...). */
function reactionEmoji(r: NonNullable<MessagingItem['reaction']>): string {
  if (typeof r.emoji === 'string' && r.emoji) return r.emoji.slice(0, 16);
  const named: Record<string, string> = {
    love: '\u2764\ufe0f',
    like: '\u{1F44D}',
    smile: '\u{1F606}',
    wow: '\u{1F62E}',
    sad: '\u{1F622}',
    angry: '\u{1F620}',
  };
  return named[String(r.reaction)] ?? '\u{1F44D}';
}

/** The contact as the inbox lists it (read in the ingest transaction, which may have just created it). */
async function recipientOf(db: Sql, pageUuid: string, psid: string): Promise<Recipient> {
  const fields = await findRecipientFields(db, pageUuid, psid);
  return toRecipient(fields ?? unknownContact(psid));
}
