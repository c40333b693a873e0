// The lookup every per-conversation call of the inbox starts with, and its live announcement: the page
// (404 unless the admin manages it with the messaging role) and its contact (404 unless the page has it).
import type { LiveEvent, Recipient } from '@pagecast/contract';
import { pageAccessError, type PageRow } from '../../auth/guards.js';
import type { Sql } from '../../db/client.js';
import { NotFoundError } from '../../errors.js';
import { toRecipient } from './mappers.js';
import * as repo from './repo.js';

export type Publish = (pageFbId: string, event: LiveEvent) => Promise<void>;

export function conversations(db: Sql, publish: Publish) {
  /** The page (404 unless the admin manages it) and the contact (404 unless the page has it). */
  async function pageAndContact(
    adminId: string,
    pageId: string,
    psid: string,
    withTags: boolean,
  ): Promise<{ page: PageRow; contact: repo.ContactRow | null; tags: repo.TagRow[] }> {
    const found = await repo.findAdminPageContact(db, adminId, pageId, psid, { withTags });
    if (!found) throw await pageAccessError(db, adminId, pageId, 'messaging');
    return found;
  }

  function requireContact(contact: repo.ContactRow | null): repo.ContactRow {
    if (!contact) throw new NotFoundError('Contact not found');
    return contact;
  }

  /** The contact as listed now, published to every open inbox of the page (a 'contact' event). */
  async function announce(adminId: string, pageId: string, psid: string): Promise<Recipient> {
    const contact = requireContact((await pageAndContact(adminId, pageId, psid, false)).contact);
    const recipient = toRecipient(contact);
    await publish(pageId, { type: 'contact', pageId, recipient }).catch(() => undefined);
    return recipient;
  }

  /** Why a queue write changed no row: not the admin's page (404/403), else no such contact (404). */
  async function missing(adminId: string, pageId: string, psid: string): Promise<never> {
    requireContact((await pageAndContact(adminId, pageId, psid, false)).contact);
    throw new NotFoundError('Contact not found');
  }

  return { pageAndContact, requireContact, announce, missing };
}
