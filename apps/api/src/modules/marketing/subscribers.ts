// Where subscribers come from: Meta's token list (read at the end of each page sync, so subscribers gained
// outside Pagecast, e.g. through click-to-Messenger ads, show up) and the `messaging_optins` webhook of a
// contact answering the opt-in request (or stopping / resuming from it).
import type { Sql } from '../../db/client.js';
import type { WebhookEvent } from '../shared/after-commit.js';
import { marketingGraph, type GraphClient } from '../../graph/index.js';
import { upsertContact } from '../contacts/index.js';
import * as repo from './repo.js';

/** Reads the page's subscription tokens and records those of known contacts. Returns how many changed. */
export async function syncPageSubscribers(
  db: Sql,
  graph: GraphClient,
  pageUuid: string,
  fbPageId: string,
  pageToken: string,
): Promise<number> {
  const tokens = await marketingGraph.listSubscriptionTokens(graph, fbPageId, pageToken);
  return repo.importSubscriptions(
    db,
    pageUuid,
    tokens
      // Tokens from a Custom Audience carry no PSID: they belong to nobody in the inbox.
      .filter((t) => t.recipient_id && t.notification_messages_token)
      .map((t) => ({
        psid: t.recipient_id as string,
        token: t.notification_messages_token,
        title: t.topic_title ?? null,
        at: epochDate(t.creation_timestamp),
      })),
  );
}

/** Meta's examples give seconds; some answers give milliseconds. */
function epochDate(v: number | undefined): Date {
  if (!v) return new Date();
  return new Date(v < 1e12 ? v * 1000 : v);
}

/** The `optin` object of a `messaging_optins` webhook item. */
export interface OptinItem {
  type?: string;
  notification_messages_token?: string;
  notification_messages_status?: string;
  title?: string;
}

/**
 * A contact answered the opt-in request, or stopped / resumed from it. The status is spelt with a space or an
 * underscore depending on the source: both are accepted. Returns true when a subscription was written.
 */
export async function applyOptin(
  db: Sql,
  pageUuid: string,
  psid: string,
  optin: OptinItem,
  at: Date,
): Promise<boolean> {
  if (optin.type !== 'notification_messages' || !optin.notification_messages_token) return false;
  const status = /^STOP[ _]NOTIFICATIONS$/i.test(optin.notification_messages_status ?? '')
    ? 'stopped'
    : 'subscribed';
  const contact = await upsertContact(db, pageUuid, { psid });
  await repo.upsertSubscription(db, {
    pageUuid,
    contactId: contact.id,
    token: optin.notification_messages_token,
    status,
    title: optin.title ?? null,
    at,
  });
  return true;
}

/** The value of a `marketing_message_*` webhook change, as read by the webhook schema (webhooks/events.ts). */
export interface MarketingValue {
  /** Meta prints it as a JSON number, which loses digits past 2^53. */
  recipient_id?: string | number | null;
  messenger_subscription_token?: string;
  marketing_message_tracking_id?: string;
  timestamp?: number | string;
}

/** What each marketing-message webhook field means for the campaign counters. */
const MARKETING_FIELDS: Record<string, WebhookEvent['kind']> = {
  marketing_message_deliveries: 'delivery',
  marketing_message_reads: 'read',
  // A click on the message's button is the subscriber acting on it.
  marketing_message_clicks: 'postback',
};

/**
 * A `marketing_message_*` webhook value as the event the campaign counters already apply: keyed by the
 * subscriber's PSID and the send's tracking id (stored as the row's message id), with the event's time as the
 * watermark, so a delivery that arrives before the send's outcome is written is kept (the per-contact mark).
 * The PSID comes from the subscription token when it is ours (Meta prints `recipient_id` as a JSON number,
 * which loses digits past 2^53), else from `recipient_id`. Values with neither (Custom Audience subscribers)
 * cannot be joined to a contact: ignored.
 */
export async function marketingEvent(
  db: Sql,
  page: { id: string; fbPageId: string },
  field: string | undefined,
  v: MarketingValue,
): Promise<WebhookEvent | null> {
  const kind = field ? MARKETING_FIELDS[field] : undefined;
  if (!kind) return null;
  const byToken = v.messenger_subscription_token
    ? await repo.psidOfToken(db, page.id, v.messenger_subscription_token)
    : null;
  const psid =
    byToken ??
    (v.recipient_id === null || v.recipient_id === undefined || v.recipient_id === ''
      ? null
      : String(v.recipient_id));
  if (!psid) return null;
  const at = epochDate(Number(v.timestamp) || undefined);
  return {
    kind,
    pageId: page.fbPageId,
    psid,
    mids: v.marketing_message_tracking_id ? [v.marketing_message_tracking_id] : [],
    watermark: kind === 'postback' ? null : at,
    at,
  };
}
