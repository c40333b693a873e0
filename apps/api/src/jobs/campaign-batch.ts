// One 'campaign-batch' job: send the campaign message to the queued recipients of one batch, exactly once.
//
// A row is claimed ('queued' -> 'sending', committed) BEFORE its Send API call, and its answer is written
// after: 'sent' | 'failed' | back to 'queued' (the platform's answer proves nothing went out: rate limit,
// temporary failure) | 'unknown' (the request may have reached the platform but its answer was lost).
// Just before a group of sends, their rows get `sent_at` (committed). A row is never claimed twice from
// 'sending', so a crash can lose an answer but never duplicate a message: the sweeper flags rows that were
// attempted (sent_at set) 'unknown' (at most once) and re-queues rows that were claimed but not attempted.
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { GraphError, type GraphClient } from '../graph/index.js';
import type { MessagingType } from '../graph/types.js';
import { applyMarksToSent } from '../modules/campaigns/counters.js';
import type { Db } from '../db/client.js';
import { startIfDue } from './campaign-dispatch.js';
import type { PageSendPacer } from './campaign-rate.js';
import { SlotStream } from './send-slots.js';

export const TOKEN_INVALID_REASON =
  'The page access token is no longer valid: reconnect the page by signing in again, then schedule again.';
export const PERMISSION_REASON =
  'The page no longer allows this app to send messages: reconnect the page by signing in again, then schedule again.';
export const UNKNOWN_OUTCOME_MESSAGE =
  'The answer to this send was lost (timeout or crash): it may or may not have been delivered. Flagged for review.';

export interface CampaignBatchJob {
  campaignId: string;
  batchNo: number;
}

export interface BatchTuning {
  /** Rows claimed and sent per round trip. */
  chunkSize: number;
  /** Concurrent claim-send-write loops per batch job (pipelining). */
  lanes: number;
  /** Attempts before a temporary failure becomes final. */
  maxAttempts: number;
  /** Backoff after a rate-limit answer (the whole page pauses). */
  rateLimitPauseMs: number;
  /** A send this late after its slot gets a new slot instead (keeps bursts under the page rate). */
  lateToleranceMs: number;
}

export interface BatchContext {
  db: Db;
  pool: pg.Pool;
  graph: GraphClient;
  pacer: PageSendPacer;
  decryptToken: (enc: string) => string;
  workerId: string;
  tuning: BatchTuning;
  /** In-flight Send API calls of this process. */
  inFlight: Semaphore;
  /** Campaigns this process works on (the heartbeat publishes them). */
  active: ActiveCampaigns;
  /** Rows this process has claimed and not yet written an outcome for (see releaseOrphanedClaims). */
  held: HeldRows;
  /** Status of active campaigns as last read (cancel detection between claims). */
  isStopping: () => boolean;
  log: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

export class Semaphore {
  private waiters: Array<() => void> = [];
  private used = 0;
  constructor(private readonly size: number) {}
  async acquire(): Promise<void> {
    if (this.used < this.size) {
      this.used++;
      return;
    }
    await new Promise<void>((resolve) => this.waiters.push(resolve));
  }
  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.used--;
  }
}

/** Campaign id -> number of batch jobs of this process working on it, and its last seen status. */
export class ActiveCampaigns {
  private readonly counts = new Map<string, number>();
  private readonly statuses = new Map<string, string>();
  onChange: () => void = () => {};
  add(id: string): void {
    this.counts.set(id, (this.counts.get(id) ?? 0) + 1);
    if (this.counts.get(id) === 1) this.onChange();
  }
  remove(id: string): void {
    const n = (this.counts.get(id) ?? 1) - 1;
    if (n <= 0) {
      this.counts.delete(id);
      this.statuses.delete(id);
    } else this.counts.set(id, n);
  }
  ids(): string[] {
    return [...this.counts.keys()];
  }
  setStatus(id: string, status: string): void {
    if (this.counts.has(id)) this.statuses.set(id, status);
  }
  /** False once the campaign was seen cancelled or failed. */
  running(id: string): boolean {
    const s = this.statuses.get(id);
    return s === undefined || s === 'processing';
  }
}

/**
 * The rows this process claimed ('sending', worker_id = us) and still works on. A claim committed whose
 * answer never arrived (the connection died after COMMIT), or a chunk whose outcomes could not be written
 * (database away for too long), leaves rows 'sending' under a LIVE worker, which the dead-worker sweep never
 * touches: the sweeper releases our rows that are missing here (releaseOrphanedClaims).
 */
export class HeldRows {
  private readonly keys = new Set<string>();
  add(campaignId: string, contactIds: string[]): void {
    for (const id of contactIds) this.keys.add(`${campaignId}/${id}`);
  }
  remove(campaignId: string, contactIds: string[]): void {
    for (const id of contactIds) this.keys.delete(`${campaignId}/${id}`);
  }
  list(): string[] {
    return [...this.keys];
  }
}

export class WorkerStoppingError extends Error {
  constructor() {
    super('campaign worker is stopping: the batch goes back to the queue');
  }
}

interface SendTarget {
  campaignId: string;
  pageUuid: string;
  fbPageId: string;
  pageToken: string;
  message: string;
  type: string;
}

interface ClaimedRow {
  contact_id: string;
  psid: string;
  inside_window: boolean;
  attempts: number;
}

type Outcome = {
  contactId: string;
  state: 'sent' | 'failed' | 'queued' | 'unknown';
  messagingType: string | null;
  tag: string | null;
  messageId: string | null;
  errorCode: number | null;
  errorSubcode: number | null;
  errorMessage: string | null;
  sentAt: Date | null;
  /** Re-queued rows wait until then. */
  notBefore: Date | null;
  /** -1 when the claim must not count as an attempt (a rate-limit answer). */
  attemptsDelta: number;
};

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The campaign's send parameters, or a reason it cannot send (token missing or undecryptable). */
async function loadTarget(
  ctx: BatchContext,
  campaignId: string,
): Promise<SendTarget | { stop: string } | undefined> {
  const { rows } = await ctx.pool.query<{
    status: string;
    page_id: string;
    fb_page_id: string;
    page_token_enc: string | null;
    token_status: string;
    message: string;
    type: string;
  }>(
    `select c.status, c.page_id, p.fb_page_id, p.page_token_enc, p.token_status, c.message, c.type
     from campaigns c join pages p on p.id = c.page_id where c.id = $1`,
    [campaignId],
  );
  const r = rows[0];
  if (!r || r.status !== 'processing') return undefined;
  if (!r.page_token_enc || r.token_status !== 'valid') return { stop: TOKEN_INVALID_REASON };
  let pageToken: string;
  try {
    pageToken = ctx.decryptToken(r.page_token_enc);
  } catch {
    return { stop: TOKEN_INVALID_REASON };
  }
  return {
    campaignId,
    pageUuid: r.page_id,
    fbPageId: r.fb_page_id,
    pageToken,
    message: r.message,
    type: r.type,
  };
}

/** processing -> failed with a reason (token or permission lost); queued rows stay queued, unsent. */
export async function failCampaign(
  pool: pg.Pool,
  campaignId: string,
  reason: string,
  markTokenInvalid: boolean,
): Promise<void> {
  const { rows } = await pool.query<{ page_id: string }>(
    `update campaigns set status = 'failed', status_reason = $2, completed_at = now()
     where id = $1 and status = 'processing' returning page_id`,
    [campaignId, reason],
  );
  if (markTokenInvalid && rows[0]) {
    await pool.query(`update pages set token_status = 'invalid', updated_at = now() where id = $1`, [
      rows[0].page_id,
    ]);
  }
}

/** processing -> completed once no row is queued or sending; the reason counts rows flagged for review. */
export async function completeIfDone(pool: pg.Pool, campaignId?: string): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `with done as (
       select c.id, (select count(*) from campaign_recipients r
                     where r.campaign_id = c.id and r.state = 'unknown')::int as unknown
       from campaigns c
       where c.status = 'processing' and ($1::uuid is null or c.id = $1)
         and not exists (select 1 from campaign_recipients r
                         where r.campaign_id = c.id and r.state in ('queued', 'sending'))
       for update of c skip locked)
     update campaigns c set status = 'completed', completed_at = now(),
       status_reason = case when done.unknown > 0
         then done.unknown || ' recipient(s) flagged for review: the answer to their send was lost.' end
     from done where c.id = done.id returning c.id`,
    [campaignId ?? null],
  );
  return rows.map((r) => r.id);
}

export async function processCampaignBatch(ctx: BatchContext, job: CampaignBatchJob): Promise<void> {
  // A prepared batch may run a moment before the scheduler's tick: it starts its campaign itself.
  await startIfDue(ctx.pool, job.campaignId);
  const target = await loadTarget(ctx, job.campaignId);
  if (!target) return;
  if ('stop' in target) {
    await failCampaign(ctx.pool, job.campaignId, target.stop, true);
    return;
  }
  ctx.active.add(job.campaignId);
  try {
    // Every lane ends before the job does (a failing lane must not leave others sending for a finished job).
    const lanes = await Promise.allSettled(
      Array.from({ length: ctx.tuning.lanes }, () => lane(ctx, target, job.batchNo)),
    );
    const failed = lanes.find((l): l is PromiseRejectedResult => l.status === 'rejected');
    if (failed) throw failed.reason;
  } finally {
    ctx.active.remove(job.campaignId);
  }
  await completeIfDone(ctx.pool, job.campaignId);
}

async function lane(ctx: BatchContext, target: SendTarget, batchNo: number): Promise<void> {
  for (;;) {
    if (ctx.isStopping()) throw new WorkerStoppingError();
    if (!ctx.active.running(target.campaignId)) return;
    const rows = await claim(ctx, target.campaignId, batchNo);
    if (rows.length === 0) {
      const wait = await nextQueuedWait(ctx, target.campaignId, batchNo);
      if (wait === null) return;
      await sleep(Math.min(Math.max(wait, 20), 2000));
      continue;
    }
    const { stop } = await sendChunk(ctx, target, rows);
    if (stop) {
      await failCampaign(ctx.pool, target.campaignId, stop.reason, stop.token);
      return;
    }
  }
}

/** Claims up to chunkSize queued rows, committed before any send (the heart of "at most once"). */
async function claim(ctx: BatchContext, campaignId: string, batchNo: number): Promise<ClaimedRow[]> {
  // A chunk spans at most ~0.5 s of the page's pace, so outcomes (and progress) land often.
  const limit = Math.max(1, Math.min(ctx.tuning.chunkSize, Math.ceil(ctx.pacer.ratePerSecond / 2)));
  const { rows } = await ctx.pool.query<ClaimedRow>(
    `with picked as (
       select r.contact_id from campaign_recipients r
       where r.campaign_id = $1 and r.batch_no = $2 and r.state = 'queued'
         and (r.not_before is null or r.not_before <= now())
         and exists (select 1 from campaigns c where c.id = $1 and c.status = 'processing')
       limit $3 for update of r skip locked)
     update campaign_recipients r
       set state = 'sending', attempts = r.attempts + 1, worker_id = $4, claimed_at = now(), not_before = null,
           sent_at = null
     from picked join contacts ct on ct.id = picked.contact_id
     where r.campaign_id = $1 and r.contact_id = picked.contact_id
     returning r.contact_id, r.psid, r.attempts,
       coalesce(ct.last_inbound_at > now() - interval '24 hours', false) as inside_window`,
    [campaignId, batchNo, limit, ctx.workerId],
  );
  ctx.held.add(
    campaignId,
    rows.map((r) => r.contact_id),
  );
  return rows;
}

/** ms until the batch's next re-queued row may go, or null when nothing is left for this batch. */
async function nextQueuedWait(ctx: BatchContext, campaignId: string, batchNo: number): Promise<number | null> {
  const { rows } = await ctx.pool.query<{ n: number; wait_ms: number | null }>(
    `select count(*)::int as n,
            (extract(epoch from (min(r.not_before) - now())) * 1000)::float8 as wait_ms
     from campaign_recipients r
     where r.campaign_id = $1 and r.batch_no = $2 and r.state = 'queued'
       and exists (select 1 from campaigns c where c.id = $1 and c.status = 'processing')`,
    [campaignId, batchNo],
  );
  const r = rows[0];
  if (!r || r.n === 0) return null;
  // Rows queued without a wait are locked by another lane or worker right now: look again shortly.
  return r.wait_ms === null ? 50 : Number(r.wait_ms);
}

interface ChunkResult {
  stop?: { reason: string; token: boolean };
}

async function sendChunk(ctx: BatchContext, target: SendTarget, rows: ClaimedRow[]): Promise<ChunkResult> {
  // Rows are marked and their slots reserved one group (~50 ms of the page's pace) at a time, the next group
  // a little before the current one runs out: a stalled process wastes at most ~two groups' slots, and the
  // page's reservation horizon stays short.
  const intervalMs = ctx.pacer.intervalUs / 1000;
  const groupSize = Math.max(1, Math.floor(ATTEMPT_GROUP_MS / intervalMs));
  const prefetchSlots = Math.ceil(PREFETCH_LEAD_MS / intervalMs);
  // Faster than ~20k/s is "unthrottled" (benchmarks): lateness cannot matter there.
  const checkLateness = intervalMs >= 0.05;
  const slots = new SlotStream({
    toleranceMs: ctx.tuning.lateToleranceMs,
    checkLateness,
    reserve: (count) => ctx.pacer.reserve(target.pageUuid, count),
  });
  const outcomes: Outcome[] = new Array(rows.length);
  const written: boolean[] = new Array(rows.length).fill(false);
  const result: ChunkResult = {};
  // Outcomes are written as they come (at each group and at the end), serialised on one chain, so a
  // crash loses the answers of ~one group only.
  let writes = Promise.resolve();
  const flush = () => {
    const ready: Outcome[] = [];
    for (let k = 0; k < outcomes.length; k++) {
      const o = outcomes[k];
      if (o && !written[k]) {
        written[k] = true;
        ready.push(o);
      }
    }
    if (ready.length > 0) writes = writes.then(() => writeOutcomes(ctx, target.campaignId, ready));
    return writes;
  };
  const pending: Array<Promise<void>> = [];
  const started: boolean[] = new Array(rows.length).fill(false);
  let rateLimited = false;
  // Rows [0, markedTo) are marked; `booking` marks the next group and reserves its slots.
  let markedTo = 0;
  let flushAt = 0;
  const owned = new Set<string>();
  let booking: Promise<void> | null = null;
  const book = (from: number, to: number): Promise<void> => {
    const p = (async () => {
      // The group is marked attempted (sent_at) before any of it is sent, and before its slots are reserved
      // (so the query cannot make its first send late). After a crash, a claimed row without the mark
      // provably never went out and is simply queued again.
      for (const id of await markAttempted(ctx, target.campaignId, rows.slice(from, to).map((r) => r.contact_id)))
        owned.add(id);
      markedTo = to;
      slots.push(await ctx.pacer.reserve(target.pageUuid, to - from));
    })();
    booking = p;
    // Awaited where it is needed; a chunk that stops first must not leave an unhandled rejection.
    p.then(
      () => {
        if (booking === p) booking = null;
      },
      () => {},
    );
    return p;
  };
  /** Lets a group booked for a chunk that stopped first land (its marks go before the rows are re-queued). */
  const settleBooking = async () => {
    await booking?.catch(() => {});
  };
  /** Waits for the group being booked, if any: true when it may have brought slots. */
  const awaitBooking = async () => {
    if (!booking) return false;
    await booking;
    return true;
  };
  const notSent = (k: number): Outcome => ({
    contactId: (rows[k] as ClaimedRow).contact_id,
    state: 'queued',
    messagingType: null,
    tag: null,
    messageId: null,
    errorCode: null,
    errorSubcode: null,
    errorMessage: null,
    sentAt: null,
    notBefore: null,
    attemptsDelta: -1,
  });

  try {
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as ClaimedRow;
    const messagingType: MessagingType = row.inside_window ? 'UPDATE' : 'MESSAGE_TAG';
    const tag = row.inside_window ? null : target.type;
    const base = { contactId: row.contact_id, messagingType, tag };
    const requeue = (notBeforeMs: number, attemptsDelta = 0): Outcome => ({
      ...base,
      state: 'queued',
      messageId: null,
      errorCode: null,
      errorSubcode: null,
      errorMessage: null,
      sentAt: null,
      notBefore: notBeforeMs > 0 ? new Date(Date.now() + notBeforeMs) : null,
      attemptsDelta,
    });
    // Stopped (token lost, cancelled, worker stopping, page rate-limited): the rest of the chunk is unsent.
    if (result.stop || rateLimited || !ctx.active.running(target.campaignId) || ctx.isStopping()) {
      outcomes[i] = requeue(rateLimited ? ctx.tuning.rateLimitPauseMs : 0, -1);
      continue;
    }
    if (i >= flushAt) {
      void flush().catch(() => {});
      flushAt = i + groupSize;
    }
    if (i >= markedTo && !(await awaitBooking() && i < markedTo)) {
      await book(i, Math.min(rows.length, i + groupSize));
    }
    if (!owned.has(row.contact_id)) {
      // The sweeper took the row back (this worker looked dead): it is not ours to send any more.
      outcomes[i] = requeue(0, -1);
      continue;
    }
    // Book the next group while a few slots are left, so its slots follow this group's without a gap.
    if (checkLateness && !booking && markedTo < rows.length && slots.ahead() <= prefetchSlots) {
      void book(markedTo, Math.min(rows.length, markedTo + groupSize));
    }
    // Rows marked but left without a slot (slots given up) get new ones at the end of the stream.
    let at = await slots.take(awaitBooking, markedTo - i);
    let wait = at - performance.now();
    if (wait >= 1) await sleep(wait);
    await ctx.inFlight.acquire();
    try {
      // Woken (or let through by the in-flight limit) too late: the next slot still ahead instead.
      for (let retakes = 0; checkLateness && retakes < 3; retakes++) {
        if (performance.now() - at <= ctx.tuning.lateToleranceMs) break;
        at = await slots.take(awaitBooking, markedTo - i);
        wait = at - performance.now();
        if (wait >= 1) await sleep(wait);
      }
    } catch (err) {
      ctx.inFlight.release();
      throw err;
    }
    started[i] = true;
    const sentAt = new Date();
    pending.push(
      ctx.graph
        .sendMessage({
          pageId: target.fbPageId,
          pageToken: target.pageToken,
          psid: row.psid,
          text: target.message,
          messagingType,
          tag,
        })
        .then(
          (res) => {
            outcomes[i] = {
              ...base,
              state: 'sent',
              messageId: res.messageId,
              errorCode: null,
              errorSubcode: null,
              errorMessage: null,
              sentAt,
              notBefore: null,
              attemptsDelta: 0,
            };
          },
          (err: unknown) => {
            const failed = (e: GraphError | null, message: string): Outcome => ({
              ...base,
              state: 'failed',
              messageId: null,
              errorCode: e?.code ?? null,
              errorSubcode: e?.subcode ?? null,
              errorMessage: message,
              sentAt: null,
              notBefore: null,
              attemptsDelta: 0,
            });
            if (!(err instanceof GraphError)) {
              // Not a platform answer (a bug or a local failure after the request started): assume it may have gone.
              outcomes[i] = { ...failed(null, UNKNOWN_OUTCOME_MESSAGE), state: 'unknown' };
              ctx.log.error({ err }, 'campaign send failed unexpectedly');
              return;
            }
            switch (err.kind) {
              case 'rate_limit':
                // The 613 answer proves the message did not go out: back to the queue, and the page pauses.
                rateLimited = true;
                outcomes[i] = requeue(err.retryAfterMs ?? ctx.tuning.rateLimitPauseMs, -1);
                return;
              case 'transient':
                outcomes[i] =
                  row.attempts >= ctx.tuning.maxAttempts
                    ? failed(err, err.message)
                    : requeue(Math.min(30_000, 500 * 2 ** (row.attempts - 1)));
                return;
              case 'unknown_outcome':
                outcomes[i] = { ...failed(err, UNKNOWN_OUTCOME_MESSAGE), state: 'unknown' };
                return;
              case 'token':
                result.stop ??= { reason: TOKEN_INVALID_REASON, token: true };
                outcomes[i] = requeue(0, -1);
                return;
              case 'permission':
                if (err.code !== null && err.code >= 200 && err.code <= 299) {
                  result.stop ??= { reason: PERMISSION_REASON, token: false };
                  outcomes[i] = requeue(0, -1);
                  return;
                }
                outcomes[i] = failed(err, err.message);
                return;
              default:
                // recipient (551, 100/2018001, 10/2018278, retired tags), invalid, unknown: a definite refusal.
                outcomes[i] = failed(err, err.message);
            }
          },
        )
        .finally(() => ctx.inFlight.release()),
    );
  }
  } catch (err) {
    // The database went away mid-chunk (marking, pacing): what was not sent goes back to the queue, what was
    // sent keeps its answer, and all of it is written (writeOutcomes retries through an outage) before the
    // job fails for pg-boss to retry. No row of ours is left 'sending' behind a live worker.
    for (let k = 0; k < rows.length; k++) if (!started[k] && !outcomes[k]) outcomes[k] = notSent(k);
    await Promise.all(pending);
    await settleBooking();
    try {
      await flush();
    } finally {
      ctx.held.remove(target.campaignId, rows.map((r) => r.contact_id));
    }
    throw err;
  }
  await Promise.all(pending);
  await settleBooking();
  try {
    if (rateLimited) {
      // A pause that cannot be recorded (database away) only costs another 613 later.
      await ctx.pacer.pause(target.pageUuid, ctx.tuning.rateLimitPauseMs).catch(() => {});
    }
    await flush();
  } finally {
    ctx.held.remove(target.campaignId, rows.map((r) => r.contact_id));
  }
  return result;
}

const ATTEMPT_GROUP_MS = 50;
/** How long before a group's last slot the next group is booked: two queries' time, with margin. */
const PREFETCH_LEAD_MS = 20;

/** 0.25 + 0.5 + 1 + 2 x 29 s: about a minute. */
const OUTCOME_WRITE_ATTEMPTS = 32;

async function markAttempted(ctx: BatchContext, campaignId: string, contactIds: string[]): Promise<Set<string>> {
  const { rows } = await ctx.pool.query<{ contact_id: string }>(
    `update campaign_recipients set sent_at = now()
     where campaign_id = $1 and contact_id = any($2::uuid[]) and state = 'sending' and worker_id = $3
     returning contact_id`,
    [campaignId, contactIds, ctx.workerId],
  );
  return new Set(rows.map((r) => r.contact_id));
}

/** All outcomes of a chunk and the campaign counters in one statement; then late delivery marks. */
async function writeOutcomes(ctx: BatchContext, campaignId: string, outcomes: Outcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const params: unknown[] = [campaignId, ctx.workerId];
  const values = outcomes.map((o) => {
    const at = params.length;
    params.push(
      o.contactId,
      o.state,
      o.messagingType,
      o.tag,
      o.messageId,
      o.errorCode,
      o.errorSubcode,
      o.errorMessage,
      o.sentAt,
      o.notBefore,
      o.attemptsDelta,
    );
    return `($${at + 1}::uuid, $${at + 2}::text, $${at + 3}::text, $${at + 4}::text, $${at + 5}::text,
      $${at + 6}::int, $${at + 7}::int, $${at + 8}::text, $${at + 9}::timestamptz, $${at + 10}::timestamptz,
      $${at + 11}::int)`;
  });
  const sql = `
    with v (contact_id, state, messaging_type, tag, message_id, error_code, error_subcode, error_message, sent_at,
            not_before, attempts_delta) as (values ${values.join(',')}),
    u as (
      update campaign_recipients r set
        state = v.state, messaging_type = v.messaging_type, tag = v.tag, message_id = v.message_id,
        error_code = v.error_code, error_subcode = v.error_subcode, error_message = v.error_message,
        sent_at = v.sent_at, not_before = v.not_before, attempts = r.attempts + v.attempts_delta,
        worker_id = case when v.state = 'queued' then null else r.worker_id end
      from v
      where r.campaign_id = $1 and r.contact_id = v.contact_id and r.worker_id = $2
        and r.state in ('sending', 'unknown')
      returning r.contact_id, r.state),
    c as (
      update campaigns set
        dispatched_count = dispatched_count + (select count(*) from u where u.state = 'sent'),
        failed_count = failed_count + (select count(*) from u where u.state = 'failed')
      where id = $1 and exists (select 1 from u where u.state in ('sent', 'failed')))
    select contact_id from u where state = 'sent'`;
  // The sends happened: losing their outcomes would turn them into 'unknown'. Retry through a DB outage
  // (about a minute), at most 2 s apart so the chunk goes on soon after the database is back.
  let lastError: unknown;
  for (let attempt = 0; attempt < OUTCOME_WRITE_ATTEMPTS; attempt++) {
    try {
      const { rows } = await ctx.pool.query<{ contact_id: string }>(sql, params);
      await applyMarksToSent(
        ctx.db,
        campaignId,
        rows.map((r) => r.contact_id),
      );
      return;
    } catch (err) {
      lastError = err;
      ctx.log.warn({ err, attempt }, 'writing campaign outcomes failed: retrying');
      await sleep(Math.min(2000, 250 * 2 ** attempt));
    }
  }
  throw lastError;
}
