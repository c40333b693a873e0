// The wire shape of a Messenger delivery, read once: each entry's `messaging` and `standby` items and its
// Graph-style `changes` become a union of event kinds, one handler each (./handlers/). Lenient on purpose:
// Meta adds fields and kinds without notice, and a correctly signed delivery is always stored and applied,
// so an item this schema does not understand is skipped (and counted for the log), never the delivery.
// Standby items (handover protocol: another app such as Meta's Page Inbox controls the thread) are the
// page's conversations all the same: read exactly like `messaging` ones.
import { z } from 'zod';
import { wireAttachments, type WireAttachment } from '../inbox/index.js';
import type { MarketingValue, OptinItem } from '../marketing/index.js';
import { TEMPLATE_STATUS_FIELDS, type TemplateStatusChange } from '../templates/index.js';

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

/** An id Meta sends as a string (a number is read as its digits); anything else is no id. */
const id = z.union([z.string(), z.number()]).transform(String).optional().catch(undefined);
const party = z.object({ id }).partial().optional().catch(undefined);
const str = z.string().optional().catch(undefined);

/** What every messaging item carries: who, to whom, when. */
const common = {
  sender: party,
  recipient: party,
  timestamp: z.unknown(),
};

const message = z.object({
  ...common,
  message: z.object({
    mid: z.string().min(1),
    text: z.unknown(),
    is_echo: z.unknown(),
    /** An echo's `metadata`: the string the sender gave the Send API (a campaign names its recipient). */
    metadata: str,
    app_id: z.unknown(),
    attachments: wireAttachments,
    sticker_id: z.unknown(),
  }),
});
const postback = z.object({
  ...common,
  postback: z.object({ mid: str, title: z.string(), payload: z.unknown() }),
});
/** messaging_referrals: the contact opened the existing thread through an m.me link with a ref. */
const referral = z.object({ ...common, referral: z.object({}).passthrough() });
/** message_edits: the contact edited one of their messages. */
const edit = z.object({
  ...common,
  message_edit: z.object({ mid: z.string(), text: z.string() }),
});
/** Marketing messages: the contact answered the opt-in request (or stopped / resumed). */
const optinValue: z.ZodType<OptinItem, z.ZodTypeDef, unknown> = z.object({
  type: str,
  notification_messages_token: str,
  notification_messages_status: str,
  title: str,
});
const optin = z.object({ ...common, optin: optinValue });
/** message_reactions: the contact reacted to (or took back a reaction from) message `mid`. */
const reaction = z.object({
  ...common,
  reaction: z.object({
    mid: z.string().min(1),
    action: z.unknown(),
    emoji: z.unknown(),
    reaction: z.unknown(),
  }),
});
const watermark = z.unknown().transform(epochMs).pipe(z.number());
const delivery = z.object({
  ...common,
  delivery: z.object({
    watermark,
    mids: z
      .unknown()
      .transform((m) =>
        Array.isArray(m) ? m.filter((x): x is string => typeof x === 'string') : [],
      ),
  }),
});
/** A read receipt counts only without a delivery in the same item (the delivery is the receipt then). */
const read = z.object({ ...common, delivery: z.null().optional(), read: z.object({ watermark }) });

type Common = { psid: string; at: Date };
type Parties = { sender?: string; recipient?: string };

/** A message from the contact, or (echo) one the page sent, seen by Meta. */
export type MessageEvent = Common & {
  kind: 'message';
  echo: boolean;
  /** An echo's `app_id`: the app that sent the message (Meta's Page Inbox has one of its own). */
  appId: string | null;
  mid: string;
  /** The send's metadata, on an echo. */
  metadata?: string;
  text: unknown;
  attachments: WireAttachment[];
  stickerId: unknown;
};
export type PostbackEvent = Common & { kind: 'postback'; mid: string | undefined; title: string };
export type ReferralEvent = Common & { kind: 'referral' };
export type EditEvent = Common & { kind: 'edit'; mid: string; text: string };
export type OptinEvent = Common & { kind: 'optin'; optin: OptinItem };
export type ReactionEvent = Common & {
  kind: 'reaction';
  mid: string;
  action: unknown;
  emoji: unknown;
  name: unknown;
};
export type ReceiptEvent = Common & {
  kind: 'receipt';
  read: boolean;
  watermark: Date;
  mids: string[];
};
export type MessagingEvent =
  | MessageEvent
  | PostbackEvent
  | ReferralEvent
  | EditEvent
  | OptinEvent
  | ReactionEvent
  | ReceiptEvent;

/** A `changes` item: a utility template's status, or a marketing message's delivery, read or click. */
export type ChangeEvent =
  | { kind: 'template-status'; value: TemplateStatusChange; at: Date }
  | { kind: 'marketing'; field: string; value: MarketingValue };

/** Meta's verdict on a utility template (WhatsApp's shape, see templates/status-webhook.ts). */
const templateStatusValue: z.ZodType<TemplateStatusChange, z.ZodTypeDef, unknown> = z.object({
  event: str,
  message_template_id: z.union([z.string(), z.number()]).optional().catch(undefined),
  reason: z.string().nullish().catch(undefined),
});
const marketingValue: z.ZodType<MarketingValue, z.ZodTypeDef, unknown> = z.object({
  recipient_id: z.union([z.string(), z.number()]).nullish().catch(undefined),
  messenger_subscription_token: str,
  marketing_message_tracking_id: str,
  timestamp: z.union([z.number(), z.string()]).optional().catch(undefined),
});

/** Meta's field names of the marketing message webhooks. */
const MARKETING_FIELDS = new Set([
  'marketing_message_deliveries',
  'marketing_message_reads',
  'marketing_message_clicks',
]);

/**
 * One messaging item: tried kind by kind in this order (an item carrying two is the first), so a message
 * wins over a postback, a referral over an edit, and so on, as Meta's fields are documented apart.
 */
const messagingItem = z.union([message, postback, referral, edit, optin, reaction, delivery, read]);
type Item = z.infer<typeof messagingItem>;

/** One entry as read: its messaging items (who is the contact is decided with the page) and changes. */
export interface ParsedEntry {
  /** The page's id on Facebook. */
  pageId: string;
  messaging: Array<{ parties: Parties; item: Item }>;
  changes: ChangeEvent[];
}

export interface ParsedDelivery {
  entries: ParsedEntry[];
  /** Items not understood (a kind Pagecast does not handle, or a malformed one): skipped. */
  skipped: number;
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object';

/**
 * When Meta says a `changes` entry happened. Messenger's entries give `time` in milliseconds; Meta's
 * change webhooks elsewhere (Page feed, WhatsApp's template updates) in seconds, so a value below 10^11 is
 * read as seconds (a guess: Meta documents no unit for the template-status entry). Without one, now.
 */
function entryTime(time: unknown): Date {
  const n = typeof time === 'number' ? time : typeof time === 'string' ? Number(time) : NaN;
  if (!Number.isFinite(n) || n <= 0) return new Date();
  const at = new Date(n < 1e11 ? n * 1000 : n);
  return Number.isNaN(at.getTime()) ? new Date() : at;
}

/** Reads a stored delivery's payload; never throws. */
export function parseDelivery(payload: unknown): ParsedDelivery {
  const out: ParsedDelivery = { entries: [], skipped: 0 };
  for (const raw of isObject(payload) ? list(payload.entry) : []) {
    const pageId = isObject(raw) ? id.parse(raw.id) : undefined;
    if (!isObject(raw) || !pageId) {
      out.skipped++;
      continue;
    }
    const entry: ParsedEntry = { pageId, messaging: [], changes: [] };
    for (const m of [...list(raw.messaging), ...list(raw.standby)]) {
      const parsed = messagingItem.safeParse(m);
      if (!parsed.success) {
        // Not an object at all is Meta's noise; an object of an unknown kind is worth counting.
        if (isObject(m)) out.skipped++;
        continue;
      }
      entry.messaging.push({
        parties: { sender: parsed.data.sender?.id, recipient: parsed.data.recipient?.id },
        item: parsed.data,
      });
    }
    for (const c of list(raw.changes)) {
      const change = isObject(c) ? c : {};
      const { field, value } = change;
      if (!isObject(value)) continue;
      if (TEMPLATE_STATUS_FIELDS.has(field))
        entry.changes.push({
          kind: 'template-status',
          value: templateStatusValue.parse(value),
          at: entryTime(raw.time),
        });
      else if (typeof field === 'string' && MARKETING_FIELDS.has(field))
        entry.changes.push({ kind: 'marketing', field, value: marketingValue.parse(value) });
      else out.skipped++;
    }
    out.entries.push(entry);
  }
  return out;
}

/** The contact's PSID: the sender, except for the page's own echoes (then the recipient). */
export function contactPsid(item: Item, parties: Parties, fbPageId: string): string | undefined {
  const echo = 'message' in item && !!item.message.is_echo;
  if (echo || parties.sender === fbPageId) return parties.recipient;
  return parties.sender;
}

/** The item as its kind's event, for the contact `psid` (see contactPsid). */
export function toEvent(item: Item, psid: string): MessagingEvent {
  const at = new Date(epochMs(item.timestamp) ?? Date.now());
  if ('message' in item) {
    const m = item.message;
    return {
      kind: 'message',
      psid,
      at,
      echo: !!m.is_echo,
      appId: typeof m.app_id === 'number' || typeof m.app_id === 'string' ? String(m.app_id) : null,
      mid: m.mid,
      ...(m.is_echo && m.metadata !== undefined ? { metadata: m.metadata } : {}),
      text: m.text,
      attachments: m.attachments,
      stickerId: m.sticker_id,
    };
  }
  if ('postback' in item)
    return { kind: 'postback', psid, at, mid: item.postback.mid, title: item.postback.title };
  if ('referral' in item) return { kind: 'referral', psid, at };
  if ('message_edit' in item)
    return { kind: 'edit', psid, at, mid: item.message_edit.mid, text: item.message_edit.text };
  if ('optin' in item) return { kind: 'optin', psid, at, optin: item.optin };
  if ('reaction' in item) {
    const r = item.reaction;
    return {
      kind: 'reaction',
      psid,
      at,
      mid: r.mid,
      action: r.action,
      emoji: r.emoji,
      name: r.reaction,
    };
  }
  if ('delivery' in item && item.delivery)
    return {
      kind: 'receipt',
      psid,
      at,
      read: false,
      watermark: new Date(item.delivery.watermark),
      mids: item.delivery.mids,
    };
  return {
    kind: 'receipt',
    psid,
    at,
    read: true,
    watermark: new Date(item.read.watermark),
    mids: [],
  };
}

/** Kinds that name a contact who may be new: their profile is looked up before the transaction. */
export const NAMES_A_CONTACT: ReadonlySet<MessagingEvent['kind']> = new Set([
  'message',
  'postback',
  'referral',
]);
