// What every ingest handler is: (tx, page, event) -> the live events to publish in the transaction (they
// go out on commit) and the event for the after-commit consumers (campaign counters, deliver on return).
import type { LiveEvent } from '@pagecast/contract';
import type { Sql } from '../../../db/client.js';
import type { ContactUpsert } from '../../contacts/index.js';
import { findRecipientFields, type MediaUrlPolicy } from '../../inbox/index.js';
import { toRecipient, unknownContact } from '../../inbox/index.js';
import type { WebhookEvent } from '../../shared/after-commit.js';
import type { PageRef } from '../repo.js';

/** The connected page an entry is for, with the profiles of its new contacts fetched before the transaction. */
export interface IngestPage extends PageRef {
  /** This app's id, when the caller knows it. */
  appId?: string | undefined;
  profileOf: (psid: string) => ContactUpsert | undefined;
  /** Which file URLs are stored as links (modules/inbox/attachments.ts). */
  isMediaUrl?: MediaUrlPolicy;
}

export interface Handled {
  live: LiveEvent[];
  after?: WebhookEvent;
}

export type Handler<E> = (tx: Sql, page: IngestPage, event: E) => Promise<Handled>;

/** The contact as the inbox lists it (read in the ingest transaction, which may have just created it). */
export async function contactEvent(tx: Sql, page: PageRef, psid: string): Promise<LiveEvent> {
  const fields = await findRecipientFields(tx, page.id, psid);
  return {
    type: 'contact',
    pageId: page.fbPageId,
    recipient: toRecipient(fields ?? unknownContact(psid)),
  };
}
