// Statements that grow with a page run under a statement timeout (db/client.ts#withStatementTimeout): past it,
// a 503 with Retry-After and a clear message (never a 500), and nothing half-written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATEMENT_TIMEOUT_MESSAGE } from '../src/db/errors.js';
import { withStatementTimeout } from '../src/db/client.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { apiClient, bodyOf } from './support/client.js';
import { newAdmin, newManagedPage, type ManagedPage, type TestAdmin } from './support/world.js';

let t: TestApp;
let owner: TestAdmin;
let page: ManagedPage;
let tagId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await newAdmin(t, { name: 'Owner' });
  page = await newManagedPage(t, [owner], 3);
  const res = await apiClient(t.app, owner.headers).tags.createTag({
    body: { name: 'Buyers', description: 'For tests', pageId: page.pageId },
  });
  tagId = bodyOf(res, 201).tag.id;
});
afterAll(async () => {
  await t?.close();
});

const tagged = async () =>
  (
    await t.database.pool.query<{ n: number }>(
      `select count(*)::int as n from contact_tags where tag_id = $1`,
      [tagId],
    )
  ).rows[0]?.n;

describe('statement timeout', () => {
  it('rolls back every write of its transaction when one statement runs past it', async () => {
    await expect(
      withStatementTimeout(
        t.database.pool,
        async (tx) => {
          await tx.query(
            `insert into contact_tags (contact_id, tag_id, page_id)
             select c.id, $1, c.page_id from contacts c join tags g on g.id = $1 and g.page_id = c.page_id`,
            [tagId],
          );
          await tx.query('select pg_sleep(1)');
        },
        50,
      ),
    ).rejects.toMatchObject({ code: '57014' });
    expect(await tagged()).toBe(0);
  });

  it('bulk tagging past it answers 503 with Retry-After and what to do; nothing is tagged', async () => {
    // A lock holds the bulk statement until its timeout (15 s) cancels it.
    const lock = await t.database.pool.connect();
    try {
      await lock.query('begin');
      await lock.query('lock table contact_tags in access exclusive mode');
      const res = await apiClient(t.app, owner.headers).userTags.bulkUserTags({
        body: { pageId: page.pageId, add: [tagId], match: {} },
      });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.body).toEqual({ message: STATEMENT_TIMEOUT_MESSAGE });
      await lock.query('rollback');
      expect(await tagged()).toBe(0);
      const again = await apiClient(t.app, owner.headers).userTags.bulkUserTags({
        body: { pageId: page.pageId, add: [tagId], match: {} },
      });
      expect(bodyOf(again, 200).processed).toBe(3);
      expect(await tagged()).toBe(3);
    } finally {
      await lock.query('rollback').catch(() => {});
      lock.release();
    }
  }, 40_000);
});
