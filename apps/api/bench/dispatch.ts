/**
 * Campaign dispatch (docs/campaigns.md): the real campaign workers (scheduler, batch handler, sweeper) as separate
 * processes (bench/dispatch-worker.ts) against the emulator in its own process and a throwaway embedded Postgres.
 *  0. Baseline: the emulator's raw Send API capacity, a bare HTTP loop (64 concurrent requests).
 *  1. A 100,000-recipient campaign, emulator and pacer unthrottled: msgs/s with one worker, then two.
 *     Target >= 2,000 msgs/s with one worker.
 *  2. One page at the default pace (36/s, under Meta's high-volume threshold of 40 messages/s; the emulator
 *     left unthrottled so its outbox shows the pacer's own behaviour, timed by arrival at an nginx edge in
 *     front), two workers: achieved / pace (target >= 0.95) and sends over the pace in any sliding second of
 *     the outbox (target 0; over 40 is reported too).
 *  3. Reach: one campaign over every send path (standard, utility template, paid marketing; 100,000
 *     recipients, 20,000 in quick mode), one worker, unthrottled (target >= 2,000 recipients/s); then ten
 *     pages dispatching at once at the default pace, two worker processes that stay up across the runs (as
 *     deployed): the slowest page's achieved / pace (target >= 0.95) and sends over the pace in any sliding
 *     second of any page (target 0). The mixed campaign runs once; the ten pages once on the workers' cold
 *     start (its own figure), then BENCH_DISPATCH_RUNS times.
 *  4. The largest number of pages this machine paces at once: 10, 15, 20, 30, 50, 100, 200 pages (BENCH_DISPATCH_SEARCH)
 *     at the default pace, two fresh workers a step with enough batch slots for every page (the deployed
 *     default, 12 a process, sends at most 24 pages at once on two), until a step where a page falls below
 *     0.95 of the pace, sends over it in a sliding second, or starts 2 s or more after its scheduled time.
 *  Every run: start delay = first send - scheduled time (target < 2 s); peak RSS of a worker, and of the API
 *  process (started apart, WORKERS_IN_API=false) polling the campaign's progress like the analytics screen.
 *  Baseline and campaigns are run BENCH_DISPATCH_RUNS times (3; 1 in quick mode), interleaved.
 * Writes bench/results/dispatch.json. BENCH_QUICK=1: 20,000 recipients, a shorter paced run.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { figure, median, QUICK, writeResult, type Figure } from '../../../bench/lib.mjs';
import { DEFAULT_SEND_RATE_PER_PAGE, HIGH_VOLUME_MESSAGES_PER_SECOND } from '../src/config.js';
import { tokenCipher } from '../src/crypto/tokens.js';
import { DEFAULT_CAMPAIGN_WORKER_OPTIONS } from '../src/modules/campaigns/dispatch/worker.js';
import { startApi, type ApiProcess } from './api-process.js';
import { prepareMixedAudience } from './reach-setup.js';
import { createEmulatorPage, startEmulatorProcess } from './seed.js';
import { benchConfig, runBench, startBenchDatabase, type BenchRun } from './setup.js';
import { must } from '../test/support/assert.js';
import { emu } from '../test/support/emulator-control.js';
import { maxInWindow } from '../test/support/pace.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const RECIPIENTS = Number(process.env.BENCH_DISPATCH_RECIPIENTS ?? (QUICK ? 20_000 : 100_000));
/** About 20 s (quick) or a minute of the default pace. */
const PACED_RECIPIENTS = Number(
  process.env.BENCH_DISPATCH_PACED_RECIPIENTS ?? (QUICK ? 700 : 2_000),
);
const BASELINE_SENDS = QUICK ? 10_000 : 30_000;
/** Reach: one campaign over every send path, and ten pages dispatching at once. */
const MIXED_RECIPIENTS = Number(
  process.env.BENCH_DISPATCH_MIXED_RECIPIENTS ?? (QUICK ? 20_000 : 100_000),
);
const TEN_PAGES = 10;
const PER_PAGE_RECIPIENTS = Number(process.env.BENCH_DISPATCH_PER_PAGE ?? (QUICK ? 350 : 1_000));
const RUNS = Number(process.env.BENCH_DISPATCH_RUNS ?? (QUICK ? 1 : 3));
/** The pace every paced run sends at: the product's default (docs/campaigns.md "Pace"). */
const PACE = DEFAULT_SEND_RATE_PER_PAGE;
/** Meta's high-volume threshold: sends over it in a sliding second are reported as well. */
const THRESHOLD = HIGH_VOLUME_MESSAGES_PER_SECOND;
/** Page counts of the search for the most pages paced at once, and each page's audience there. */
const SEARCH_STEPS = (process.env.BENCH_DISPATCH_SEARCH ?? '10,15,20,30,50,100,200')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
// About 20 s (quick) or 40 s of the pace: each step's workers start cold, and their first ~2 s send slower.
const SEARCH_PER_PAGE = Number(process.env.BENCH_DISPATCH_SEARCH_PER_PAGE ?? (QUICK ? 700 : 1_400));
const UNTHROTTLED = 1_000_000;
const log = (...args: unknown[]) => console.log('[dispatch bench]', ...args);

await runBench('dispatch', main);

async function main(benchRun: BenchRun) {
  const { dataDir } = benchRun;
  // The emulator in a process of its own, like the platform: in this process, its answers (and so the
  // outbox times the pace is judged by) would wait on this process's work and garbage collection.
  // The paced runs get an emulator of their own: the other one keeps every message of the 100,000-recipient
  // runs (~600 MB by the third run), and its garbage-collection pauses held answers back and let them out
  // in bursts: outbox times over the limit that no sender caused (bench/FINDINGS.md). The paced one's senders
  // reach it through an edge that stamps their arrival, as the platform's would (bench/edge.ts).
  const startBenchEmulator = async (idSeed: string, judgesPace: boolean) => {
    const e = await startEmulatorProcess({ judgesPace });
    benchRun.onStop(() => e.close());
    // An empty world; its own id seed, so the two emulators' page ids differ (one database holds both).
    await emu(e.url, '/_emulator/seed', { seed: idSeed, users: 0 });
    // Unthrottled; templates approved at once; marketing messages without Meta's warm-up and cooldown.
    await emu(
      e.url,
      '/_emulator/behaviour',
      { sendPerSecond: 0, templateApprovalMs: 0, marketingWarmupMs: 0, marketingCooldownMs: 0 },
      'PUT',
    );
    return {
      url: e.url,
      user: await emu<{ id: string }>(e.url, '/_emulator/users', { name: 'Bench Admin' }),
    };
  };
  const { url: emulatorUrl, user } = await startBenchEmulator('dispatch-bench', false);
  const pacedEmulator = await startBenchEmulator('dispatch-bench-paced', true);
  const { server: pg, db } = await startBenchDatabase(benchRun, 'pagecast-bench');
  const pool = db.pool;
  const config = benchConfig(benchRun, pg.url, { GRAPH_API_URL: emulatorUrl, LOG_LEVEL: 'silent' });
  const tokens = tokenCipher(config.encryptionKey);
  const encryptionKey = config.encryptionKey.toString('base64');

  // The admin's own user token: paid marketing messages go out on the scheduling admin's token (Flow 2),
  // and Meta's message campaign is created with it (a page token is refused with (#3)).
  const userToken = (
    await emu<{ access_token: string }>(emulatorUrl, `/_emulator/users/${user.id}/tokens`, {
      scopes: ['ads_management', 'marketing_messages_messenger'],
      longLived: true,
    })
  ).access_token;
  const admin = await pool.query<{ id: string }>(
    `insert into admins (fb_user_id, name, user_token_enc) values ($1, 'Bench Admin', $2) returning id`,
    [user.id, tokens.encrypt(userToken)],
  );

  const makePage = async (
    name: string,
    contacts: number,
    on = { url: emulatorUrl, user },
    analyze = true,
  ) => {
    const t = Date.now();
    const page = await createEmulatorPage(on.url, on.user.id, name, contacts);
    const { rows } = await pool.query<{ id: string }>(
      'insert into pages (fb_page_id, name, page_token_enc) values ($1, $2, $3) returning id',
      [page.id, page.name, tokens.encrypt(page.access_token)],
    );
    const uuid = must(rows[0]).id;
    await pool.query(
      `insert into page_admins (page_id, admin_id, tasks, page_token_enc)
       values ($1, $2, '{MANAGE,MESSAGING}', $3)`,
      [uuid, must(admin.rows[0]).id, tokens.encrypt(page.access_token)],
    );
    for (let i = 0; i < page.contacts.length; i += 20_000) {
      const slice = page.contacts.slice(i, i + 20_000);
      await pool.query(
        `insert into contacts (page_id, psid, name, last_inbound_at)
         select $1, p, n, now() - interval '1 minute' from unnest($2::text[], $3::text[]) as t(p, n)`,
        [uuid, slice.map((c) => c.psid), slice.map((c) => c.name)],
      );
    }
    // Contacts of a live page arrive over its syncs and autovacuum keeps their statistics (bench/seed.ts).
    if (analyze) {
      await pool.query('analyze contacts');
      log(`page ${name}: ${contacts} contacts in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    }
    return {
      uuid,
      fbId: page.id,
      token: page.access_token,
      psids: page.contacts.map((c) => c.psid),
      emulatorUrl: on.url,
    };
  };

  const spawnWorker = (rate: number, graphUrl: string, options: Record<string, unknown> = {}) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(here, 'dispatch-worker.ts')],
      {
        env: {
          ...process.env,
          DATABASE_URL: pg.url,
          GRAPH_API_URL: graphUrl,
          ENCRYPTION_KEY: encryptionKey,
          BENCH_DATA_DIR: dataDir,
          SEND_RATE_PER_PAGE: String(rate),
          // The unthrottled runs measure capacity, far above Meta's high-volume threshold: an opt-in.
          HIGH_VOLUME_SENDS: rate > THRESHOLD ? '1' : '0',
          BENCH_WORKER_OPTIONS: JSON.stringify(options),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let peakRss = 0;
    let out = '';
    const ready = new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (d: Buffer) => {
        out += d.toString();
        for (const m of out.matchAll(/rss (\d+)/g)) peakRss = Math.max(peakRss, Number(m[1]));
        if (out.includes('ready')) resolve();
        out = out.slice(out.lastIndexOf('\n') + 1);
      });
      child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    return {
      child,
      ready,
      peakRss: () => peakRss,
      stop: async () => {
        if (child.exitCode === null) child.kill('SIGTERM');
        await exited;
      },
    };
  };

  /** One campaign to every contact of `page`, due `leadMs` from now; waits for completion. */
  const runCampaign = async (
    page: { uuid: string; fbId: string; emulatorUrl: string },
    workers: number,
    rate: number,
    audience: number,
    api: ApiProcess,
    /** More campaign columns (a template, marketing messages). */
    extra: Record<string, unknown> = {},
  ) => {
    const procs = Array.from({ length: workers }, () => spawnWorker(rate, page.emulatorUrl));
    await Promise.all(procs.map((p) => p.ready));
    const since = Date.now();
    // Scheduled ahead like a real campaign (the audience snapshot is taken up to 10 s before its time).
    const scheduled = new Date(Date.now() + 12_000);
    const id = await insertCampaign(page.uuid, scheduled, extra);
    const stopPolling = api.pollCampaign(id);
    let row: {
      status: string;
      started_at: Date;
      completed_at: Date;
      dispatched_count: number;
      failed_count: number;
    };
    for (;;) {
      await new Promise((r) => setTimeout(r, 200));
      row = (
        await pool.query(
          'select status, started_at, completed_at, dispatched_count, failed_count from campaigns where id = $1',
          [id],
        )
      ).rows[0];
      if (row.status !== 'pending' && row.status !== 'processing') break;
    }
    stopPolling();
    await Promise.all(procs.map((p) => p.stop()));
    const { data: outbox } = await emu<{ data: Array<{ time: number }> }>(
      page.emulatorUrl,
      `/_emulator/pages/${page.fbId}/outbox?since=${since}`,
    );
    if (
      row.status !== 'completed' ||
      row.dispatched_count !== audience ||
      outbox.length !== audience
    ) {
      throw new Error(
        `campaign ended ${row.status}: ${row.dispatched_count} sent, ${row.failed_count} failed, outbox ${outbox.length}/${audience}`,
      );
    }
    const times = outbox.map((e) => e.time).sort((a, b) => a - b);
    const seconds = (row.completed_at.getTime() - row.started_at.getTime()) / 1000;
    return {
      id,
      msgsPerSecond: audience / seconds,
      // Sending only (first to last accepted send), the measure of the pace.
      sendRate: (times.length - 1) / ((must(times[times.length - 1]) - must(times[0])) / 1000),
      startDelayMs: must(times[0]) - scheduled.getTime(),
      statusDelayMs: row.started_at.getTime() - scheduled.getTime(),
      overLimit: overLimitSends(times, PACE),
      overThreshold: overLimitSends(times, THRESHOLD),
      maxInSecond: maxInWindow(times),
      peakRssMB: Math.max(...procs.map((p) => p.peakRss())) / 1024 ** 2,
      seconds,
    };
  };

  /** A campaign to every contact of the page at `scheduled` (with `extra` columns); its id. */
  const insertCampaign = async (
    pageUuid: string,
    scheduled: Date,
    extra: Record<string, unknown> = {},
  ): Promise<string> => {
    const columns = Object.keys(extra);
    const { rows } = await pool.query<{ id: string }>(
      // Scheduled by the page's admin: a campaign sends only on its own admin's token (modules/campaigns/dispatch/target.ts).
      `insert into campaigns (page_id, admin_id, name, description, message, type, scheduled_time${columns.map((c) => `, ${c}`).join('')})
       values ($1, (select admin_id from page_admins where page_id = $1 order by admin_id limit 1),
               'Bench', 'Dispatch benchmark', 'Hello from the benchmark', 'ACCOUNT_UPDATE', $2${columns.map((_, i) => `, $${i + 3}`).join('')})
       returning id`,
      [pageUuid, scheduled, ...Object.values(extra)],
    );
    return must(rows[0]).id;
  };

  /**
   * Campaigns of several pages scheduled at the same moment, sent by the running worker processes at `rate`
   * per page: each page's achieved rate and sends over the limit in any sliding second, from the emulator's
   * outbox.
   */
  const runPagesAtOnce = async (
    pages: Array<{ uuid: string; fbId: string; emulatorUrl: string }>,
    rate: number,
    audience: number,
  ) => {
    const since = Date.now();
    const scheduled = new Date(Date.now() + 12_000);
    const ids = await Promise.all(pages.map((p) => insertCampaign(p.uuid, scheduled)));
    for (;;) {
      await new Promise((r) => setTimeout(r, 500));
      const { rows } = await pool.query<{ n: number }>(
        `select count(*)::int as n from campaigns where id = any($1::uuid[]) and status in ('pending', 'processing')`,
        [ids],
      );
      if (must(rows[0]).n === 0) break;
    }
    const perPage = [];
    for (const page of pages) {
      const { data } = await emu<{ data: Array<{ time: number }> }>(
        page.emulatorUrl,
        `/_emulator/pages/${page.fbId}/outbox?since=${since}`,
      );
      if (data.length !== audience)
        throw new Error(`page ${page.fbId}: outbox ${data.length}/${audience}`);
      // Read: the page goes from the emulator, so it does not carry this run's messages into the next.
      await emu(page.emulatorUrl, `/_emulator/pages/${page.fbId}`, undefined, 'DELETE');
      const times = data.map((e) => e.time).sort((a, b) => a - b);
      perPage.push({
        ratio:
          (times.length - 1) / ((must(times[times.length - 1]) - must(times[0])) / 1000) / rate,
        overLimit: overLimitSends(times, rate),
        overThreshold: overLimitSends(times, THRESHOLD),
        startDelayMs: must(times[0]) - scheduled.getTime(),
      });
    }
    return perPage;
  };

  // The API process beside the workers, as deployed (WORKERS_IN_API=false), answering the Campaign Analytics
  // screen's live progress poll during every run: its peak RSS is the report's "API" memory figure.
  // Its polls carry a session of the admin, as a signed-in browser's do.
  const session = await pool.query<{ id: string }>(
    `insert into sessions (admin_id, expires_at) values ($1, now() + interval '1 day') returning id`,
    [must(admin.rows[0]).id],
  );
  const api = await startApi({
    databaseUrl: pg.url,
    emulatorUrl,
    adminId: must(admin.rows[0]).id,
    fbUserId: user.id,
    sessionId: must(session.rows[0]).id,
  });
  benchRun.onStop(() => api.stop());

  /** Raw Send API capacity: a bare HTTP loop against the same emulator (the baseline of dispatch). */
  const basePage = await makePage('Bench Baseline Page', 1_000);
  const measureBaseline = () =>
    new Promise<number>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(here, 'dispatch-worker.ts')],
        {
          env: {
            ...process.env,
            BENCH_MODE: 'baseline',
            GRAPH_API_URL: emulatorUrl,
            BASELINE_PAGE_ID: basePage.fbId,
            BASELINE_TOKEN: basePage.token,
            BASELINE_PSIDS: basePage.psids.join(','),
            BASELINE_SENDS: String(BASELINE_SENDS),
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      let out = '';
      child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
      child.once('exit', () => {
        const m = /baseline (\d+) ([\d.]+)/.exec(out);
        if (!m) return reject(new Error(`baseline failed: ${out}`));
        resolve(Number(m[1]) / Number(m[2]));
      });
    });

  const big = await makePage('Bench Big Page', RECIPIENTS);
  const paced = await makePage('Bench Paced Page', PACED_RECIPIENTS, pacedEmulator);
  const baselines: number[] = [];
  const ones: Awaited<ReturnType<typeof runCampaign>>[] = [];
  const twos: typeof ones = [];
  const pacedRuns: typeof ones = [];
  // Runs interleave the baseline and the three campaigns, so a change in machine load touches all alike.
  for (let run = 1; run <= RUNS; run++) {
    const baseline = await measureBaseline();
    baselines.push(baseline);
    log(
      `run ${run}/${RUNS} baseline: ${baseline.toFixed(0)} sends/s (bare HTTP loop, 64 concurrent)`,
    );
    const one = await runCampaign(big, 1, UNTHROTTLED, RECIPIENTS, api);
    ones.push(one);
    log(
      `run ${run}/${RUNS} 1 worker: ${one.msgsPerSecond.toFixed(0)} msgs/s (${one.seconds.toFixed(1)} s), start delay ${one.startDelayMs} ms (status ${one.statusDelayMs} ms), worker peak RSS ${one.peakRssMB.toFixed(0)} MB`,
    );
    const two = await runCampaign(big, 2, UNTHROTTLED, RECIPIENTS, api);
    twos.push(two);
    log(
      `run ${run}/${RUNS} 2 workers: ${two.msgsPerSecond.toFixed(0)} msgs/s (${two.seconds.toFixed(1)} s), start delay ${two.startDelayMs} ms`,
    );
    const p = await runCampaign(paced, 2, PACE, PACED_RECIPIENTS, api);
    pacedRuns.push(p);
    log(
      `run ${run}/${RUNS} one page at the default pace: ${p.sendRate.toFixed(2)} sends/s of ${PACE} (${(p.sendRate / PACE).toFixed(3)}), max ${p.maxInSecond} in any second, ${p.overLimit} over ${PACE}, ${p.overThreshold} over ${THRESHOLD}`,
    );
  }
  // Its messages would stay in the heap of the emulator that judges the ten pages' pace (below).
  await emu(pacedEmulator.url, `/_emulator/pages/${paced.fbId}`, undefined, 'DELETE');
  // Reach: one campaign over every send path (standard, utility template, paid marketing), one worker,
  // unthrottled; then ten pages dispatching at once, each at the default pace.
  const mixedPage = await makePage('Bench Mixed Page', MIXED_RECIPIENTS);
  const mixed = await prepareMixedAudience(
    pool,
    emulatorUrl,
    { ...mixedPage, ownerFbId: user.id, userToken },
    { inside: 0.3, subscribed: 0.4 },
  );
  const mixedRun = await runCampaign(
    mixedPage,
    1,
    UNTHROTTLED,
    MIXED_RECIPIENTS,
    api,
    mixed.campaign,
  );
  const { rows: pathRows } = await pool.query<{ path: string; n: number }>(
    `select coalesce(messaging_type, 'skipped:' || skip_reason) as path, count(*)::int as n
     from campaign_recipients where campaign_id = $1 group by 1 order by 1`,
    [mixedRun.id],
  );
  const paths = Object.fromEntries(pathRows.map((r) => [r.path, r.n]));
  log(
    `mixed: ${mixedRun.msgsPerSecond.toFixed(0)} recipients/s (${mixedRun.seconds.toFixed(1)} s), paths ${JSON.stringify(paths)}`,
  );
  // Two worker processes that stay up across the runs, as deployed. Their first campaign runs cold (new
  // connections, code not yet optimised by V8): its first second sent 93-233 per page against ~280 once
  // warm (bench/FINDINGS.md), so it is its own figure; the RUNS runs after it are the sustained rate of ten
  // pages at once.
  const tenWorkers = Array.from({ length: 2 }, () => spawnWorker(PACE, pacedEmulator.url));
  await Promise.all(tenWorkers.map((p) => p.ready));
  const tenRuns = [];
  for (let run = 0; run <= RUNS; run++) {
    // Ten new pages a run (the last run's are deleted once read): the emulator keeps only the run it serves.
    // Holding every message of the runs before (~280,000, 231 MB), its full garbage collections took up to
    // 26 ms, answers waited, and the senders' in-flight requests with them (bench/FINDINGS.md).
    const tenPages = [];
    for (let i = 0; i < TEN_PAGES; i++)
      tenPages.push(
        await makePage(`Bench Page ${i + 1} of ${TEN_PAGES}`, PER_PAGE_RECIPIENTS, pacedEmulator),
      );
    const ten = await runPagesAtOnce(tenPages, PACE, PER_PAGE_RECIPIENTS);
    log(
      `run ${run === 0 ? 'cold' : `${run}/${RUNS}`} ten pages: ratios ${ten.map((p) => p.ratio.toFixed(3)).join(' ')}, over ${PACE} ${ten.map((p) => p.overLimit).join(' ')}, over ${THRESHOLD} ${ten.map((p) => p.overThreshold).join(' ')}`,
    );
    tenRuns.push(ten);
  }
  await Promise.all(tenWorkers.map((p) => p.stop()));
  const tenCold = must(tenRuns[0]);
  const tenWarm = tenRuns.slice(1);
  const tenAll = tenWarm.flat();

  // The most pages paced at once: each step N pages, two fresh workers with a batch slot for every batch of
  // every page (ceil(N x batches a page / 2) + 2 each: the deployed 12 would queue pages beyond 24, which then send one after another, not
  // at once). It stops at the first step that fails.
  const search: Array<{
    pages: number;
    minRatio: number;
    maxRatio: number;
    overPace: number;
    overThreshold: number;
    maxStartDelayMs: number;
    holds: boolean;
  }> = [];
  for (const n of SEARCH_STEPS) {
    const t = Date.now();
    const pages = [];
    for (let i = 0; i < n; i++)
      pages.push(
        await makePage(`Bench Search Page ${i + 1} of ${n}`, SEARCH_PER_PAGE, pacedEmulator, false),
      );
    await pool.query('analyze contacts');
    log(
      `search: ${n} pages of ${SEARCH_PER_PAGE} contacts in ${((Date.now() - t) / 1000).toFixed(1)} s`,
    );
    // Every batch of every page at once: a page's second batch waiting for a slot would leave a gap.
    const batchesPerPage = Math.ceil(SEARCH_PER_PAGE / DEFAULT_CAMPAIGN_WORKER_OPTIONS.batchSize);
    const workers = Array.from({ length: 2 }, () =>
      spawnWorker(PACE, pacedEmulator.url, {
        batchConcurrency: Math.ceil((n * batchesPerPage) / 2) + 2,
      }),
    );
    await Promise.all(workers.map((p) => p.ready));
    const result = await runPagesAtOnce(pages, PACE, SEARCH_PER_PAGE);
    await Promise.all(workers.map((p) => p.stop()));
    const step = {
      pages: n,
      minRatio: Math.min(...result.map((p) => p.ratio)),
      maxRatio: Math.max(...result.map((p) => p.ratio)),
      overPace: result.reduce((sum, p) => sum + p.overLimit, 0),
      overThreshold: result.reduce((sum, p) => sum + p.overThreshold, 0),
      maxStartDelayMs: Math.max(...result.map((p) => p.startDelayMs)),
      holds: false,
    };
    step.holds = step.minRatio >= 0.95 && step.overPace === 0 && step.maxStartDelayMs < 2000;
    search.push(step);
    log(
      `search: ${n} pages at once: ratios ${step.minRatio.toFixed(3)}-${step.maxRatio.toFixed(3)}, over ${PACE} ${step.overPace}, over ${THRESHOLD} ${step.overThreshold}, first sends up to ${step.maxStartDelayMs} ms late: ${step.holds ? 'holds' : 'fails'}`,
    );
    if (!step.holds) break;
  }
  const passed = search.filter((s) => s.holds);
  const largest = passed.length > 0 ? Math.max(...passed.map((s) => s.pages)) : 0;
  const searchNote = search
    .map(
      (s) =>
        `${s.pages} pages: ${s.minRatio.toFixed(3)}-${s.maxRatio.toFixed(3)} of the pace, ${s.overPace} over ${PACE}, ${s.overThreshold} over ${THRESHOLD}, first sends <= ${(s.maxStartDelayMs / 1000).toFixed(2)} s late (${s.holds ? 'holds' : 'fails'})`,
    )
    .join('; ');

  const baselineMedian = must(median(baselines));
  const apiPeakMB = (await api.peakRssBytes()) / 1024 ** 2;
  log(
    `API peak RSS ${apiPeakMB.toFixed(0)} MB over ${api.polls()} progress polls (${api.pollErrors()} failed)`,
  );
  if (api.pollErrors() > 0) throw new Error(`${api.pollErrors()} campaign progress polls failed`);

  const figures: Figure[] = [
    figure({
      name: 'Emulator raw Send API capacity (bare HTTP loop, 64 concurrent)',
      unit: 'sends/s',
      values: baselines,
      digits: 0,
    }),
    figure({
      name: `Unthrottled dispatch, ${RECIPIENTS.toLocaleString('en')} recipients, 1 worker`,
      unit: 'msgs/s',
      values: ones.map((r) => r.msgsPerSecond),
      baseline: { name: 'emulator raw capacity', median: baselineMedian },
      target: { op: '>=', value: 2000 },
      digits: 0,
      note: 'audience / (completed_at - started_at): snapshot, fan-out, claims, sends and outcome writes',
    }),
    figure({
      name: `Unthrottled dispatch, ${RECIPIENTS.toLocaleString('en')} recipients, 2 workers`,
      unit: 'msgs/s',
      values: twos.map((r) => r.msgsPerSecond),
      baseline: { name: 'emulator raw capacity', median: baselineMedian },
      digits: 0,
    }),
    figure({
      name: `One page at the default pace (${PACE}/s), ${PACED_RECIPIENTS.toLocaleString('en')} recipients, 2 workers: achieved / pace`,
      unit: 'ratio',
      values: pacedRuns.map((r) => r.sendRate / PACE),
      target: { op: '>=', value: 0.95 },
      digits: 3,
      note: `first to last send on the emulator's outbox; max ${Math.max(...pacedRuns.map((r) => r.maxInSecond))} sends in any 1 s window; ${Math.max(...pacedRuns.map((r) => r.overThreshold))} over Meta's ${THRESHOLD} in the worst run`,
    }),
    figure({
      name: `One page: sends over ${PACE}/s in any sliding second (outbox)`,
      unit: 'sends',
      values: pacedRuns.map((r) => r.overLimit),
      target: { op: '<=', value: 0, of: 'max' },
      digits: 0,
    }),
    figure({
      name: `Mixed campaign (standard + utility + marketing), ${MIXED_RECIPIENTS.toLocaleString('en')} recipients, 1 worker, unthrottled`,
      unit: 'recipients/s',
      values: [mixedRun.msgsPerSecond],
      baseline: { name: 'emulator raw capacity', median: baselineMedian },
      target: { op: '>=', value: 2000 },
      digits: 0,
      note: `one run; paths from the recipient rows: ${Object.entries(paths)
        .map(([k, v]) => `${k} ${v.toLocaleString('en')}`)
        .join(
          ', ',
        )}; the emulator's outbox held exactly one message per recipient. A campaign with a template reaches everyone outside the window, so it has no skipped rows: skips (no Graph call) are measured by the API tests`,
    }),
    figure({
      name: `Ten pages at once, ${PER_PAGE_RECIPIENTS.toLocaleString('en')} recipients each at ${PACE}/s per page, 2 workers: slowest page's achieved / pace`,
      unit: 'ratio',
      values: tenWarm.map((ten) => Math.min(...ten.map((p) => p.ratio))),
      target: { op: '>=', value: 0.95 },
      digits: 3,
      note: `one value per run, the workers' later campaigns; every page of every run: ${Math.min(...tenAll.map((p) => p.ratio)).toFixed(3)}-${Math.max(...tenAll.map((p) => p.ratio)).toFixed(3)}; first sends ${Math.min(...tenAll.map((p) => p.startDelayMs))}-${Math.max(...tenAll.map((p) => p.startDelayMs))} ms after the scheduled time`,
    }),
    figure({
      name: `Ten pages at once, the workers' first campaign after they start: slowest page's achieved / pace`,
      unit: 'ratio',
      values: [Math.min(...tenCold.map((p) => p.ratio))],
      digits: 3,
      note: `every page: ${Math.min(...tenCold.map((p) => p.ratio)).toFixed(3)}-${Math.max(...tenCold.map((p) => p.ratio)).toFixed(3)}; its first ~2 s send slower (bench/FINDINGS.md)`,
    }),
    figure({
      name: `Ten pages at once: sends over ${PACE}/s in any sliding second, all pages`,
      unit: 'sends',
      values: tenRuns.map((ten) => ten.reduce((n, p) => n + p.overLimit, 0)),
      target: { op: '<=', value: 0, of: 'max' },
      digits: 0,
      note: `every run, the first campaign included; over Meta's ${THRESHOLD}: ${Math.max(...tenRuns.map((ten) => ten.reduce((n, p) => n + p.overThreshold, 0)))} in the worst run`,
    }),
    figure({
      name: `Most pages paced at once at ${PACE}/s, ${SEARCH_PER_PAGE.toLocaleString('en')} recipients each, 2 workers (every page >= 0.95 of the pace, 0 over, first send < 2 s late)`,
      unit: 'pages',
      values: [largest],
      digits: 0,
      note: `steps ${SEARCH_STEPS.join(', ')}${passed.length === search.length ? ' (every step held: the machine may pace more)' : ''}; ${searchNote}; workers with a batch slot for every batch of every page, ceil(pages x ${Math.ceil(SEARCH_PER_PAGE / DEFAULT_CAMPAIGN_WORKER_OPTIONS.batchSize)} / 2) + 2 each (the deployed default is 12 a process)`,
    }),
    figure({
      name: 'Start delay after the scheduled time (first send)',
      unit: 's',
      values: [...ones, ...twos, ...pacedRuns].map((r) => r.startDelayMs / 1000),
      target: { op: '<', value: 2 },
      digits: 3,
    }),
    figure({
      name: `Peak RSS of a worker process, ${RECIPIENTS.toLocaleString('en')}-recipient campaigns`,
      unit: 'MB',
      values: [...ones, ...twos].map((r) => r.peakRssMB),
      target: { op: '<', value: 300 },
      digits: 0,
    }),
    figure({
      name: `Peak RSS of a worker process, ${PACED_RECIPIENTS.toLocaleString('en')}-recipient campaigns`,
      unit: 'MB',
      values: pacedRuns.map((r) => r.peakRssMB),
      target: { op: '<', value: 300 },
      digits: 0,
      note: 'compare with the row above: a worker holds one batch in flight, so its memory does not follow the audience size',
    }),
    figure({
      name: 'Peak RSS of the API process (serving the live progress poll during every run)',
      unit: 'MB',
      values: [apiPeakMB],
      target: { op: '<', value: 300 },
      digits: 0,
      note: `VmHWM of the API process (WORKERS_IN_API=false) after ${api.polls()} polls of GET /api/v1/campaigns/{id}`,
    }),
  ];
  const file = writeResult('dispatch', {
    figures,
    search,
    notes: [
      'Workers are separate processes (apps/api/bench/dispatch-worker.ts); emulator and Postgres run beside them on the same machine.',
      `The paced runs send at the default pace, ${PACE}/s per page, under Meta's high-volume threshold of ${THRESHOLD} messages/s. The pacer targets 96% of it (jitter margin), so about 0.96 is the expected ceiling of achieved / pace.`,
      "The emulator runs in a process of its own, as the platform is remote, and the paced runs use a second one behind Debian's nginx as the platform's edge: its outbox times are when each request reached nginx (X-Request-Start), so a stall of the emulator's own (garbage collection, CPU shared with the workers and Postgres on this machine) does not show as a burst. It holds only the run it judges: each ten-pages run has new pages, and the last run's are deleted.",
      "The paced runs leave the emulator unthrottled so its outbox measures the pacer itself (with the emulator enforcing a limit, over-limit sends are impossible by construction and would show as 613 answers). The unthrottled runs opt in with HIGH_VOLUME_SENDS (they put their page in the emulator's high-volume mode, which refuses no send).",
    ],
  });
  log(`wrote ${file}`);
}

/** Sends that found `limit` or more sends in the second before them (each would be refused by the platform). */
function overLimitSends(times: number[], limit: number): number {
  let over = 0;
  for (let start = 0, end = 0; end < times.length; end++) {
    while (must(times[end]) - must(times[start]) >= 1000) start++;
    if (end - start + 1 > limit) over++;
  }
  return over;
}
