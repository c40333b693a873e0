// The delivery worker's statements: claim what is due, write what each try got, disable an endpoint whose
// deliveries failed for the whole retry period, and delete the log past its keeping time.
import type { Sql } from '../../db/client.js';

/** A claimed delivery: what its try sends, and `attempt`, the claim's number (the fence of its outcome). */
export interface ClaimedDelivery {
  id: string;
  endpointId: string;
  eventId: string;
  type: string;
  url: string;
  /** The event's body as stored (jsonb's text: the same bytes on every try and replay). */
  body: string;
  secretEnc: string;
  /** The secret before a rotation, while it is still valid. */
  previousSecretEnc: string | null;
  attempt: number;
  retryUntil: Date;
}

/**
 * Claims up to `limit` due deliveries for `leaseMs`: of active endpoints, and only the head of each
 * (endpoint, ordering key) queue by `seq`, so a contact's later events wait for the earlier one (however its
 * tries go). A claim taken by another worker is skipped (skip locked) and a lease still running is left; a
 * crashed worker's claim is taken again once its lease passed.
 */
export async function claimDue(
  db: Sql,
  limit: number,
  leaseMs: number,
): Promise<ClaimedDelivery[]> {
  const { rows } = await db.query<ClaimedDelivery>(
    `with due as (
       select d.id from webhook_deliveries d
       join webhook_endpoints e on e.id = d.endpoint_id and e.status = 'active'
       where d.state in ('pending', 'retrying') and d.next_attempt_at <= now()
         and (d.locked_until is null or d.locked_until < now())
         and not exists (
           select 1 from webhook_deliveries b
           where b.endpoint_id = d.endpoint_id and b.ordering_key = d.ordering_key
             and b.state in ('pending', 'retrying') and b.seq < d.seq)
       order by d.next_attempt_at, d.seq
       limit $1
       for update of d skip locked),
     claimed as (
       update webhook_deliveries d
       set locked_until = now() + make_interval(secs => $2::double precision / 1000),
           attempts = d.attempts + 1
       from due where d.id = due.id
       returning d.id, d.endpoint_id, d.event_id, d.attempts, d.retry_until)
     select c.id, c.endpoint_id as "endpointId", c.event_id as "eventId", ev.type, e.url,
            ev.body::text as body, e.secret_enc as "secretEnc",
            case when e.previous_secret_expires_at > now() then e.previous_secret_enc end
              as "previousSecretEnc",
            c.attempts as attempt, c.retry_until as "retryUntil"
     from claimed c
     join webhook_endpoints e on e.id = c.endpoint_id
     join outbound_events ev on ev.id = c.event_id`,
    [limit, leaseMs],
  );
  return rows;
}

/** What one try got, and what comes next for its delivery. */
export interface TryOutcome {
  id: string;
  endpointId: string;
  attempt: number;
  at: Date;
  status: number | null;
  latencyMs: number;
  response: string | null;
  error: string | null;
  state: 'succeeded' | 'retrying' | 'failed';
  nextAttemptAt: Date | null;
}

/**
 * Writes a batch of outcomes in one statement: each try in the log, its delivery's new state (only while the
 * claim is still this one: a later claim of the same delivery fenced it off) and each endpoint's last try.
 */
export async function recordOutcomes(db: Sql, outcomes: readonly TryOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const col = <K extends keyof TryOutcome>(k: K) => outcomes.map((o) => o[k]);
  await db.query(
    `with r as (
       select * from unnest($1::uuid[], $2::uuid[], $3::int[], $4::timestamptz[], $5::int[], $6::int[],
                            $7::text[], $8::text[], $9::text[], $10::timestamptz[])
         as r(id, endpoint_id, attempt, at, status, latency_ms, response, error, state, next_at)),
     live as (
       select r.* from r join webhook_deliveries d on d.id = r.id and d.attempts = r.attempt),
     tries as (
       insert into webhook_delivery_attempts (delivery_id, at, status, latency_ms, response, error)
       select id, at, status, latency_ms, response, error from live),
     moved as (
       update webhook_deliveries d
       set state = live.state, locked_until = null,
           next_attempt_at = coalesce(live.next_at, d.next_attempt_at),
           delivered_at = case when live.state = 'succeeded' then live.at else d.delivered_at end
       from live where d.id = live.id),
     last as (
       select distinct on (endpoint_id) endpoint_id, at, status, state from live
       order by endpoint_id, at desc)
     update webhook_endpoints e
     set last_attempt_at = last.at, last_attempt_ok = last.state = 'succeeded',
         last_attempt_status = last.status
     from last where e.id = last.endpoint_id and (e.last_attempt_at is null or e.last_attempt_at < last.at)`,
    [
      col('id'),
      col('endpointId'),
      col('attempt'),
      col('at'),
      col('status'),
      col('latencyMs'),
      col('response'),
      col('error'),
      col('state'),
      col('nextAttemptAt'),
    ],
  );
}

/**
 * Disables an endpoint whose delivery failed for the whole retry period, with the reason the admin sees;
 * its other queued deliveries fail with it (an endpoint enabled again is sent only what comes after).
 */
export async function disableEndpoint(db: Sql, endpointId: string, reason: string): Promise<void> {
  await db.query(
    `with e as (
       update webhook_endpoints set status = 'disabled', disabled_reason = $2, disabled_at = now(),
         updated_at = now()
       where id = $1 and status = 'active' returning id)
     update webhook_deliveries d set state = 'failed', locked_until = null
     from e where d.endpoint_id = e.id and d.state in ('pending', 'retrying')
       and (d.locked_until is null or d.locked_until < now())`,
    [endpointId, reason],
  );
}

/**
 * Deletes up to `batch` events older than `days` (their deliveries and tries go with them); returns how many.
 */
export async function purgeOldEvents(db: Sql, days: number, batch = 1000): Promise<number> {
  const { rowCount } = await db.query(
    `delete from outbound_events where id in (
       select id from outbound_events where created_at < now() - make_interval(days => $1)
       order by created_at limit $2 for update skip locked)`,
    [days, batch],
  );
  return rowCount ?? 0;
}
