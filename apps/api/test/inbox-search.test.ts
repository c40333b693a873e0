// Inbox search (docs/inbox.md §4): history the page sync brought is searchable, each result says where it
// matched, a search never leaves its page, a search past the statement timeout is a clear 503, and any
// typed characters give results or a 400, never a 500.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Recipient } from '@pagecast/contract';
import { DEFAULT_PAGE_SYNC_OPTIONS, runPageSync } from '../src/jobs/page-sync.js';
import { SearchGate, SearchGateFull } from '../src/modules/inbox/search-repo.js';
import { SEARCH_BUSY_MESSAGE, SEARCH_TIMEOUT_MESSAGE } from '../src/modules/inbox/service.js';
import { must } from './support/assert.js';
import { waitFor } from './support/wait.js';
import { apiClient, bodyOf } from './support/client.js';
import { emu, type EmulatorPage } from './support/emulator.js';
import {
  createWorld,
  newApp,
  newContact,
  newEmulatorAdmin,
  newEmulatorPage,
  newPage,
  type TestAdmin,
  type World,
} from './support/world.js';

let world: World;
let admin: TestAdmin;
let page: EmulatorPage & { uuid: string };
let otherPage: EmulatorPage & { uuid: string };
/** The contact whose only 'parking' is in a message older than its preview. */
let historyPsid: string;

const recipients = (pageId: string, q: string, headers = admin.headers) =>
  apiClient(world.app, headers).inbox.getRecipients({ params: { pageId }, query: { q } });
const found = async (pageId: string, q: string): Promise<Recipient[]> =>
  bodyOf(await recipients(pageId, q), 200).recipients;

async function sync(p: EmulatorPage) {
  const started = await admin.client.pages.syncPage({ params: { pageId: p.id }, body: {} });
  const { jobId } = bodyOf(started, 202);
  const deps = { pool: world.database.pool, config: world.config, tokens: world.tokens };
  expect(await runPageSync({ ...deps, graph: world.graph }, jobId, DEFAULT_PAGE_SYNC_OPTIONS)).toBe(
    'completed',
  );
}

async function storedMessages(pageUuid: string) {
  const { rows } = await world.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from messages where page_id = ${pageUuid}`,
  );
  return must(rows[0], 'count').n;
}

beforeAll(async () => {
  world = await createWorld({ boss: true });
  admin = await newEmulatorAdmin(world, 'Search Owner');
  page = await newEmulatorPage(world, admin, { name: 'Search Page', contacts: 3 });
  otherPage = await newEmulatorPage(world, admin, { name: 'Other Page', contacts: 1 });
  historyPsid = must(page.contacts[0], 'contact').psid;
  // Written at Meta only (the app subscribed no webhook): what reaches Pagecast is what the sync reads.
  const write = (p: EmulatorPage, psid: string, text: string) =>
    emu(world.emulator, `/_emulator/pages/${p.id}/contacts/${psid}/messages`, { text });
  await write(page, historyPsid, 'Is there parking nearby? We come by car.');
  await write(page, historyPsid, 'Thanks, see you at eight!');
  await write(otherPage, must(otherPage.contacts[0], 'contact').psid, 'Where is the parking?');
  await emu(world.emulator, '/_emulator/requests/reset', {});
}, 60_000);

afterAll(async () => {
  await world?.close();
});

describe('history from the page sync', () => {
  it('is stored from the conversations call itself, and is not new activity', async () => {
    expect(await storedMessages(page.uuid)).toBe(0);
    await sync(page);
    await sync(otherPage);
    const { requests } = await emu<{ requests: Array<{ edge: string; fields: string[] }> }>(
      world.emulator,
      '/_emulator/requests',
    );
    // One conversations call per page of conversations, and no call of its own for any conversation.
    expect(requests.filter((r) => r.edge === 'messages')).toEqual([]);
    expect(requests.filter((r) => r.edge === 'conversations').length).toBeGreaterThan(0);
    const history = await world.database.db.execute<{ text: string; direction: string }>(
      sql`select m.text, m.direction from messages m join contacts c on c.id = m.contact_id
           where c.page_id = ${page.uuid} and c.psid = ${historyPsid} order by m.created_at`,
    );
    expect(history.rows.map((r) => r.text)).toContain('Is there parking nearby? We come by car.');
    expect(history.rows.every((r) => r.direction === 'in')).toBe(true);
    const unread = await world.database.db.execute<{ n: number }>(
      sql`select coalesce(sum(unread_count), 0)::int as n from contacts where page_id = ${page.uuid}`,
    );
    expect(unread.rows[0]?.n).toBe(0);
    // A second sync stores nothing twice.
    const before = await storedMessages(page.uuid);
    await sync(page);
    expect(await storedMessages(page.uuid)).toBe(before);
  });
});

describe('search', () => {
  it("'parking' finds a conversation by its synced history, and another by its preview", async () => {
    const previewPsid = '7100000000000001';
    await newContact(world, page.uuid, {
      psid: previewPsid,
      name: 'Preview Only',
      lastMessageAt: new Date(Date.now() - 60_000),
      preview: 'Is there Parking nearby?',
    });
    const hits = await found(page.id, 'parking');
    expect(hits.map((r) => r.id).sort()).toEqual([historyPsid, previewPsid].sort());
    const byHistory = must(hits.find((r) => r.id === historyPsid));
    expect(byHistory.lastMessagePreview).toBe('Thanks, see you at eight!');
    expect(byHistory.match).toEqual({
      field: 'message',
      text: 'Is there parking nearby? We come by car.',
      ranges: [{ start: 9, end: 16 }],
    });
    expect(must(hits.find((r) => r.id === previewPsid)).match).toEqual({
      field: 'preview',
      text: 'Is there Parking nearby?',
      ranges: [{ start: 9, end: 16 }],
    });
    const count = await admin.client.inbox.countRecipients({
      params: { pageId: page.id },
      query: { q: 'parking' },
    });
    expect(bodyOf(count, 200).count).toBe(2);
  });

  it('finds names, and cuts a long matching line around the hit', async () => {
    const psid = '7100000000000002';
    const contactId = await newContact(world, page.uuid, {
      psid,
      name: 'Zelda Fitzgerald',
      lastMessageAt: new Date(Date.now() - 120_000),
      preview: 'ok',
    });
    const named = must((await found(page.id, 'zeld'))[0]);
    expect(named).toMatchObject({
      id: psid,
      match: { field: 'name', text: 'Zelda Fitzgerald', ranges: [{ start: 0, end: 4 }] },
    });
    const long = `${'word '.repeat(60)}the umbrella stand\nsecond line`;
    await world.database.db.execute(
      sql`insert into messages (page_id, contact_id, mid, direction, text, sent_by)
          values (${page.uuid}, ${contactId}, 'm_long', 'in', ${long}, ${psid})`,
    );
    const match = must(must((await found(page.id, 'UMBRELLA'))[0]).match);
    expect(match.field).toBe('message');
    expect(match.text.startsWith('…')).toBe(true);
    expect(match.text.endsWith('the umbrella stand')).toBe(true);
    const [range] = match.ranges;
    expect(match.text.slice(must(range).start, must(range).end)).toBe('umbrella');
  });

  it("never returns another page's messages, and another admin's page is a 404", async () => {
    expect((await found(otherPage.id, 'parking')).map((r) => r.id)).toEqual([
      must(otherPage.contacts[0]).psid,
    ]);
    expect((await found(page.id, 'where is the')).length).toBe(0);
    const stranger = await newEmulatorAdmin(world, 'Stranger');
    const res = await recipients(page.id, 'parking', stranger.headers);
    expect(res.status).toBe(404);
  });

  it('takes %, _, \\, quotes and typed escapes literally; a NUL character is a 400', async () => {
    const psid = '7100000000000003';
    const contactId = await newContact(world, page.uuid, {
      psid,
      name: 'Odd Chars',
      lastMessageAt: new Date(Date.now() - 180_000),
      preview: `50% off_now "quoted" it's \\ done`,
    });
    await world.database.db.execute(
      sql`insert into messages (page_id, contact_id, mid, direction, text, sent_by)
          values (${page.uuid}, ${contactId}, 'm_odd', 'in', ${'typed \\u0000 here'}, ${psid})`,
    );
    for (const q of ['%', '_', '\\', '"quoted"', "it's", '0% o', 'f_n', '\\u0000'])
      expect((await found(page.id, q)).map((r) => r.id)).toEqual([psid]);
    for (const q of ["'; drop table contacts; --", '%%%', '\\%', '(', '[a-z]', '*'])
      expect(await found(page.id, q)).toEqual([]);
    // A raw NUL cannot be stored or compared by Postgres: refused before any statement runs.
    const nul = await recipients(page.id, 'a\u0000b');
    expect(nul.status).toBe(400);
  });
});

describe('statement timeout', () => {
  it('a search past SEARCH_TIMEOUT_MS answers 503 with what to do; the same search within it answers', async () => {
    const bigUuid = await newPage(world, {
      fbPageId: '7200000000000001',
      name: 'Big',
      adminId: admin.adminId,
    });
    // 2,000 contacts with 40 messages each, the 800 oldest contacts' all containing the searched words
    // (past the walk of the newest: the search reads every match through the indexes): one statement.
    await world.database.db.execute(sql`
      with c as (
        insert into contacts (page_id, psid, name, last_message_at)
        select ${bigUuid}, (8000000000000000 + g)::text, 'Person ' || g, now() - g * interval '1 minute'
          from generate_series(1, 2000) g
        returning id, psid)
      insert into messages (page_id, contact_id, mid, direction, text, sent_by)
      select ${bigUuid}, c.id, 'm_' || c.psid || '_' || k, 'in',
             case when c.psid::bigint > 8000000000001200 then 'order number ' || k else 'hello ' || k end,
             c.psid
        from c, generate_series(1, 40) k`);
    await world.database.db.execute(sql`analyze messages`);
    const slow = await newApp(world, { SEARCH_TIMEOUT_MS: '1' });
    try {
      const headers = await admin.session();
      const res = await apiClient(slow.app, headers).inbox.getRecipients({
        params: { pageId: '7200000000000001' },
        query: { q: 'order number' },
      });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: SEARCH_TIMEOUT_MESSAGE });
      const count = await apiClient(slow.app, headers).inbox.countRecipients({
        params: { pageId: '7200000000000001' },
        query: { q: 'order number' },
      });
      expect(count.status).toBe(503);
    } finally {
      await slow.app.close();
    }
    const ok = await found('7200000000000001', 'order number');
    expect(ok.length).toBe(30);
    expect(ok[0]?.match?.field).toBe('message');
  }, 60_000);
});

describe('how a search reads the page (docs/inbox.md §4)', () => {
  const fbPageId = '7300000000000001';
  let uuid: string;
  beforeAll(async () => {
    uuid = await newPage(world, { fbPageId, name: 'Many', adminId: admin.adminId });
    // 400 contacts, newest first by g: every 4th says 'croissant' (common: found by the walk in list
    // order); the 350th newest alone, past the first walk of 100, mentions a 'tandem' inside a word and
    // a 'kayak' as a word (rare: every match named by the indexes); the other page has 'kayak' too.
    await world.database.db.execute(sql`
      with c as (
        insert into contacts (page_id, psid, name, last_message_at, unread_count)
        select ${uuid}, (9000000000000000 + g)::text, 'Reader ' || g, now() - g * interval '1 minute',
               case when g % 2 = 0 then 1 else 0 end
          from generate_series(1, 400) g
        returning id, psid)
      insert into messages (page_id, contact_id, mid, direction, text, sent_by)
      select ${uuid}, c.id, 'm_' || c.psid || '_' || k, 'in',
             case when k = 1 and c.psid::bigint % 4 = 0 then 'Two croissants please'
                  when k = 1 and c.psid::bigint = 9000000000000350 then 'A bike (a Tandems model) and a kayak'
                  else 'hello ' || k end,
             c.psid
        from c, generate_series(1, 3) k`);
    await world.database.db.execute(sql`
      insert into messages (page_id, contact_id, mid, direction, text, sent_by)
      select ${otherPage.uuid}, c.id, 'm_other_kayak', 'in', 'my kayak is red', c.psid
        from contacts c where c.page_id = ${otherPage.uuid} limit 1`);
  });
  const count = async (q: string, filter?: 'unread') =>
    bodyOf(
      await admin.client.inbox.countRecipients({
        params: { pageId: fbPageId },
        query: { q, ...(filter ? { filter } : {}) },
      }),
      200,
    ).count;

  it('finds a rare word or a substring inside a word far down the list, and counts it', async () => {
    for (const q of ['kayak', 'andem', 'TANDEMS']) {
      const hits = await found(fbPageId, q);
      expect(hits.map((r) => r.id)).toEqual(['9000000000000350']);
      expect(hits[0]?.match?.field).toBe('message');
      expect(await count(q)).toBe(1);
    }
    // Never the other page's kayak, and filters apply to the matches the indexes named.
    expect(await count('kayak', 'unread')).toBe(1);
    const list = async (q: string) =>
      bodyOf(
        await admin.client.inbox.getRecipients({
          params: { pageId: fbPageId },
          query: { q, filter: 'unread' },
        }),
        200,
      ).recipients.map((r) => r.id);
    expect(await list('kayak')).toEqual(['9000000000000350']);
    expect((await list('croissant')).slice(0, 2)).toEqual(['9000000000000004', '9000000000000008']);
    expect(await count('red')).toBe(0);
  });

  it('pages a common word in list order to the last match, and counts every one', async () => {
    const ids: string[] = [];
    let after: string | undefined;
    for (;;) {
      const res = bodyOf(
        await admin.client.inbox.getRecipients({
          params: { pageId: fbPageId },
          query: { q: 'croissant', ...(after ? { after } : {}) },
        }),
        200,
      );
      ids.push(...res.recipients.map((r) => r.id));
      if (!res.paging.nextCursor) break;
      after = res.paging.nextCursor;
    }
    const expected = Array.from({ length: 100 }, (_, i) => String(9000000000000000 + 4 * (i + 1)));
    expect(ids).toEqual(expected);
    expect(await count('croissant')).toBe(100);
    expect(await count('croissant', 'unread')).toBe(100);
  });
});

describe('search gate', () => {
  it('refuses a search past SEARCH_CONCURRENCY running and SEARCH_QUEUE waiting with 503 and Retry-After; /readyz still answers', async () => {
    const gated = await newApp(world, { SEARCH_CONCURRENCY: '1', SEARCH_QUEUE: '0' });
    // A lock on contacts holds the search that runs, until the test lets it go.
    const lock = await world.database.pool.connect();
    try {
      const headers = await admin.session();
      const client = apiClient(gated.app, headers);
      const search = () =>
        client.inbox.getRecipients({ params: { pageId: page.id }, query: { q: 'parking' } });
      await lock.query('begin');
      await lock.query('lock table contacts in access exclusive mode');
      const running = search();
      await waitFor(async () => {
        const { rows } = await world.database.pool.query<{ n: number }>(
          `select count(*)::int as n from pg_locks where relation = 'contacts'::regclass and not granted`,
        );
        return (rows[0]?.n ?? 0) > 0;
      });
      const refused = await search();
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ message: SEARCH_BUSY_MESSAGE });
      expect(refused.headers.get('retry-after')).toBe('1');
      const count = await client.inbox.countRecipients({
        params: { pageId: page.id },
        query: { q: 'parking' },
      });
      expect(count.status).toBe(503);
      const ready = await gated.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      await lock.query('commit');
      expect((await running).status).toBe(200);
      expect((await search()).status).toBe(200);
    } finally {
      await lock.query('rollback').catch(() => {});
      lock.release();
      await gated.app.close();
    }
  }, 60_000);
});

describe('SearchGate', () => {
  it('lets `concurrency` run, queues `queue` in arrival order, refuses the next', async () => {
    const gate = new SearchGate({ concurrency: 2, queue: 1, perTenant: 2, queuePerTenant: 1 });
    const order: string[] = [];
    const opened: Array<() => void> = [];
    const job = (name: string) =>
      gate.run('one', async () => {
        order.push(name);
        await new Promise<void>((r) => opened.push(r));
        return name;
      });
    const a = job('a');
    const b = job('b');
    const c = job('c');
    await expect(job('d')).rejects.toBeInstanceOf(SearchGateFull);
    await waitFor(async () => opened.length === 2);
    expect(order).toEqual(['a', 'b']);
    must(opened[0])();
    expect(await a).toBe('a');
    await waitFor(async () => opened.length === 3);
    expect(order).toEqual(['a', 'b', 'c']);
    must(opened[1])();
    must(opened[2])();
    expect([await b, await c]).toEqual(['b', 'c']);
    // Every slot is free again: two run at once.
    const e = job('e');
    const f = job('f');
    await waitFor(async () => opened.length === 5);
    must(opened[3])();
    must(opened[4])();
    expect([await e, await f]).toEqual(['e', 'f']);
  });

  it('shares the slots between tenants: a flood waits in its own queue, another tenant runs in turn', async () => {
    const gate = new SearchGate({ concurrency: 2, queue: 10, perTenant: 1, queuePerTenant: 3 });
    const order: string[] = [];
    const opened = new Map<string, () => void>();
    const job = (tenant: string, name: string) =>
      gate.run(tenant, async () => {
        order.push(name);
        await new Promise<void>((r) => opened.set(name, r));
        return name;
      });
    // The flood takes one slot and fills its own queue; the next of it is refused at once.
    const flood = ['f1', 'f2', 'f3', 'f4'].map((n) => job('flood', n));
    await expect(job('flood', 'f5')).rejects.toBeInstanceOf(SearchGateFull);
    await waitFor(async () => opened.has('f1'));
    expect(order).toEqual(['f1']);
    // Another tenant is not behind the flood's queue: it runs on the free slot at once...
    const v1 = job('victim', 'v1');
    const v2 = job('victim', 'v2');
    await waitFor(async () => opened.has('v1'));
    expect(order).toEqual(['f1', 'v1']);
    // ...each freed slot goes to a tenant under its share: the flood's to its own next (the victim runs its
    // one already), the victim's to the victim's next although the flood queued first.
    must(opened.get('f1'))();
    await waitFor(async () => opened.has('f2'));
    must(opened.get('v1'))();
    await waitFor(async () => opened.has('v2'));
    expect(order).toEqual(['f1', 'v1', 'f2', 'v2']);
    for (const name of ['f2', 'v2']) must(opened.get(name))();
    await waitFor(async () => opened.has('f3'));
    must(opened.get('f3'))();
    await waitFor(async () => opened.has('f4'));
    must(opened.get('f4'))();
    expect(await Promise.all([...flood, v1, v2])).toEqual(['f1', 'f2', 'f3', 'f4', 'v1', 'v2']);
    expect(order).toEqual(['f1', 'v1', 'f2', 'v2', 'f3', 'f4']);
  });
});
