// Chat sends racing the ingest of their own echoes. Meta delivers the page's echo of a reply within
// milliseconds of the Send API's answer, while the send is still storing the message: both write the same
// contact and the same mid. They must take those locks in one order, or Postgres settles the crossing by
// aborting one of them (40P01) — and when that is the send, the admin gets a 500 for a message that went out
// (and sends it again).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR, type EmulatorPage } from './support/emulator.js';
import { waitFor } from './support/wait.js';
import { receiveWebhooks } from './support/webhooks.js';
import {
  createWorld,
  newContact,
  newEmulatorAdmin,
  newEmulatorPage,
  type TestAdmin,
  type World,
} from './support/world.js';

const SENDS = 120;
let world: World;
let admin: TestAdmin;
let page: EmulatorPage & { uuid: string };

beforeAll(async () => {
  world = await createWorld({
    // The ceilings on chat sends are not what this test is about.
    env: { CHAT_SENDS_PER_ADMIN_MINUTE: '1000', CHAT_SENDS_PER_PAGE_MINUTE: '1000' },
  });
  // A real port: the emulator delivers the echoes to it as Meta does, signed, batched every 50 ms.
  await receiveWebhooks(world.app, world.config, world.graph);
  admin = await newEmulatorAdmin(world, 'Race Admin');
  page = await newEmulatorPage(world, admin, {
    name: 'Race Page',
    contacts: SENDS,
    inboundAgoMs: HOUR,
  });
  for (const c of page.contacts)
    await newContact(world, page.uuid, {
      psid: c.psid,
      lastMessageAt: new Date(Date.now() - HOUR),
    });
  await world.graph.subscribeApp(page.id, page.access_token, [
    'messages',
    'message_deliveries',
    'message_echoes',
  ]);
});

afterAll(async () => {
  await world?.close();
});

const one = async <T>(query: ReturnType<typeof sql>) =>
  (await world.database.db.execute<T & Record<string, unknown>>(query)).rows;

describe('concurrent chat sends and the ingest of their echoes', () => {
  it(`${SENDS} concurrent sends all answer 201, each message stored once, every echo applied`, async () => {
    // A few replies are made to cross as they did on a busy machine (2 times in 120), but for sure: the
    // send's row waits until the ingest of its echo holds the contact (an advisory lock is the sign), and
    // the echo then waits until someone waits for a lock (the send, for the contact) before it writes the
    // mid. Sends and echoes are told apart by Meta's time, which only an echo carries (platform_at).
    await world.database.db.execute(
      sql.raw(`
      create function cross_with_echo() returns trigger language plpgsql as $$
      declare key int := abs(hashtext(new.text));
      begin
        if new.platform_at is null then
          for i in 1..60 loop
            exit when exists (select 1 from pg_locks where locktype = 'advisory' and classid = 42
                                 and objid = key::oid and objsubid = 2);
            perform pg_sleep(0.05);
          end loop;
        else
          perform pg_advisory_xact_lock(42, key);
          for i in 1..60 loop
            exit when exists (select 1 from pg_locks where not granted and locktype <> 'advisory');
            perform pg_sleep(0.05);
          end loop;
        end if;
        return new;
      end $$;
      create trigger cross_with_echo before insert on messages for each row
        when (new.text like 'hold %') execute function cross_with_echo();`),
    );
    try {
      const results = await Promise.all(
        page.contacts.map((c, i) =>
          admin.client.inbox.sendMessage({
            params: { pageId: page.id, userId: c.psid },
            body: { message: `${i % 40 === 0 ? 'hold' : 'reply'} ${i}` },
          }),
        ),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s !== 201)).toEqual([]);
      const mids = results.map((r) => (r.status === 201 ? r.body.message.id : ''));
      expect(new Set(mids).size).toBe(SENDS);
      // Every echo is applied, none left failed for the sweeper.
      await waitFor(
        async () => {
          const [row] = await one<{ n: number }>(
            sql`select count(*)::int as n from messages where page_id = ${page.uuid} and platform_at is not null
                  and direction = 'out'`,
          );
          return row?.n === SENDS;
        },
        { everyMs: 100, timeoutMs: 30_000 },
      );
      const stored = await one<{ n: number; mids: number }>(
        sql`select count(*)::int as n, count(distinct mid)::int as mids from messages
             where page_id = ${page.uuid} and direction = 'out'`,
      );
      expect(stored).toEqual([{ n: SENDS, mids: SENDS }]);
      const failed = await one<{ error: string }>(
        sql`select error from webhook_events where error is not null`,
      );
      expect(failed).toEqual([]);
    } finally {
      await world.database.db.execute(
        sql.raw('drop trigger cross_with_echo on messages; drop function cross_with_echo();'),
      );
    }
  });
});
