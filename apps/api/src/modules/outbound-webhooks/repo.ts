// The endpoints and the delivery log as admins manage them: the only writer of webhook_endpoints (with the
// delivery worker's outcome columns, delivery-repo.ts) and of the deliveries a test or a replay queues.
// Every read by id joins the caller's page_admins link: another admin's endpoint or delivery is not found.
import { TEST_EVENT_TYPE, type WebhookDelivery, type WebhookEndpoint } from '@pagecast/contract';
import { inTransaction, type Sql } from '../../db/client.js';
import { OUTBOUND_CHANNEL } from './outbox.js';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

const ENDPOINT_COLUMNS = `e.id, p.fb_page_id, e.page_id, e.url, e.events, e.status, e.disabled_reason,
  e.created_at, e.secret_rotated_at, e.previous_secret_expires_at, e.last_attempt_at, e.last_attempt_ok,
  e.last_attempt_status, e.secret_enc, e.previous_secret_enc`;

interface EndpointRow {
  id: string;
  fb_page_id: string;
  page_id: string;
  url: string;
  events: string[];
  status: 'active' | 'disabled';
  disabled_reason: string | null;
  created_at: Date;
  secret_rotated_at: Date | null;
  previous_secret_expires_at: Date | null;
  last_attempt_at: Date | null;
  last_attempt_ok: boolean | null;
  last_attempt_status: number | null;
  secret_enc: string;
  previous_secret_enc: string | null;
}

/** An endpoint as its admin reads it, with its page's row id and, for the caller's checks, their tasks. */
export interface Endpoint {
  webhook: WebhookEndpoint;
  pageUuid: string;
  secretEnc: string;
  tasks: string[];
}

function toEndpoint(r: EndpointRow & { tasks?: string[] }): Endpoint {
  return {
    webhook: {
      id: r.id,
      pageId: r.fb_page_id,
      url: r.url,
      events: r.events as WebhookEndpoint['events'],
      status: r.status,
      disabledReason: r.disabled_reason,
      createdAt: new Date(r.created_at).toISOString(),
      secretRotatedAt: iso(r.secret_rotated_at),
      previousSecretExpiresAt: iso(r.previous_secret_expires_at),
      lastDelivery: r.last_attempt_at
        ? {
            at: new Date(r.last_attempt_at).toISOString(),
            ok: r.last_attempt_ok === true,
            status: r.last_attempt_status,
          }
        : null,
    },
    pageUuid: r.page_id,
    secretEnc: r.secret_enc,
    tasks: r.tasks ?? [],
  };
}

export interface EndpointInsert {
  pageUuid: string;
  adminId: string;
  url: string;
  events: string[];
  secretEnc: string;
  /** The most endpoints the page may have: refused (null) past it. */
  max: number;
}

/** Inserts the endpoint unless the page has `max` already; creations at once are counted one by one. */
export async function insertEndpoint(db: Sql, e: EndpointInsert): Promise<Endpoint | null> {
  return inTransaction(db, async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('webhook_endpoints:' || $1))`, [
      e.pageUuid,
    ]);
    const { rows: held } = await tx.query<{ n: number }>(
      `select count(*)::int as n from webhook_endpoints where page_id = $1`,
      [e.pageUuid],
    );
    if ((held[0]?.n ?? 0) >= e.max) return null;
    const { rows } = await tx.query<EndpointRow>(
      `with e as (
         insert into webhook_endpoints (page_id, created_by, url, events, secret_enc)
         values ($1, $2, $3, $4, $5) returning *)
       select ${ENDPOINT_COLUMNS} from e join pages p on p.id = e.page_id`,
      [e.pageUuid, e.adminId, e.url, e.events, e.secretEnc],
    );
    return toEndpoint(rows[0] as EndpointRow);
  });
}

/** The page's endpoints, oldest first. */
export async function listEndpoints(db: Sql, pageUuid: string): Promise<WebhookEndpoint[]> {
  const { rows } = await db.query<EndpointRow>(
    `select ${ENDPOINT_COLUMNS} from webhook_endpoints e join pages p on p.id = e.page_id
     where e.page_id = $1 order by e.created_at, e.id`,
    [pageUuid],
  );
  return rows.map((r) => toEndpoint(r).webhook);
}

/** The endpoint if the admin manages its page (with their tasks there), else null. */
export async function endpointOfAdmin(
  db: Sql,
  adminId: string,
  webhookId: string,
): Promise<Endpoint | null> {
  const { rows } = await db.query<EndpointRow & { tasks: string[] }>(
    `select ${ENDPOINT_COLUMNS}, pa.tasks from webhook_endpoints e
     join pages p on p.id = e.page_id
     join page_admins pa on pa.page_id = e.page_id and pa.admin_id = $1
     where e.id = $2`,
    [adminId, webhookId],
  );
  return rows[0] ? toEndpoint(rows[0]) : null;
}

export interface EndpointPatch {
  url?: string;
  events?: string[];
  enabled?: boolean;
  /** A new secret (encrypted): the current one becomes the previous one until `previousExpiresInHours`. */
  rotate?: { secretEnc: string; previousValidHours: number };
}

/** Applies the patch; enabling clears the reason it was disabled with. */
export async function updateEndpoint(db: Sql, id: string, patch: EndpointPatch): Promise<void> {
  await db.query(
    `update webhook_endpoints set
       url = coalesce($2, url),
       events = coalesce($3, events),
       status = case when $4::boolean is null then status
                     when $4 then 'active' else 'disabled' end,
       -- An admin's own disabling needs no reason shown; enabling clears the retry period's.
       disabled_reason = case when $4::boolean is null or not $4 then disabled_reason else null end,
       disabled_at = case when $4::boolean is null then disabled_at
                          when $4 then null else coalesce(disabled_at, now()) end,
       previous_secret_enc = case when $5::text is null then previous_secret_enc else secret_enc end,
       previous_secret_expires_at = case when $5::text is null then previous_secret_expires_at
                                         else now() + make_interval(hours => $6) end,
       secret_rotated_at = case when $5::text is null then secret_rotated_at else now() end,
       secret_enc = coalesce($5, secret_enc),
       updated_at = now()
     where id = $1`,
    [
      id,
      patch.url ?? null,
      patch.events ?? null,
      patch.enabled ?? null,
      patch.rotate?.secretEnc ?? null,
      patch.rotate?.previousValidHours ?? 0,
    ],
  );
}

/** Deletes the endpoint; its deliveries and their tries go with it (the events stay for other endpoints). */
export async function deleteEndpoint(db: Sql, id: string): Promise<void> {
  await db.query(`delete from webhook_endpoints where id = $1`, [id]);
}

const DELIVERY_COLUMNS = `d.id, d.event_id, ev.type, d.state, d.created_at, d.next_attempt_at,
  d.created_at::text as created_at_text`;

interface DeliveryRow {
  id: string;
  event_id: string;
  type: string;
  state: WebhookDelivery['state'];
  created_at: Date;
  next_attempt_at: Date;
  created_at_text: string;
}

interface AttemptRow {
  delivery_id: string;
  at: Date;
  status: number | null;
  latency_ms: number;
  response: string | null;
  error: string | null;
}

/** The deliveries with their tries, newest first. */
async function withAttempts(db: Sql, rows: DeliveryRow[]): Promise<WebhookDelivery[]> {
  const { rows: attempts } = rows.length
    ? await db.query<AttemptRow>(
        `select delivery_id, at, status, latency_ms, response, error from webhook_delivery_attempts
         where delivery_id = any($1::uuid[]) order by at desc, id desc`,
        [rows.map((r) => r.id)],
      )
    : { rows: [] };
  const byDelivery = new Map<string, WebhookDelivery['attempts']>();
  for (const a of attempts) {
    let list = byDelivery.get(a.delivery_id);
    if (!list) byDelivery.set(a.delivery_id, (list = []));
    list.push({
      at: new Date(a.at).toISOString(),
      status: a.status,
      latencyMs: a.latency_ms,
      response: a.response,
      error: a.error,
    });
  }
  return rows.map((r) => ({
    id: r.id,
    eventId: r.event_id,
    type: r.type,
    state: r.state,
    createdAt: new Date(r.created_at).toISOString(),
    nextAttemptAt: r.state === 'pending' || r.state === 'retrying' ? iso(r.next_attempt_at) : null,
    attempts: byDelivery.get(r.id) ?? [],
  }));
}

export interface DeliveryCursor {
  /** created_at as Postgres writes it (microseconds kept). */
  at: string;
  id: string;
}

/** A page of the endpoint's deliveries, newest first, after `cursor`; `next` when more follow. */
export async function listDeliveries(
  db: Sql,
  endpointId: string,
  cursor: DeliveryCursor | null,
  limit: number,
): Promise<{ deliveries: WebhookDelivery[]; next: DeliveryCursor | null }> {
  return inTransaction(db, async (tx) => {
    // One snapshot for the deliveries and their tries: a try written between the two reads would show
    // on a delivery still read as pending.
    await tx.query('set transaction isolation level repeatable read');
    return deliveriesPage(tx, endpointId, cursor, limit);
  });
}

async function deliveriesPage(
  db: Sql,
  endpointId: string,
  cursor: DeliveryCursor | null,
  limit: number,
): Promise<{ deliveries: WebhookDelivery[]; next: DeliveryCursor | null }> {
  const { rows } = await db.query<DeliveryRow>(
    `select ${DELIVERY_COLUMNS} from webhook_deliveries d join outbound_events ev on ev.id = d.event_id
     where d.endpoint_id = $1 and ($2::timestamptz is null or (d.created_at, d.id) < ($2, $3::uuid))
     order by d.created_at desc, d.id desc limit $4`,
    [endpointId, cursor?.at ?? null, cursor?.id ?? null, limit + 1],
  );
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    deliveries: await withAttempts(db, page),
    next: more && last ? { at: last.created_at_text, id: last.id } : null,
  };
}

async function deliveryById(db: Sql, id: string): Promise<WebhookDelivery> {
  const { rows } = await db.query<DeliveryRow>(
    `select ${DELIVERY_COLUMNS} from webhook_deliveries d join outbound_events ev on ev.id = d.event_id
     where d.id = $1`,
    [id],
  );
  const [delivery] = await withAttempts(db, rows);
  if (!delivery) throw new Error(`delivery ${id} vanished`);
  return delivery;
}

/** A delivery's endpoint id if the admin manages its page (with their tasks there), else null. */
export async function deliveryEndpointOfAdmin(
  db: Sql,
  adminId: string,
  deliveryId: string,
): Promise<{ endpointId: string; status: string; tasks: string[] } | null> {
  const { rows } = await db.query<{ endpoint_id: string; status: string; tasks: string[] }>(
    `select d.endpoint_id, e.status, pa.tasks from webhook_deliveries d
     join webhook_endpoints e on e.id = d.endpoint_id
     join page_admins pa on pa.page_id = e.page_id and pa.admin_id = $1
     where d.id = $2`,
    [adminId, deliveryId],
  );
  const r = rows[0];
  return r ? { endpointId: r.endpoint_id, status: r.status, tasks: r.tasks } : null;
}

/** Queues a test event to this endpoint alone (its own ordering key: it waits for no contact's events). */
export async function insertTestDelivery(
  db: Sql,
  endpoint: { id: string; pageUuid: string },
  message: string,
): Promise<WebhookDelivery> {
  const { rows } = await db.query<{ id: string }>(
    `with ev as (
       insert into outbound_events (id, page_id, type, body)
       select x.id, p.id, $3,
              jsonb_build_object('id', x.id::text, 'type', $3::text,
                                 'createdAt', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                                 'pageId', p.fb_page_id, 'data', jsonb_build_object('message', $4::text))
       from pages p, (select gen_random_uuid() as id) x where p.id = $2
       returning id),
     d as (
       insert into webhook_deliveries (endpoint_id, event_id, ordering_key)
       select $1, ev.id, 'test:' || ev.id from ev returning id)
     select d.id, pg_notify('${OUTBOUND_CHANNEL}', '') from d`,
    [endpoint.id, endpoint.pageUuid, TEST_EVENT_TYPE, message],
  );
  return deliveryById(db, (rows[0] as { id: string }).id);
}

/**
 * Sends the delivery again now, with its event (same id, same body): tries go on for the retry period from
 * now. A try in flight is left to finish (its claim stands).
 */
export async function replayDelivery(
  db: Sql,
  id: string,
  retryForHours: number,
): Promise<WebhookDelivery> {
  await db.query(
    `with d as (
       update webhook_deliveries set state = 'pending', next_attempt_at = now(),
         retry_until = now() + make_interval(hours => $2)
       where id = $1 returning id)
     select pg_notify('${OUTBOUND_CHANNEL}', '') from d`,
    [id, retryForHours],
  );
  return deliveryById(db, id);
}
