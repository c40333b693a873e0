// Realistic data for the benchmarks, written straight into the database in a few bulk INSERT ... SELECT
// statements (the product's own sync of 10,000 conversations would take minutes at the platform's limits).
// The page and its contacts exist in the emulator too, so sends and the web app work against it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import type { TokenCipher } from '../src/crypto/tokens.js';
import { emu, type EmulatorPage } from '../test/support/emulator-control.js';
import { startEdge } from './edge.js';

export type { EmulatorPage };

/** A small picture as a data: URL (the CSP allows it), so attachment bubbles load without a network. */
const BENCH_PICTURE =
  'data:image/svg+xml;base64,' +
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><rect width="480" height="360" fill="#9ad"/><circle cx="360" cy="90" r="44" fill="#fff"/></svg>',
  ).toString('base64');

/** An emulator page of `contacts` contacts who wrote a minute ago (inside the 24-hour window). */
export async function createEmulatorPage(
  emulatorUrl: string,
  ownerId: string,
  name: string,
  contacts: number,
): Promise<EmulatorPage> {
  return emu<EmulatorPage>(emulatorUrl, '/_emulator/pages', {
    ownerId,
    name,
    contacts,
    messagesPerContact: 1,
  });
}

/**
 * `pnpm --filter @pagecast/graph-emulator start` on a free port, as a child process: the platform is remote,
 * so it must not share the bench process's CPU, heap or garbage-collection pauses.
 */
export async function startEmulatorProcess(
  options: EmulatorProcessOptions = {},
): Promise<{ url: string; close: () => Promise<void> }> {
  if (!options.judgesPace) return startEmulatorFreePort(options);
  // Its senders reach it through the platform's edge, which stamps each request's arrival (bench/edge.ts).
  const emulator = await startEmulatorFreePort(options);
  const edge = await startEdge(emulator.url, raisePriority).catch(async (err: unknown) => {
    await emulator.close();
    throw err;
  });
  return {
    url: edge.url,
    close: async () => {
      await edge.close();
      await emulator.close();
    },
  };
}

/** `env`: the emulator's own settings (e.g. FB_APP_SECRET, shared with an API on production settings). */
interface EmulatorProcessOptions {
  judgesPace?: boolean;
  env?: Record<string, string>;
}

async function startEmulatorFreePort(
  options: EmulatorProcessOptions,
): Promise<{ url: string; close: () => Promise<void> }> {
  // A random port can be taken meanwhile, often by a loopback connection's own ephemeral port (the range
  // overlaps): another port is tried then.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startEmulatorOn(30_000 + Math.floor(Math.random() * 20_000), options);
    } catch (err) {
      if (attempt >= 5 || !(err instanceof PortInUse)) throw err;
    }
  }
}

/**
 * For the platform that judges a sender's pace: its edge (nginx) and the emulator behind it. The platform
 * runs on its own machines; here it shares two cores with the senders. Descheduled for 50-110 ms, the
 * emulator stamped the requests that queued meanwhile all at once, and the second after that burst counted
 * a second of sends plus the burst: sends "over the limit" that no sender made (bench/FINDINGS.md). A higher
 * scheduling priority keeps both answering when they would be. Throughput runs leave the emulator as is:
 * there, the share of the CPU it takes from the senders is part of what is measured. Needs root (or
 * CAP_SYS_NICE); without it they run as before, and the bench says so.
 */
function raisePriority(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    // Linux gives each thread its own priority, and a process's id names only its main thread: V8's
    // helper threads (the garbage collector's parallel work) stayed at 0. Later threads inherit it.
    for (const tid of threadsOf(pid)) os.setPriority(tid, -10);
  } catch {
    if (!warnedPriority)
      console.warn(
        "[bench] cannot raise the platform processes' priority: they share the CPU as is",
      );
    warnedPriority = true;
  }
}
let warnedPriority = false;

function threadsOf(pid: number): number[] {
  try {
    return fs.readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    return [pid];
  }
}

class PortInUse extends Error {
  constructor(port: number) {
    super(`emulator port ${port} in use`);
  }
}

async function startEmulatorOn(
  port: number,
  options: EmulatorProcessOptions,
): Promise<{ url: string; close: () => Promise<void> }> {
  const main = fileURLToPath(new URL('../../graph-emulator/src/main.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      EMULATOR_PORT: String(port),
      EMULATOR_HOST: '127.0.0.1',
      ...options.env,
      ...(options.judgesPace ? { EMULATOR_TRUST_REQUEST_START: '1' } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let inUse = false;
  child.stderr?.on('data', (d: Buffer) => {
    inUse ||= d.toString().includes('EADDRINUSE');
    process.stderr.write(d);
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) =>
      reject(inUse ? new PortInUse(port) : new Error(`emulator exited (${code})`)),
    );
    child.stdout?.on('data', (d: Buffer) => {
      if (d.toString().includes('listening on')) resolve();
    });
  });
  child.stdout?.resume();
  if (options.judgesPace) raisePriority(child.pid);
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface SeedOptions {
  /** The admin row: an existing id (signed in through the API) or a new one for this social user id. */
  admin: { id: string } | { fbUserId: string; name: string };
  page: EmulatorPage;
  tokens: TokenCipher;
  messagesPerContact?: number;
  tags?: number;
  campaigns?: number;
  /** Contacts that wrote within the last hours (the rest spread over the past days, outside the window). */
  inWindow?: number;
}

export interface SeededData {
  adminId: string;
  pageUuid: string;
  /** PSIDs, most recent conversation first (the order of the inbox). */
  psids: string[];
  counts: {
    contacts: number;
    messages: number;
    tags: number;
    contactTags: number;
    campaigns: number;
  };
}

/**
 * Admin + page (with its encrypted token) + contacts with their message history + tags on contacts +
 * a campaign history, as sign-in, sync, tagging and dispatch would have left them.
 */
export async function seedPageData(pool: pg.Pool, o: SeedOptions): Promise<SeededData> {
  const messagesPerContact = o.messagesPerContact ?? 10;
  const tagCount = o.tags ?? 20;
  const campaignCount = o.campaigns ?? 50;
  const inWindow = o.inWindow ?? 2000;
  const client = await pool.connect();
  try {
    await client.query('begin');
    let adminId: string;
    if ('id' in o.admin) adminId = o.admin.id;
    else {
      const { rows } = await client.query<{ id: string }>(
        'insert into admins (fb_user_id, name) values ($1, $2) returning id',
        [o.admin.fbUserId, o.admin.name],
      );
      adminId = rows[0]?.id as string;
    }
    const { rows: pageRows } = await client.query<{ id: string }>(
      `insert into pages (fb_page_id, name, page_token_enc, sync_scope, last_synced_at)
       values ($1, $2, $3, 'full', now())
       on conflict (fb_page_id) do update set page_token_enc = excluded.page_token_enc, sync_scope = 'full',
         last_synced_at = now()
       returning id`,
      [o.page.id, o.page.name, o.tokens.encrypt(o.page.access_token)],
    );
    const pageUuid = pageRows[0]?.id as string;
    await client.query(
      `insert into page_admins (page_id, admin_id, tasks, page_token_enc)
       values ($1, $2, '{MANAGE,MESSAGING,ANALYZE}', $3) on conflict do nothing`,
      [pageUuid, adminId, o.tokens.encrypt(o.page.access_token)],
    );

    // Contact i wrote i*37 s ago up to `inWindow` (closer together when 37 s apart would reach past 22 hours,
    // so all `inWindow` stay inside the 24-hour window), then one every ~40 minutes going back (outside it).
    const psids = o.page.contacts.map((c) => c.psid);
    const names = o.page.contacts.map((c) => c.name);
    await client.query(
      `insert into contacts (page_id, psid, name, first_name, last_name, last_message_at, last_message_preview,
         last_inbound_at, history_synced_at)
       select $1, p.psid, p.name, split_part(p.name, ' ', 1), nullif(split_part(p.name, ' ', 2), ''), t.at,
         'Hi! Is the offer from your last post still available? I would like to order two.', t.at, now()
       from unnest($2::text[], $3::text[]) with ordinality as p(psid, name, i)
       cross join lateral (select case when p.i <= $4 then now() - p.i * least(interval '37 seconds', interval '22 hours' / greatest($4, 1))
         else now() - interval '1 day' - (p.i - $4) * interval '40 minutes' end as at) t
       on conflict (page_id, psid) do nothing`,
      [pageUuid, psids, names, inWindow],
    );
    const messages = await client.query(
      `insert into messages (page_id, contact_id, mid, direction, text, sent_by, created_at, delivered_at, read_at,
                             attachments)
       select c.page_id, c.id, 'm_bench_' || c.psid || '_' || g,
         case when g % 2 = 0 then 'in' else 'out' end,
         case when g % 14 = 0 then ''
           when g % 2 = 0 then 'Hello, I have a question about order #' || (1000 + g) || '. When will it ship?'
           else 'Thanks for reaching out! Your order ships tomorrow morning, tracking follows by email.' end,
         case when g % 2 = 0 then c.psid else $2 end,
         c.last_message_at - g * interval '7 minutes',
         case when g % 2 = 1 then c.last_message_at - g * interval '7 minutes' + interval '3 seconds' end,
         case when g % 2 = 1 and g > 2 then c.last_message_at - g * interval '7 minutes' + interval '1 minute' end,
         -- Some of the contact's messages carry a photo (with its text) or are a sticker, as real ones do.
         case when g % 14 = 0 then jsonb_build_array(jsonb_build_object('type', 'sticker', 'url', $4::text, 'name', null))
           when g % 2 = 0 and g % 5 = 0 then jsonb_build_array(jsonb_build_object('type', 'image', 'url', $4::text, 'name', null))
         end
       from contacts c cross join generate_series(0, $3 - 1) g
       where c.page_id = $1
       on conflict (page_id, mid) do nothing`,
      [pageUuid, o.page.id, messagesPerContact, BENCH_PICTURE],
    );
    await client.query(
      `insert into tags (page_id, name, description)
       select $1, (array['VIP','New lead','Wholesale','Returning','Newsletter','Complaint','Refund','Event',
         'Influencer','Local','Abroad','Student','Partner','Supplier','Prospect','Lost','Won','Follow up',
         'Birthday','Team'])[1 + (g - 1) % 20] || case when g > 20 then ' ' || g else '' end,
         'Contacts tagged for the ' || g || 'th segment'
       from generate_series(1, $2) g
       on conflict do nothing`,
      [pageUuid, tagCount],
    );
    // Two tags on most contacts, deterministic.
    const contactTags = await client.query(
      `insert into contact_tags (contact_id, tag_id, page_id)
       select c.id, t.id, $1
       from (select id, row_number() over (order by psid) as rn from contacts where page_id = $1) c
       join (select id, row_number() over (order by name) - 1 as k, count(*) over () as n from tags where page_id = $1) t
         on t.k = c.rn % t.n or t.k = (c.rn * 7 + 3) % t.n
       where c.rn % 10 <> 0
       on conflict do nothing`,
      [pageUuid],
    );
    const campaigns = await client.query(
      `insert into campaigns (page_id, admin_id, tag_id, audience_kind, tag_name, name, description, message, type,
         scheduled_time, status, audience_count, dispatched_count, delivered_count, interacted_count, failed_count,
         started_at, completed_at, created_at)
       select $1, $2, t.id, case when t.id is null then 'all' else 'tag' end, t.name,
         'Campaign ' || g, 'Seasonal announcement number ' || g,
         'Our spring collection is here! Reply to this message to reserve yours before Friday.',
         (array['CONFIRMED_EVENT_UPDATE','POST_PURCHASE_UPDATE','ACCOUNT_UPDATE'])[1 + g % 3],
         -- Pending ones are due next week: a running worker must not dispatch them during a benchmark.
         case when g <= 2 then now() + (8 - g) * interval '1 day' else now() - g * interval '1 day' + interval '1 hour' end,
         case when g <= 2 then 'pending' when g % 17 = 0 then 'failed' when g % 13 = 0 then 'cancelled' else 'completed' end,
         case when g <= 2 then 0 else 2000 + g * 100 end,
         case when g <= 2 then 0 else 2000 + g * 100 end,
         case when g <= 2 then 0 else 1800 + g * 90 end,
         case when g <= 2 then 0 else 200 + g * 5 end,
         case when g <= 2 then 0 else g end,
         case when g > 2 then now() - g * interval '1 day' + interval '1 hour' end,
         case when g > 2 then now() - g * interval '1 day' + interval '2 hours' end,
         now() - g * interval '1 day'
       from generate_series(1, $3) g
       left join lateral (select id, name from tags where page_id = $1 and g % 4 = 0
         order by name offset (g % 20) limit 1) t on true`,
      [pageUuid, adminId, campaignCount],
    );
    await client.query('commit');
    // What autovacuum leaves a live database with: statistics and the visibility map (index-only scans).
    await client.query('vacuum analyze contacts, messages, tags, contact_tags, campaigns');
    const { rows: ordered } = await client.query<{ psid: string }>(
      `select psid from contacts where page_id = $1 order by last_message_at desc nulls last, id desc`,
      [pageUuid],
    );
    return {
      adminId,
      pageUuid,
      psids: ordered.map((r) => r.psid),
      counts: {
        contacts: ordered.length,
        messages: messages.rowCount ?? 0,
        tags: tagCount,
        contactTags: contactTags.rowCount ?? 0,
        campaigns: campaigns.rowCount ?? 0,
      },
    };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
