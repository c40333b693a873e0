// Shared pieces of the fault suite: figures printed for docs/reliability.md, a seeded RNG, JWTs for API
// processes, and the exactly-once checks every campaign fault test makes on the database and on the
// emulator's outbox.
import { createHmac } from 'node:crypto';
import type pg from 'pg';
import { expect } from 'vitest';
import { outboxOf, type OutboxEntry } from '../../test/support/emulator-control.js';

/** One line per test, easy to grep from the run's output: `FAULT FIGURES <name> {json}`. */
export function reportFigures(name: string, figures: Record<string, unknown>): void {
  console.log(`FAULT FIGURES ${name} ${JSON.stringify(figures)}`);
}

/** mulberry32: a small seeded PRNG, so a failing run can be replayed with its printed seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seed from FAULT_SEED (to replay a run) or a fresh one; printed either way. */
export function faultSeed(name: string): number {
  const seed = process.env.FAULT_SEED
    ? Number(process.env.FAULT_SEED)
    : Math.floor(Math.random() * 2 ** 31);
  console.log(`FAULT SEED ${name} ${seed} (replay with FAULT_SEED=${seed})`);
  return seed;
}

const b64url = (v: Buffer | string) => Buffer.from(v).toString('base64url');

/** An admin JWT as the API signs it (HS256, claims sub/uid/sid/role), for API processes started by a test. */
export function adminJwt(
  secret: string,
  adminId: string,
  userId: string,
  sessionId: string,
): string {
  const now = Math.floor(Date.now() / 1000);
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(
    JSON.stringify({
      sub: adminId,
      uid: userId,
      sid: sessionId,
      role: 'admin',
      iat: now,
      exp: now + 3600,
    }),
  );
  const sig = b64url(createHmac('sha256', secret).update(`${head}.${body}`).digest());
  return `${head}.${body}.${sig}`;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls until `check` gives a value; fails with `what` after `timeoutMs` (a bound, not a speed assertion). */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 60_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let v: T | undefined | null | false;
    try {
      v = await check();
    } catch {
      v = undefined;
    }
    if (v !== undefined && v !== null && v !== false) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await sleep(everyMs);
  }
}

export interface RecipientRow {
  psid: string;
  state: string;
  message_id: string | null;
  error_code: number | null;
}

export async function recipientRows(pool: pg.Pool, campaignId: string): Promise<RecipientRow[]> {
  const { rows } = await pool.query<RecipientRow>(
    'select psid, state, message_id, error_code from campaign_recipients where campaign_id = $1',
    [campaignId],
  );
  return rows;
}

export interface ExactlyOnceFigures {
  audience: number;
  sent: number;
  failed: number;
  unknown: number;
  queued: number;
  /** Recipients with more than one message of this campaign in the outbox: must be 0. */
  duplicates: number;
  /** Recipients with no row, or a row still 'sending', or an outcome that contradicts the outbox: must be 0. */
  losses: number;
}

/**
 * The exactly-once rules of docs/campaigns.md, on the rows and the platform's outbox (messages of this
 * campaign are told apart by their text): at most one message per recipient; a 'sent' row carries the
 * mid the platform gave; a 'failed' or 'queued' row never reached anyone; only 'unknown' rows may have gone
 * out without a recorded answer. `settled` = the campaign is over, so nothing may stay queued unless
 * `queuedAllowed` (a failed campaign leaves the rows it did not reach queued).
 */
export async function checkExactlyOnce(input: {
  pool: pg.Pool;
  emulatorUrl: string;
  fbPageId: string;
  campaignId: string;
  text: string;
  audience: string[];
  queuedAllowed?: boolean;
}): Promise<ExactlyOnceFigures> {
  const rows = await recipientRows(input.pool, input.campaignId);
  const outbox = (await outboxOf(input.emulatorUrl, input.fbPageId)).filter(
    (e) => e.text === input.text,
  );
  const perPsid = new Map<string, OutboxEntry[]>();
  for (const e of outbox) perPsid.set(e.recipient, [...(perPsid.get(e.recipient) ?? []), e]);
  const duplicates = [...perPsid.values()].filter((l) => l.length > 1).length;
  const byPsid = new Map(rows.map((r) => [r.psid, r]));
  const problems: string[] = [];
  for (const psid of input.audience) {
    const row = byPsid.get(psid);
    const got = perPsid.get(psid) ?? [];
    if (!row) problems.push(`${psid}: no recipient row`);
    else if (row.state === 'sent' && got[0]?.mid !== row.message_id)
      problems.push(
        `${psid}: sent as ${row.message_id} but the platform has ${got[0]?.mid ?? 'nothing'}`,
      );
    else if ((row.state === 'failed' || row.state === 'queued') && got.length > 0)
      problems.push(`${psid}: ${row.state} but the platform delivered it`);
    else if (row.state === 'queued' && !input.queuedAllowed) problems.push(`${psid}: still queued`);
    else if (!['sent', 'failed', 'unknown', 'queued'].includes(row.state))
      problems.push(`${psid}: ${row.state}`);
  }
  const audience = new Set(input.audience);
  for (const psid of perPsid.keys())
    if (!audience.has(psid)) problems.push(`${psid}: not in the audience`);
  const count = (s: string) => rows.filter((r) => r.state === s).length;
  const figures = {
    audience: rows.length,
    sent: count('sent'),
    failed: count('failed'),
    unknown: count('unknown'),
    queued: count('queued'),
    duplicates,
    losses: problems.length + Math.max(0, input.audience.length - rows.length),
  };
  expect(problems.slice(0, 20)).toEqual([]);
  expect(duplicates).toBe(0);
  expect(rows).toHaveLength(input.audience.length);
  return figures;
}

/** Where campaigns stand (for a failure message): status, row states, claims, live workers, batch jobs. */
export async function campaignDiagnostics(pool: pg.Pool, ids: string[]): Promise<unknown> {
  const q = async (text: string, values: unknown[] = []) => (await pool.query(text, values)).rows;
  return {
    campaigns: await q(
      'select id, status, status_reason, audience_count, dispatched_count, failed_count from campaigns where id = any($1::uuid[])',
      [ids],
    ),
    rows: await q(
      `select campaign_id, state, worker_id, (sent_at is not null) as attempted, count(*)::int as n,
              min(not_before) as not_before, min(claimed_at) as claimed_at
       from campaign_recipients where campaign_id = any($1::uuid[]) group by 1, 2, 3, 4 order by 1, 2`,
      [ids],
    ),
    workers: await q('select id, heartbeat_at, campaign_ids, now() as now from campaign_workers'),
    jobs: await q(
      `select state, data->>'campaignId' as campaign, count(*)::int as n from pgboss.job
       where name = 'campaign-batch' group by 1, 2`,
    ),
  };
}
