/**
 * Load (docs/reliability.md): a bounded soak on loopback. The API runs as production runs it (src/main.ts in its own
 * process, workers inside: campaign dispatch, webhook ingest) on a database of this file's own, against the
 * Graph emulator over HTTP. For SOAK_SECONDS (default 120) concurrent loops send inbox reads, chat sends, tag
 * changes and signed Messenger webhooks at 100/s while one campaign to the whole audience dispatches.
 *
 * Asserted: zero errors (every answer the expected 2xx, no socket error, no error line in the API's log, a
 * clean shutdown), every webhook ingested (stored, processed, its rows written and the campaign counters
 * exactly what the events imply), the campaign complete with exactly one outcome per recipient and no psid
 * twice in the emulator's outbox, and memory flat (the API's RSS and what survives its major GCs, see
 * RSS_MARGIN and OLD_GEN_MARGIN_MB). Figures are printed and written to a JSON file in the OS temp folder.
 * Nothing here measures speed. Linux only (/proc).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jwt from '@fastify/jwt';
import { startEmulator, signatureHeaders, type Emulator } from '@pagecast/graph-emulator';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorPage, seedPageData } from '../../bench/seed.js';
import { SESSION_TTL_MS, signAdminToken } from '../../src/auth/jwt.js';
import { openSession } from '../../src/modules/sessions/repo.js';
import { tokenCipher } from '../../src/crypto/tokens.js';
import { freePort } from '../../src/db/embedded.js';
import { maxInWindow } from '../../test/support/pace.js';
import { must } from '../../test/support/assert.js';
import { emu } from '../../test/support/emulator-control.js';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/db.js';
import { startApiProcess, summarizeLog, type ApiProcess } from './api-process.js';
import { paced, sleep, Traffic } from './traffic.js';
import { graphRequestLog } from '../../test/helpers/graph-requests.js';

const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 120);
const CONTACTS = Number(process.env.SOAK_CONTACTS ?? 3000);
/** Requests per second of each loop; webhooks at the rate docs/reliability.md states. */
const RATE = { reads: 30, sends: 5, tags: 5, webhooks: 100 };
/**
 * Requests in flight per loop: 1.6 s worth of its rate. Each loop keeps its rate while answers take up to
 * 1.6 s; beyond that (a starved machine) all loops slow down alike, so the mix keeps its proportions and the
 * queue in front of the API stays bounded.
 */
const IN_FLIGHT = (rate: number) => Math.max(4, Math.ceil(rate * 1.6));
/**
 * Pagecast's page send rate (SEND_RATE_PER_PAGE) for the soak: set so that the campaign to the whole
 * audience lasts about 90% of the soak (the pacer keeps 4% under it), i.e. it dispatches through the
 * measured last quarter. The emulator keeps the platform's own limit (300/s), which the campaign and the
 * chat sends share, as on Messenger.
 */
const SEND_RATE = Math.max(1, Math.ceil(CONTACTS / (0.85 * SOAK_SECONDS)));
/** RSS and heap samples: about 60 over the soak, at most every 2 s. */
const SAMPLE_MS = Math.min(2000, Math.max(500, (SOAK_SECONDS * 1000) / 60));
/** The first quarter warms up (JIT, pools, caches, pg-boss maintenance); memory is compared after it. */
const WARMUP_SHARE = 0.25;
/**
 * Memory flat, 1: the highest RSS of the last quarter may exceed the RSS high-water mark of the warm-up by at
 * most RSS_MARGIN (a share of it). Why 75%: the API's live heap is small (~40 MB of a ~200 MB RSS), and once V8
 * has settled it lets garbage pile up to ~4x the live heap between major collections (seen: 40 -> 160 MB, the
 * RSS following by ~80 MB, nothing retained), later and higher when the CPU is contended. Three default runs
 * on the shared 2-core machine (load average 13-21) peaked at 1.28-1.40x the warm-up mark, so a 20% / 50 MB /
 * 50% bound would be flaky there. At 75% (~150 MB) this is the catch-all for memory outside the JS heap
 * (sockets, buffers, native pools): a steady leak of ~1.7 MB/s fails it. JS objects are checked more finely
 * by OLD_GEN_MARGIN_MB.
 */
const RSS_MARGIN = 0.75;
/**
 * Memory flat, 2, the sharper leak check: what survives a major GC. After every major collection past the warm-up, the
 * old generation (old + large-object space, from the API's /metrics) may exceed its lowest warm-up value by at
 * most this much: caches, pools and compiled code settle within a few MB (~8 MB seen), while a leak of
 * 1.5 KB per request is ~30 MB at the default duration on a quiet machine (~20,000 requests).
 */
const OLD_GEN_MARGIN_MB = 30;
/** Set-up, the soak, up to 2 minutes for the campaign to finish on a starved machine, the shutdown. */
const TEST_TIMEOUT_MS = (SOAK_SECONDS + 300) * 1000;
const APP_SECRET = randomBytes(16).toString('hex');
const JWT_SECRET = randomBytes(32).toString('base64url');
const ENCRYPTION_KEY = randomBytes(32).toString('base64');
const METRICS_TOKEN = randomBytes(24).toString('base64url');
const CAMPAIGN_TEXT =
  'Our spring collection is here! Reply to this message to reserve yours before Friday.';
const MB = 1024 * 1024;

interface Sample {
  t: number;
  rss: number;
  /** The API's CPU use since the previous sample, in % of one core. */
  cpu: number;
  heapUsed: number | null;
  /** Old + large-object space in use. */
  oldGen: number | null;
  /** Major GCs so far (the API's nodejs_gc_duration_seconds_count{kind="major"}). */
  majorGcs: number | null;
}

let emulator: Emulator;
let database: TestDatabase;
let api: ApiProcess | undefined;
let traffic: Traffic | undefined;
let workDir: string;

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pagecast-soak-'));
  // The platform: its real Send API limit (300/s per page), no webhooks of its own (the page is not
  // subscribed): every webhook the API receives is one this test sent and counted.
  emulator = await startEmulator({
    ...graphRequestLog(),
    port: 0,
    host: '127.0.0.1',
    seed: 'empty',
    appSecret: APP_SECRET,
  });
  database = await createTestDatabase();
});

afterAll(async () => {
  await traffic?.close().catch(() => undefined);
  await api?.stop(5000);
  await emulator?.close();
  await database?.drop();
  // SOAK_KEEP=1 keeps the API's log and data folder for a look after the run.
  if (workDir && !process.env.SOAK_KEEP) fs.rmSync(workDir, { recursive: true, force: true });
  else if (workDir) console.log(`[soak] kept ${workDir}`);
});

describe('soak: mixed traffic with a campaign dispatching', () => {
  it(
    `${SOAK_SECONDS} s: zero errors, every webhook ingested, the campaign exactly once, memory flat`,
    async () => {
      const emulatorUrl = emulator.url.replace(/\/$/, '');
      // --- seed: one admin, a page of CONTACTS contacts inside the 24-hour window, tags, a campaign history
      const user = await emu<{ id: string; name: string }>(emulatorUrl, '/_emulator/users', {
        name: 'Soak Admin',
      });
      const page = await createEmulatorPage(emulatorUrl, user.id, 'Soak Bakery', CONTACTS);
      const seeded = await seedPageData(database.pool, {
        admin: { fbUserId: user.id, name: user.name },
        page,
        tokens: tokenCipher(Buffer.from(ENCRYPTION_KEY, 'base64')),
        messagesPerContact: 6,
        tags: 20,
        campaigns: 20,
        inWindow: CONTACTS,
      });
      const psids = seeded.psids;
      const { rows: tagRows } = await database.pool.query<{ id: string }>(
        'select id from tags where page_id = $1 order by name',
        [seeded.pageUuid],
      );
      const seededTags = tagRows.map((r) => r.id);
      const { rows: windowRows } = await database.pool.query<{ n: number }>(
        `select count(*)::int as n from contacts where page_id = $1 and last_inbound_at > now() - interval '23 hours'`,
        [seeded.pageUuid],
      );
      expect(windowRows[0]?.n).toBe(CONTACTS);

      // --- the API, as production runs it
      const port = await freePort(36_000 + Math.floor(Math.random() * 4000));
      const apiUrl = `http://127.0.0.1:${port}`;
      api = await startApiProcess({
        port,
        logFile: path.join(workDir, 'api.log'),
        env: {
          NODE_ENV: 'production',
          LOG_LEVEL: 'info',
          DATABASE_URL: database.url,
          GRAPH_API_URL: emulatorUrl,
          FB_APP_SECRET: APP_SECRET,
          WEBHOOK_VERIFY_TOKEN: randomBytes(24).toString('base64url'),
          METRICS_TOKEN,
          JWT_SECRET,
          ENCRYPTION_KEY,
          DATA_DIR: path.join(workDir, 'data'),
          WEB_DIST: path.join(workDir, 'no-web-build'),
          PUBLIC_URL: apiUrl,
          WEB_ORIGIN: apiUrl,
          SEND_RATE_PER_PAGE: String(SEND_RATE),
          // The soak's scripted replies (5 a second) are load, not a person: above the inbox's ceilings.
          CHAT_SENDS_PER_ADMIN_MINUTE: '100000',
          CHAT_SENDS_PER_PAGE_MINUTE: '100000',
          WORKERS_IN_API: 'true',
        },
      });
      const signer = Fastify();
      await signer.register(jwt, { secret: JWT_SECRET });
      const token = signAdminToken(signer, {
        adminId: seeded.adminId,
        userId: user.id,
        role: 'admin',
        sessionId: await openSession(database.pool, {
          adminId: seeded.adminId,
          expiresAt: new Date(Date.now() + SESSION_TTL_MS),
        }),
      });
      await signer.close();
      const t = (traffic = new Traffic(apiUrl, { authorization: `Bearer ${token}` }));

      // --- memory samples: /proc for RSS, the API's own /metrics for the V8 heap
      const samples: Sample[] = [];
      const soakStart = performance.now();
      const soakWallStart = Date.now();
      const cpuStart = must(api).cpuSeconds();
      const testCpuStart = process.cpuUsage();
      let lastCpu = { at: soakStart, seconds: cpuStart };
      // RSS and CPU from /proc on every tick; the heap from /metrics, one request at a time (a slow answer
      // leaves the next ticks without heap figures rather than piling requests on a busy API).
      let metricsInFlight: Promise<void> | undefined;
      const sample = () => {
        const now = { at: performance.now(), seconds: must(api).cpuSeconds() };
        const s: Sample = {
          t: (now.at - soakStart) / 1000,
          rss: must(api).rss(),
          cpu:
            ((now.seconds - lastCpu.seconds) / Math.max(0.001, (now.at - lastCpu.at) / 1000)) * 100,
          heapUsed: null,
          oldGen: null,
          majorGcs: null,
        };
        lastCpu = now;
        samples.push(s);
        if (metricsInFlight) return metricsInFlight;
        metricsInFlight = t
          .call('metrics', 'GET', '/metrics', 200, undefined, {
            authorization: `Bearer ${METRICS_TOKEN}`,
          })
          .then((metrics) => {
            metricsInFlight = undefined;
            if (!metrics) return;
            const metric = (pattern: RegExp): number | null => {
              const m = pattern.exec(metrics.text);
              return m ? Number(m[1]) : null;
            };
            const old = metric(/^nodejs_heap_space_size_used_bytes\{space="old"\} (\d+)/m);
            const large = metric(
              /^nodejs_heap_space_size_used_bytes\{space="large_object"\} (\d+)/m,
            );
            s.heapUsed = metric(/^nodejs_heap_size_used_bytes (\d+)/m);
            s.oldGen = old === null || large === null ? null : old + large;
            // Absent until the first major GC.
            s.majorGcs = metric(/^nodejs_gc_duration_seconds_count\{kind="major"\} (\d+)/m) ?? 0;
          });
        return metricsInFlight;
      };
      await sample();
      const sampler = setInterval(() => void sample(), SAMPLE_MS);

      // --- the campaign: to all users, due at once
      const created = await t.call('campaignCreate', 'POST', '/api/v1/campaigns/create', 201, {
        name: 'Soak campaign',
        description: 'Spring collection announcement',
        pageId: page.id,
        tagId: null,
        // Due in 2 s: "now" could fall in the next minute by the time the server checks it (then in the past).
        time: new Date(Date.now() + 2000).toISOString(),
        type: 'ACCOUNT_UPDATE',
        msg: CAMPAIGN_TEXT,
      });
      const campaignId = must(created?.json?.id as string | undefined, 'the created campaign');

      // --- traffic
      const until = soakStart + SOAK_SECONDS * 1000;
      const pick = <T>(xs: T[]): T => must(xs[Math.floor(Math.random() * xs.length)]);
      const pageId = page.id;

      // Inbox reads, with the campaign analytics and Manage Tags screens open too.
      let nextCursor: string | null = null;
      const reads = paced(RATE.reads, IN_FLIGHT(RATE.reads), until, async (i) => {
        const r = i % 10;
        if (r < 4) {
          const after = r === 3 && nextCursor ? `&after=${encodeURIComponent(nextCursor)}` : '';
          const res = await t.call(
            'recipients',
            'GET',
            `/api/v1/chats/${pageId}/recipients?limit=30${after}`,
            200,
          );
          if (r !== 3) nextCursor = (res?.json?.paging?.nextCursor as string | null) ?? null;
        } else if (r < 8) {
          await t.call('messages', 'GET', `/api/v1/chats/${pageId}/user/${pick(psids)}`, 200);
        } else if (r === 8) {
          await t.call('tagsList', 'GET', `/api/v1/tags/page/${pageId}`, 200);
        } else {
          await t.call('campaignDetail', 'GET', `/api/v1/campaigns/${campaignId}`, 200);
        }
      });

      // Chat replies (RESPONSE, inside the window) through the Send API.
      let sendsOk = 0;
      const sends = paced(RATE.sends, IN_FLIGHT(RATE.sends), until, async (i) => {
        const res = await t.call(
          'send',
          'POST',
          `/api/v1/chats/${pageId}/user/${pick(psids)}/send`,
          201,
          {
            message: `Soak reply #${i}: your order ships tomorrow morning.`,
          },
        );
        if (res) sendsOk++;
      });

      // Tag changes: contacts tagged and untagged; tags created, renamed and deleted (a tag is in one step at a time).
      const toRename: Array<{ id: string; n: number }> = [];
      const toDelete: Array<{ id: string; n: number }> = [];
      let tagsCreated = 0;
      const tags = paced(RATE.tags, IN_FLIGHT(RATE.tags), until, async (i) => {
        const step = i % 5;
        if (step === 2) {
          const res = await t.call('tagCreate', 'POST', '/api/v1/tags', 201, {
            pageId,
            name: `Soak ${i}`,
            description: `Created during the soak, step ${i}`,
          });
          const id = res?.json?.tag?.id as string | undefined;
          if (id) {
            tagsCreated++;
            toRename.push({ id, n: i });
          }
          return;
        }
        const rename = step === 3 ? toRename.shift() : undefined;
        if (rename) {
          const res = await t.call('tagRename', 'PATCH', `/api/v1/tags/${rename.id}`, 200, {
            name: `Soak ${rename.n} renamed`,
            description: 'Renamed during the soak',
          });
          if (res) toDelete.push(rename);
          return;
        }
        const del = step === 4 ? toDelete.shift() : undefined;
        if (del) {
          await t.call('tagDelete', 'DELETE', `/api/v1/tags/${del.id}`, 200, {});
          return;
        }
        const body = { userId: pick(psids), tagId: pick(seededTags), pageId };
        if (i % 2 === 0) await t.call('userTagAdd', 'POST', '/api/user-tags/add', 200, body);
        else await t.call('userTagRemove', 'DELETE', '/api/user-tags/remove', 200, body);
      });

      // Signed Messenger webhooks at 100/s: contacts writing in, and delivery / read receipts of the campaign's
      // messages as the emulator's outbox shows them sent.
      const outbox = must(emulator.world.pages.get(pageId)).outbox;
      let scanned = 0;
      const toDeliver: Array<{ psid: string; mid: string }> = [];
      const toRead: string[] = [];
      const inbound: Array<{ psid: string; at: number; mid: string }> = [];
      const receipts: Array<{ psid: string; watermark: number; mid: string | null }> = [];
      let webhooksOk = 0;
      const webhooks = paced(RATE.webhooks, IN_FLIGHT(RATE.webhooks), until, async (i) => {
        for (; scanned < outbox.length; scanned++) {
          const e = must(outbox[scanned]);
          if (e.text === CAMPAIGN_TEXT) toDeliver.push({ psid: e.recipient, mid: e.mid });
        }
        const now = Date.now();
        const kind = i % 4;
        let event: Record<string, unknown>;
        const delivered = kind === 2 ? toDeliver.shift() : undefined;
        const read = kind === 3 ? toRead.shift() : undefined;
        if (delivered) {
          event = {
            sender: { id: delivered.psid },
            recipient: { id: pageId },
            timestamp: now,
            delivery: { mids: [delivered.mid], watermark: now },
          };
          receipts.push({ psid: delivered.psid, watermark: now, mid: delivered.mid });
        } else if (read) {
          event = {
            sender: { id: read },
            recipient: { id: pageId },
            timestamp: now,
            read: { watermark: now },
          };
          receipts.push({ psid: read, watermark: now, mid: null });
        } else {
          const psid = pick(psids);
          const mid = `m_soak_${i}`;
          event = {
            sender: { id: psid },
            recipient: { id: pageId },
            timestamp: now,
            message: { mid, text: `Soak message ${i}: is the bakery open on Sunday?` },
          };
          inbound.push({ psid, at: now, mid });
        }
        const body = JSON.stringify({
          object: 'page',
          entry: [{ id: pageId, time: now, messaging: [event] }],
        });
        const res = await t.call(
          'webhook',
          'POST',
          '/api/webhooks/messenger',
          200,
          body,
          signatureHeaders(body, APP_SECRET),
        );
        if (res) {
          webhooksOk++;
          if (delivered) toRead.push(delivered.psid);
        }
      });

      // The live inbox open in a browser: one Server-Sent Events stream from the start until the API shuts
      // down, which must end it (and let the process exit) rather than wait for the browser to leave.
      const sse = { events: 0, messages: 0, error: '' };
      let stopping = false;
      const sseAbort = new AbortController();
      const sseDone = (async () => {
        try {
          const res = await t.pool.request({
            method: 'GET',
            path: `/api/v1/chats/${pageId}/events`,
            headers: { authorization: `Bearer ${token}` },
            signal: sseAbort.signal,
          });
          if (res.statusCode !== 200) {
            sse.error = `status ${res.statusCode}: ${await res.body.text()}`;
            return;
          }
          for await (const chunk of res.body) {
            const text = (chunk as Buffer).toString();
            sse.events += text.split('\n\n').filter((e) => e.startsWith('data: ')).length;
            sse.messages += (text.match(/"type":"message"/g) ?? []).length;
          }
          if (!stopping) sse.error = 'the stream ended before the API was stopped';
        } catch (err) {
          sse.error = (err as Error).message;
        }
      })();

      const [readsRun, sendsRun, tagsRun, webhooksRun] = await Promise.all([
        reads,
        sends,
        tags,
        webhooks,
      ]);
      const apiCpuSeconds = must(api).cpuSeconds() - cpuStart;
      const testCpu = process.cpuUsage(testCpuStart);
      const soakSeconds = (performance.now() - soakStart) / 1000;
      // Requests of the soak itself (the drain's polling below comes on top, in the error checks only).
      const counts = t.counts();

      // --- drain: the campaign finishes, every stored webhook is processed (both bounded)
      // Generous for a CPU-starved machine (the pacer's database round trips slow down with it); on a quiet one
      // the campaign ends within the soak.
      const campaignDeadline = Date.now() + 120_000;
      let campaign: Record<string, unknown> | undefined;
      for (;;) {
        const res = await t.call('campaignDetail', 'GET', `/api/v1/campaigns/${campaignId}`, 200);
        campaign = res?.json?.campaign as Record<string, unknown> | undefined;
        if (campaign && !['pending', 'processing'].includes(campaign.status as string)) break;
        if (Date.now() > campaignDeadline) break;
        await sleep(500);
      }
      const webhookDeadline = Date.now() + 60_000;
      const drainStart = performance.now();
      // Left unprocessed when the traffic stopped (over the ingest queue: the sweeper's), and the time to none.
      let backlogAtEnd: number | undefined;
      let unprocessed: number;
      for (;;) {
        const { rows } = await database.pool.query<{ n: number }>(
          'select count(*)::int as n from webhook_events where processed_at is null',
        );
        unprocessed = must(rows[0]).n;
        backlogAtEnd ??= unprocessed;
        if (unprocessed === 0 || Date.now() > webhookDeadline) break;
        await sleep(500);
      }
      const drainSeconds = (performance.now() - drainStart) / 1000;
      // Read again once every webhook is processed (its consumers ran before it was marked): receipts of the
      // last sends were still queued when the campaign completed, so the first read's counters could trail.
      const settled = await t.call('campaignDetail', 'GET', `/api/v1/campaigns/${campaignId}`, 200);
      campaign = (settled?.json?.campaign as Record<string, unknown> | undefined) ?? campaign;
      clearInterval(sampler);
      await metricsInFlight;
      await sample();

      // --- figures
      const soakSamples = samples.filter((s) => s.t <= SOAK_SECONDS + 1);
      const warmupEnd = SOAK_SECONDS * WARMUP_SHARE;
      const lastQuarterStart = SOAK_SECONDS * 0.75;
      const rssWarm = Math.max(...soakSamples.filter((s) => s.t <= warmupEnd).map((s) => s.rss));
      const lastQuarter = soakSamples.filter((s) => s.t >= lastQuarterStart);
      const rssLastQuarterMax = Math.max(...lastQuarter.map((s) => s.rss));
      const heapOf = (xs: Sample[]) =>
        xs.map((s) => s.heapUsed).filter((h): h is number => h !== null);
      // The first sample after each major GC past the warm-up (soak and drain): the old generation then is
      // what survived it, plus at most a sample interval of promotions.
      const oldGenBase = Math.min(
        ...samples
          .filter((s) => s.t <= warmupEnd && s.oldGen !== null)
          .map((s) => s.oldGen as number),
      );
      const afterMajorGc = samples.filter((s, i) => {
        const prev = samples
          .slice(0, i)
          .reverse()
          .find((p) => p.majorGcs !== null);
        return (
          s.t > warmupEnd &&
          s.oldGen !== null &&
          s.majorGcs !== null &&
          prev?.majorGcs != null &&
          s.majorGcs > prev.majorGcs
        );
      });
      const requests = Object.values(counts).reduce((a, b) => a + b, 0);
      const outboxCampaign = outbox.filter((e) => e.text === CAMPAIGN_TEXT);
      const { rows: stateRows } = await database.pool.query<{ state: string; n: number }>(
        'select state, count(*)::int as n from campaign_recipients where campaign_id = $1 group by state order by state',
        [campaignId],
      );
      const states = Object.fromEntries(stateRows.map((r) => [r.state, r.n]));
      const figures = {
        soakSeconds: Math.round(soakSeconds * 10) / 10,
        contacts: CONTACTS,
        sendRatePerPage: SEND_RATE,
        requestsByKind: counts,
        requests,
        requestsPerSecond: Math.round(requests / soakSeconds),
        latencyMs: t.latency(),
        // CPU used during the traffic, in % of one core (2 cores shared with other work on the dev machine).
        cpuPercent: {
          api: Math.round((apiCpuSeconds / soakSeconds) * 100),
          testProcess: Math.round(((testCpu.user + testCpu.system) / 1e6 / soakSeconds) * 100),
          loadAverage: os.loadavg().map((l) => round(l)),
        },
        webhooks: {
          sent: webhooksRun.started,
          ok: webhooksOk,
          perSecond: Math.round((webhooksRun.started / webhooksRun.seconds) * 10) / 10,
          inbound: inbound.length,
          receipts: receipts.length,
          unprocessedAfterCampaign: backlogAtEnd,
          drainSeconds: round(drainSeconds),
        },
        loops: { reads: readsRun.started, sends: sendsRun.started, tags: tagsRun.started },
        tagsCreated,
        chatSendsOk: sendsOk,
        campaign: {
          status: campaign?.status,
          audience: campaign?.audienceCount,
          dispatched: campaign?.dispatchedCount,
          delivered: campaign?.deliveredCount,
          interacted: campaign?.interactedCount,
          failed: campaign?.failedCount,
          recipientStates: states,
          outboxSends: outboxCampaign.length,
          firstSendAfterS: outboxCampaign[0]
            ? round((must(outboxCampaign[0]).time - soakWallStart) / 1000)
            : null,
          lastSendAfterS: outboxCampaign.length
            ? round((must(outboxCampaign.at(-1)).time - soakWallStart) / 1000)
            : null,
          // A figure, not asserted: outbox times are taken in this process, which also runs the load, so its own
          // event-loop stalls bunch arrivals (test/campaigns-crash.test.ts checks the pace on a quiet emulator).
          maxSendsInAnySecond: maxInWindow(outboxCampaign.map((e) => e.time)),
        },
        errors: t.errors.length,
        errorSamples: t.errors.slice(0, 20),
        memory: {
          sampleEveryMs: SAMPLE_MS,
          rssStartMB: round(must(samples[0]).rss / MB),
          rssWarmupEndMB: round(rssWarm / MB),
          rssPeakMB: round(Math.max(...soakSamples.map((s) => s.rss)) / MB),
          rssLastQuarterMaxMB: round(rssLastQuarterMax / MB),
          rssEndMB: round(must(soakSamples.at(-1)).rss / MB),
          rssLimitMB: round((rssWarm * (1 + RSS_MARGIN)) / MB),
          // The V8 heap in use (the API's /metrics): lowest (~after a major GC) and highest, warm-up vs last quarter.
          heapUsedWarmupMB: minMax(heapOf(soakSamples.filter((s) => s.t <= warmupEnd))),
          heapUsedLastQuarterMB: minMax(heapOf(lastQuarter)),
          oldGenWarmupMinMB: round(oldGenBase / MB),
          oldGenAfterMajorGcMB: afterMajorGc.map((s) => ({
            t: round(s.t),
            mb: round((s.oldGen as number) / MB),
          })),
          oldGenLimitMB: round(oldGenBase / MB + OLD_GEN_MARGIN_MB),
          samples: samples.map((s) => ({
            t: round(s.t),
            rssMB: round(s.rss / MB),
            cpu: Math.round(s.cpu),
            heapUsedMB: s.heapUsed === null ? null : round(s.heapUsed / MB),
            oldGenMB: s.oldGen === null ? null : round(s.oldGen / MB),
            majorGcs: s.majorGcs,
          })),
        },
      };

      // --- the API stops cleanly (the live inbox stream still open), and its log has no error line
      stopping = true;
      const exitCode = await must(api).stop();
      // Bounded: a stream the shutdown did not end is cut here and reported by sse.error.
      const sseTimer = setTimeout(() => sseAbort.abort(), 5000);
      await sseDone;
      clearTimeout(sseTimer);
      const log = summarizeLog(must(api).logFile);
      const output = {
        ...figures,
        sse: { ...sse },
        apiExitCode: exitCode,
        log: {
          lines: log.lines,
          byLevel: log.byLevel,
          errors: log.errors.slice(0, 10),
          warnings: log.warnings.slice(0, 10),
        },
      };
      const resultFile = path.join(
        os.tmpdir(),
        `pagecast-soak-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
      );
      fs.writeFileSync(resultFile, `${JSON.stringify(output, null, 2)}\n`);
      const { samples: _samples, ...memory } = output.memory;
      console.log(
        `[soak] ${JSON.stringify({ ...output, memory }, null, 2)}\n[soak] figures written to ${resultFile}`,
      );

      // --- zero errors
      expect(t.errors, 'requests that failed').toEqual([]);
      expect(sse.error, 'the live inbox stream').toBe('');
      expect(log.errors, 'error lines in the API log').toEqual([]);
      expect(exitCode, 'the API exit code after SIGTERM').toBe(0);

      // --- webhooks: every one stored and processed, its rows written
      expect(unprocessed).toBe(0);
      const { rows: ev } = await database.pool.query<{ n: number; failed: number }>(
        `select count(*)::int as n, count(*) filter (where error is not null)::int as failed from webhook_events`,
      );
      expect(ev[0]).toEqual({ n: webhooksOk, failed: 0 });
      const { rows: stored } = await database.pool.query<{ n: number }>(
        `select count(*)::int as n from messages where page_id = $1 and mid like 'm_soak_%' and direction = 'in'`,
        [seeded.pageUuid],
      );
      expect(must(stored[0]).n).toBe(inbound.length);
      // Chat sends: stored once each and sent once each.
      const { rows: replies } = await database.pool.query<{ n: number }>(
        `select count(*)::int as n from messages where page_id = $1 and direction = 'out' and text like 'Soak reply #%'`,
        [seeded.pageUuid],
      );
      expect(must(replies[0]).n).toBe(sendsOk);
      expect(outbox.filter((e) => e.text.startsWith('Soak reply #')).length).toBe(sendsOk);

      // --- the campaign: complete, one outcome per recipient, nobody twice
      expect(campaign?.status).toBe('completed');
      expect(states).toEqual({ sent: CONTACTS });
      expect(campaign?.audienceCount).toBe(CONTACTS);
      expect(campaign?.dispatchedCount).toBe(CONTACTS);
      expect(outboxCampaign).toHaveLength(CONTACTS);
      expect(new Set(outboxCampaign.map((e) => e.recipient)).size).toBe(CONTACTS);

      // Counters: exactly what the receipts and replies sent imply, computed from the same rows.
      const { rows: expected } = await database.pool.query<{
        delivered: number;
        interacted: number;
        deliveredRows: number;
        interactedRows: number;
      }>(
        `with rec as (select * from unnest($2::text[], $3::bigint[], $4::text[]) as x(psid, wm, mid)),
            inb as (select * from unnest($5::text[], $6::bigint[]) as y(psid, at))
       select
         count(*) filter (where exists (select 1 from rec where rec.psid = r.psid
             and (r.sent_at <= to_timestamp(rec.wm / 1000.0) or r.message_id = rec.mid)))::int as delivered,
         count(*) filter (where exists (select 1 from inb where inb.psid = r.psid
             and r.sent_at <= to_timestamp(inb.at / 1000.0)))::int as interacted,
         count(*) filter (where r.delivered_at is not null)::int as "deliveredRows",
         count(*) filter (where r.interacted_at is not null)::int as "interactedRows"
       from campaign_recipients r where r.campaign_id = $1`,
        [
          campaignId,
          receipts.map((r) => r.psid),
          receipts.map((r) => r.watermark),
          receipts.map((r) => r.mid),
          inbound.map((r) => r.psid),
          inbound.map((r) => r.at),
        ],
      );
      const want = must(expected[0]);
      expect(want.delivered).toBeGreaterThan(0);
      expect(want.interacted).toBeGreaterThan(0);
      expect({
        delivered: campaign?.deliveredCount,
        interacted: campaign?.interactedCount,
      }).toEqual({
        delivered: want.delivered,
        interacted: want.interacted,
      });
      expect({ delivered: want.deliveredRows, interacted: want.interactedRows }).toEqual({
        delivered: want.delivered,
        interacted: want.interacted,
      });
      expect(sse.messages).toBeGreaterThan(0);

      // --- memory flat after the warm-up
      expect(lastQuarter.length).toBeGreaterThan(2);
      expect(
        rssLastQuarterMax / MB,
        `RSS in the last quarter vs ${round(rssWarm / MB)} MB at the end of the warm-up`,
      ).toBeLessThanOrEqual((rssWarm * (1 + RSS_MARGIN)) / MB);
      // V8 runs a major GC every ~20-60 s under this load: at the default duration at least one falls after the
      // warm-up. A short development run (SOAK_SECONDS < 60) may see none, and then has only the RSS bound.
      if (SOAK_SECONDS >= 60)
        expect(afterMajorGc.length, 'major GCs after the warm-up').toBeGreaterThan(0);
      for (const s of afterMajorGc) {
        expect(
          (s.oldGen as number) / MB,
          `old generation after the major GC at ${round(s.t)} s`,
        ).toBeLessThanOrEqual(oldGenBase / MB + OLD_GEN_MARGIN_MB);
      }
    },
    TEST_TIMEOUT_MS,
  );
});

function minMax(xs: number[]): { min: number; max: number } | null {
  return xs.length ? { min: round(Math.min(...xs) / MB), max: round(Math.max(...xs) / MB) } : null;
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
