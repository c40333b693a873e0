// Rows for the tags / user-tags tests: admins managing pages with contacts, inserted directly.
import { randomInt } from 'node:crypto';
import { admins, contacts, pageAdmins, pages } from '../../src/db/schema/index.js';
import type { TestApp } from './app.js';

const digits = (n: number) =>
  Array.from({ length: n }, (_, i) => (i === 0 ? randomInt(1, 10) : randomInt(0, 10))).join('');

/** The i-th element, or a failed test (instead of a non-null assertion). */
export function at<T>(items: readonly T[], i: number): T {
  const item = items[i];
  if (item === undefined) throw new Error(`expected an element at ${i}`);
  return item;
}

export interface SeededAdmin {
  adminId: string;
  userId: string;
  headers: { authorization: string };
}

export async function seedAdmin(t: TestApp, name = 'Admin'): Promise<SeededAdmin> {
  const userId = digits(16);
  const row = at(
    await t.database.db
      .insert(admins)
      .values({ fbUserId: userId, name })
      .returning({ id: admins.id }),
    0,
  );
  return { adminId: row.id, userId, headers: await t.authHeader({ adminId: row.id, userId }) };
}

export interface SeededPage {
  id: string;
  pageId: string;
  /** PSIDs of the page's contacts. */
  psids: string[];
}

/** A page managed by `managers`, with `contactCount` contacts. */
export async function seedPage(
  t: TestApp,
  managers: SeededAdmin[],
  contactCount = 3,
  name = 'Page',
): Promise<SeededPage> {
  const pageId = digits(15);
  const page = at(
    await t.database.db
      .insert(pages)
      .values({ fbPageId: pageId, name })
      .returning({ id: pages.id }),
    0,
  );
  for (const admin of managers) {
    await t.database.db
      .insert(pageAdmins)
      .values({ pageId: page.id, adminId: admin.adminId, tasks: ['MANAGE', 'MESSAGING'] });
  }
  const psids = Array.from({ length: contactCount }, () => digits(16));
  if (psids.length) {
    await t.database.db
      .insert(contacts)
      .values(psids.map((psid, i) => ({ pageId: page.id, psid, name: `Contact ${i + 1}` })));
  }
  return { id: page.id, pageId, psids };
}
