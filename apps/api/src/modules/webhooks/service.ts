// Processing of stored Messenger webhook deliveries (one webhook_events row = one signed POST, possibly
// several entries and events). A row is processed in one transaction that locks it, so two processors
// (the receiving process and the stale-event sweeper) never apply it together: the payload is read once
// into typed events (events.ts), each applied by its kind's handler (handlers/), their live events published
// in the transaction (NOTIFY, out on commit); the after-commit consumers run once it committed.
import type { Logger } from 'pino';
import { inTransaction, type Sql } from '../../db/client.js';
import { isTransactionConflict, retryOnConflict } from '../../db/conflicts.js';
import { isDatabaseUnavailable } from '../../db/errors.js';
import type { GraphClient } from '../../graph/index.js';
import type { TokenCipher } from '../../crypto/tokens.js';
import { publish } from '../../realtime/index.js';
import type { ContactUpsert } from '../contacts/index.js';
import type { MediaUrlPolicy } from '../inbox/index.js';
import {
  contactPsid,
  NAMES_A_CONTACT,
  parseDelivery,
  toEvent,
  type ParsedEntry,
} from './events.js';
import { handle } from './handlers/index.js';
import { runAfterCommit, type AfterCommit, type WebhookEvent } from '../shared/after-commit.js';
import * as repo from './repo.js';

export interface IngestDeps {
  pool: Sql;
  /** This app's id: an echo carrying it was sent through Pagecast (see handlers/message.ts). */
  appId?: string;
  graph?: GraphClient;
  tokens: TokenCipher;
  /**
   * What runs once a delivery's transaction committed (campaign counters, deliver on return), in order;
   * built once per process (runtime.ts#ingestConsumers).
   */
  afterCommit: readonly AfterCommit[];
  logger?: Pick<Logger, 'warn' | 'error'>;
  /** Which file URLs are stored as links (inbox's mediaPolicyOf); Meta's CDN only when not given. */
  isMediaUrl?: MediaUrlPolicy;
}

/**
 * Deliveries this process applies at once. Each holds a pool connection for its transaction: unbounded (one
 * per POST, as before), a burst of deliveries took every connection and waited on each other until the
 * pool's connect timeout failed them (measured with `pnpm bench ingest`); queued, they are applied in turn.
 */
export const INGEST_CONCURRENCY = 4;

/** Processes one stored delivery; safe to call again (it is a no-op once processed). */
export async function processWebhookEvent(deps: IngestDeps, eventId: number): Promise<void> {
  // Profiles of new contacts are fetched before the transaction (no Graph call while holding locks).
  const row = await repo.peekEvent(deps.pool, eventId);
  if (!row || row.processed) return;
  const delivery = parseDelivery(row.payload);
  if (delivery.skipped > 0)
    deps.logger?.warn(
      { eventId, skipped: delivery.skipped },
      'webhook items not understood: skipped',
    );
  const profiles = await fetchNewProfiles(deps, delivery.entries);

  let emitted: Processed | null;
  try {
    // Deliveries touching the same contacts in another order can deadlock: the loser is run again.
    const run = (isolate: boolean) =>
      retryOnConflict(() =>
        inTransaction(deps.pool, (db) =>
          applyDelivery(db, deps, eventId, delivery, profiles, isolate),
        ),
      );
    try {
      emitted = await run(false);
    } catch (err) {
      if (isTransient(err)) throw err;
      // Something in the delivery cannot be applied: run it again with each event on its own savepoint,
      // so that event alone is skipped and every other person's message in the delivery is kept.
      deps.logger?.warn(
        { err, eventId },
        'webhook delivery failed: applying its events one by one',
      );
      emitted = await run(true);
    }
  } catch (err) {
    deps.logger?.error({ err, eventId }, 'webhook event processing failed');
    await repo.markProcessed(deps.pool, eventId, (err as Error).message ?? String(err));
    return;
  }
  if (!emitted) return;
  // The event counts as processed only once every consumer (campaign counters...) has applied it: a crash or
  // a database outage in between leaves it unprocessed, and the ingest sweeper replays it (consumers are
  // idempotent), so no counter update is lost after the messages were stored.
  let consumerError: unknown;
  for (const e of emitted.after) {
    await runAfterCommit(deps.afterCommit, e, (err) => {
      consumerError ??= err;
      deps.logger?.error({ err, eventId }, 'webhook listener failed');
    });
  }
  if (consumerError !== undefined) {
    const message = `listener failed: ${String((consumerError as Error).message ?? consumerError)}`;
    await repo.markProcessed(deps.pool, eventId, message);
  } else {
    await repo.markProcessed(deps.pool, eventId, null, emitted.failed);
  }
}

interface Processed {
  /** What the after-commit consumers get, in order. */
  after: WebhookEvent[];
  /** The events skipped because they could not be applied, for the row's error column. */
  failed: string | null;
}

/** An error that says nothing about the delivery's content: the whole delivery is tried again later. */
const isTransient = (err: unknown) => isTransactionConflict(err) || isDatabaseUnavailable(err);

/**
 * Applies a locked delivery's events in `db`'s transaction. With `isolate`, each event runs on a
 * savepoint of its own and one that throws (for anything but a transient error) is rolled back and
 * skipped alone; without, the first error undoes the whole delivery (one statement less per event).
 */
async function applyDelivery(
  db: Sql,
  deps: IngestDeps,
  eventId: number,
  delivery: ReturnType<typeof parseDelivery>,
  profiles: Map<string, ContactUpsert>,
  isolate: boolean,
): Promise<Processed | null> {
  const locked = await repo.lockUnprocessed(db, eventId);
  if (!locked) return null; // processed meanwhile, or another process has it now
  const after: WebhookEvent[] = [];
  const failed: string[] = [];
  // The payload of a stored delivery never changes: the one read before the lock is the one locked.
  for (const entry of delivery.entries) {
    const found = await repo.findPage(db, entry.pageId);
    if (!found) continue; // a page nobody connected (any more): nothing to keep
    const page = {
      ...found,
      appId: deps.appId,
      profileOf: (psid: string) => profiles.get(`${found.fbPageId}:${psid}`),
      ...(deps.isMediaUrl ? { isMediaUrl: deps.isMediaUrl } : {}),
    };
    for (const event of eventsOf(entry, found.fbPageId)) {
      const apply = async (tx: Sql) => {
        const { live, after: next } = await handle(tx, page, event);
        for (const e of live) await publish(tx, page.fbPageId, e);
        return next;
      };
      if (!isolate) {
        const next = await apply(db);
        if (next) after.push(next);
        continue;
      }
      try {
        const next = await inTransaction(db, apply);
        if (next) after.push(next);
      } catch (err) {
        if (isTransient(err)) throw err;
        deps.logger?.error(
          { err, eventId, kind: event.kind },
          'webhook event skipped: it cannot be applied',
        );
        failed.push(
          `${event.kind} for page ${found.fbPageId}: ${(err as Error).message ?? String(err)}`,
        );
      }
    }
  }
  return {
    after,
    failed: failed.length ? `skipped ${failed.length}: ${failed.join('; ')}`.slice(0, 2000) : null,
  };
}

/** The entry's events in delivery order: messaging items (each for its contact), then changes. */
function* eventsOf(entry: ParsedEntry, fbPageId: string) {
  for (const { item, parties } of entry.messaging) {
    const psid = contactPsid(item, parties, fbPageId);
    if (psid) yield toEvent(item, psid);
  }
  yield* entry.changes;
}

async function fetchNewProfiles(
  deps: IngestDeps,
  entries: ParsedEntry[],
): Promise<Map<string, ContactUpsert>> {
  const profiles = new Map<string, ContactUpsert>();
  if (!deps.graph) return profiles;
  for (const entry of entries) {
    const people = new Set<string>();
    for (const { item, parties } of entry.messaging) {
      const psid = contactPsid(item, parties, entry.pageId);
      if (psid && NAMES_A_CONTACT.has(toEvent(item, psid).kind)) people.add(psid);
    }
    if (people.size === 0) continue;
    const page = await repo.findPage(deps.pool, entry.pageId);
    if (!page?.pageTokenEnc) continue;
    let token: string;
    try {
      token = deps.tokens.decrypt(page.pageTokenEnc);
    } catch {
      continue;
    }
    for (const psid of people) {
      if (await repo.contactExists(deps.pool, page.id, psid)) continue;
      try {
        const p = await deps.graph.getProfile(psid, token);
        profiles.set(`${entry.pageId}:${psid}`, {
          psid,
          name: p.name ?? ([p.first_name, p.last_name].filter(Boolean).join(' ') || null),
          firstName: p.first_name ?? null,
          lastName: p.last_name ?? null,
          profilePic: p.profile_pic ?? null,
        });
      } catch (err) {
        // No profile (e.g. 2018218) or a bad token: the contact is still created, named later by a sync.
        deps.logger?.warn({ err, psid }, 'profile lookup for a new contact failed');
      }
    }
  }
  return profiles;
}
