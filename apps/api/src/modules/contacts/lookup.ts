// The check every per-conversation route of the messaging role starts with: the page, 404 unless the admin
// manages it with that role, and its contact with the PSID, 404 unless the page has one.
import { assertPageAdmin, type PageRow } from '../../auth/guards.js';
import type { Sql } from '../../db/client.js';
import { NotFoundError } from '../../errors.js';
import { findContactId } from './repo.js';

export const CONTACT_NOT_FOUND = 'Contact not found';

export async function pageContact(
  db: Sql,
  adminId: string,
  fbPageId: string,
  psid: string,
): Promise<{ page: PageRow; contactId: string }> {
  const page = await assertPageAdmin(db, adminId, fbPageId, 'messaging');
  const contactId = await findContactId(db, page.id, psid);
  if (!contactId) throw new NotFoundError(CONTACT_NOT_FOUND);
  return { page, contactId };
}
