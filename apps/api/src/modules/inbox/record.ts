// The webhook ingest's one call for a message or a postback: the contact upserted (contacts), the message
// stored once (messages-repo.ts, with what came before it: a held reaction, receipts), and the contact's
// unread count and queue moved (contacts), in the caller's transaction. The order is the lock order the
// store of messages takes too: the contact row first, then the mid.
import type { MessageAttachment } from '@pagecast/contract';
import type { Sql } from '../../db/client.js';
import {
  countUnread,
  queueOnMessage,
  upsertContact,
  type ContactUpsert,
} from '../contacts/index.js';
import { previewOf } from './attachments.js';
import { insertMessage, type EarlyEvents } from './messages-repo.js';

/** The page a message is recorded for, with the profiles the ingest fetched before its transaction. */
export interface RecordPage {
  id: string;
  fbPageId: string;
  profileOf: (psid: string) => ContactUpsert | undefined;
}

export interface IncomingMessage {
  psid: string;
  at: Date;
  mid: string;
  /** The page's own message (its echo). */
  fromPage: boolean;
  /** For a page message: a person may have sent it (the caller's judgement of the echo). */
  byPerson: boolean;
  text: string;
  attachments: MessageAttachment[];
}

export interface RecordedMessage {
  /** The contact's row id. */
  contactId: string;
  /** This call created the contact. */
  contactInserted: boolean;
  /** How the message moved the conversation (reopened by the contact, resolved by a person's reply). */
  queue: 'reopened' | 'resolved' | null;
  /** This call stored the message (false: its mid was stored before). */
  stored: boolean;
  /** What the message took of the events that came before it. */
  early: EarlyEvents;
}

export async function recordMessage(
  tx: Sql,
  page: RecordPage,
  m: IncomingMessage,
): Promise<RecordedMessage> {
  const { psid, at, mid, fromPage, text, attachments } = m;
  const contact = await upsertContact(tx, page.id, {
    ...page.profileOf(psid),
    psid,
    lastMessageAt: at,
    lastMessagePreview: previewOf(text, attachments),
    // A message or a postback from the contact (re)opens the 24-hour window; an echo does not.
    lastInboundAt: fromPage ? null : at,
  });
  const direction = fromPage ? 'out' : 'in';
  const { inserted: stored, ...early } = await insertMessage(tx, {
    pageUuid: page.id,
    contactId: contact.id,
    mid,
    direction,
    text,
    sentBy: fromPage ? page.fbPageId : psid,
    at,
    attachments,
  });
  const queue = await queueOnMessage(tx, {
    pageUuid: page.id,
    contactId: contact.id,
    mid,
    direction,
    at,
    byPerson: m.byPerson,
  });
  if (stored && !fromPage) await countUnread(tx, contact.id);
  return { contactId: contact.id, contactInserted: contact.inserted, queue, stored, early };
}
