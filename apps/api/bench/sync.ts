/**
 * Page sync throughput (docs/page-sync.md): the real sync job handler (runPageSync, as a pg-boss worker runs it) against
 * the emulator in its own process (the platform is remote: it must not share this process's CPU) and a
 * throwaway embedded Postgres.
 *  1. Unthrottled: a 100,000-contact page, emulator and pacer without a Conversations API limit.
 *     Target >= 2,000 contacts/s.
 *  2. At the platform's limit: a 10,000-contact page, emulator and pacer at 2 calls/s per page, 100
 *     conversations per call. Figure: achieved calls/s / limit. Target >= 90 %.
 * Writes bench/results/sync.json. BENCH_QUICK=1: one run each and smaller pages.
 */
import { sql } from 'drizzle-orm';
import { figure, QUICK, writeResult, type Figure } from '../../../bench/lib.mjs';
import type { Config } from '../src/config.js';
import { tokenCipher } from '../src/crypto/tokens.js';
import { admins, pageAdmins, pages } from '../src/db/schema/index.js';
import { DEFAULT_PAGE_SYNC_OPTIONS, runPageSync } from '../src/jobs/page-sync.js';
import { createEmulatorPage, startEmulatorProcess } from './seed.js';
import { benchConfig, benchGraph, runBench, startBenchDatabase, type BenchRun } from './setup.js';
import { emu } from '../test/support/emulator-control.js';

const BIG = Number(process.env.BENCH_SYNC_CONTACTS ?? (QUICK ? 20_000 : 100_000));
const LIMITED = Number(process.env.BENCH_SYNC_LIMITED_CONTACTS ?? (QUICK ? 2_000 : 10_000));
const RUNS = Number(process.env.BENCH_RUNS ?? (QUICK ? 1 : 3));
const LIMIT_PER_SECOND = 2;
const log = (...args: unknown[]) => console.log('[sync bench]', ...args);

await runBench('sync', main);

async function main(benchRun: BenchRun) {
  const emulator = await startEmulatorProcess();
  benchRun.onStop(() => emulator.close());
  await emu(emulator.url, '/_emulator/seed', { seed: 'empty' });
  await emu(emulator.url, '/_emulator/behaviour', { conversationsPerSecond: 0 }, 'PUT');
  const { server: pgServer, db } = await startBenchDatabase(benchRun, 'pagecast-worker');
  const baseConfig = benchConfig(benchRun, pgServer.url, {
    GRAPH_API_URL: emulator.url.replace(/\/$/, ''),
    LOG_LEVEL: 'silent',
  });
  const graph = benchGraph(benchRun, baseConfig);
  const tokens = tokenCipher(baseConfig.encryptionKey);
  const user = await emu<{ id: string; name: string }>(emulator.url, '/_emulator/users', {
    name: 'Bench Admin',
  });
  const [admin] = await db.db
    .insert(admins)
    .values({ fbUserId: user.id, name: user.name })
    .returning({ id: admins.id });

  /** One emulator page mirrored into the database; returns its uuid and fb id. */
  const makePage = async (name: string, contacts: number) => {
    const t = Date.now();
    const page = await createEmulatorPage(emulator.url, user.id, name, contacts);
    const [row] = await db.db
      .insert(pages)
      .values({
        fbPageId: page.id,
        name: page.name,
        pageTokenEnc: tokens.encrypt(page.access_token),
      })
      .returning({ id: pages.id });
    const uuid = row?.id as string;
    await db.db.insert(pageAdmins).values({
      pageId: uuid,
      adminId: admin?.id as string,
      tasks: ['MANAGE', 'MESSAGING'],
      pageTokenEnc: tokens.encrypt(page.access_token),
    });
    log(`page ${name}: ${contacts} contacts created in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    return { uuid, fbId: page.id };
  };

  /** One full sync of a page; the contact table is emptied first so every run imports everything. */
  const syncOnce = async (page: { uuid: string }, config: Config, contacts: number) => {
    await db.db.execute(sql`delete from contacts where page_id = ${page.uuid}`);
    const [s] = await db.db
      .execute<{ id: string }>(
        sql`insert into page_syncs (page_id, status) values (${page.uuid}, 'waiting') returning id`,
      )
      .then((r) => r.rows);
    const t = process.hrtime.bigint();
    const outcome = await runPageSync({ pool: db.pool, config, tokens, graph }, s?.id as string, {
      ...DEFAULT_PAGE_SYNC_OPTIONS,
      pageSize: 100,
    });
    const seconds = Number(process.hrtime.bigint() - t) / 1e9;
    const { rows } = await db.db.execute<{ n: number; calls: number; hits: number }>(sql`
      select (select count(*)::int from contacts where page_id = ${page.uuid}) as n,
             graph_calls as calls, rate_limit_hits as hits from page_syncs where id = ${s?.id as string}`);
    const r = rows[0];
    if (outcome !== 'completed' || r?.n !== contacts)
      throw new Error(`sync incomplete: ${outcome}, ${r?.n}/${contacts}`);
    return { seconds, calls: r.calls, hits: r.hits };
  };

  // 1. Unthrottled.
  const big = await makePage('Bench Big Page', BIG);
  const unthrottled = { ...baseConfig, conversationsRatePerPage: 1_000_000 };
  const rates: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await syncOnce(big, unthrottled, BIG);
    rates.push(BIG / r.seconds);
    log(
      `unthrottled run ${i + 1}: ${BIG} contacts in ${r.seconds.toFixed(1)} s = ${(BIG / r.seconds).toFixed(0)} contacts/s`,
    );
  }

  // 2. At the Conversations API limit (emulator enforces it exactly, the pacer keeps to it).
  await emu(
    emulator.url,
    '/_emulator/behaviour',
    { conversationsPerSecond: LIMIT_PER_SECOND },
    'PUT',
  );
  const limitedPage = await makePage('Bench Limited Page', LIMITED);
  const limitedConfig = { ...baseConfig, conversationsRatePerPage: LIMIT_PER_SECOND };
  const shares: number[] = [];
  const limitedRates: number[] = [];
  let hits = 0;
  for (let i = 0; i < RUNS; i++) {
    const r = await syncOnce(limitedPage, limitedConfig, LIMITED);
    // Calls after the first are what the limit governs: (calls - 1) intervals in the elapsed time.
    const callsPerSecond = (r.calls - 1) / r.seconds;
    shares.push((callsPerSecond / LIMIT_PER_SECOND) * 100);
    limitedRates.push(LIMITED / r.seconds);
    hits += r.hits;
    log(
      `limited run ${i + 1}: ${r.calls} calls in ${r.seconds.toFixed(1)} s = ${callsPerSecond.toFixed(3)} calls/s (${r.hits} rate-limit answers)`,
    );
  }

  const figures: Figure[] = [
    figure({
      name: `Unthrottled sync, ${BIG.toLocaleString('en')}-contact page`,
      unit: 'contacts/s',
      values: rates,
      target: { op: '>=', value: 2000 },
      digits: 0,
    }),
    figure({
      name: `Sync at ${LIMIT_PER_SECOND} calls/s, ${LIMITED.toLocaleString('en')}-contact page: share of the limit used`,
      unit: '%',
      values: shares,
      target: { op: '>=', value: 90 },
      digits: 1,
      note: `calls/s achieved / ${LIMIT_PER_SECOND} calls/s allowed; 100 conversations per call; ${hits} rate-limit answers over all runs`,
    }),
    figure({
      name: `Sync at ${LIMIT_PER_SECOND} calls/s, ${LIMITED.toLocaleString('en')}-contact page`,
      unit: 'contacts/s',
      values: limitedRates,
      digits: 0,
      note: `at most ${LIMIT_PER_SECOND * 100} contacts/s are possible at this limit`,
    }),
  ];
  const file = writeResult('sync', {
    figures,
    notes: [
      'The job handler runs in this process against a throwaway embedded Postgres; the emulator runs in a process of its own.',
      'The pacer keeps 5% headroom under the limit, so about 95% of the limit is the expected ceiling.',
    ],
  });
  log(`wrote ${file}`);
}
