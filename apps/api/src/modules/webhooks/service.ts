// Processing of stored Messenger webhook deliveries (one webhook_events row = one signed POST, possibly
// several entries and events). A row is processed in one transaction that locks it, so two processors
// (the receiving process and the stale-event sweeper) never apply it together: the payload is read once
// into typed events (events.ts), each applied by its kind's handler (handlers/), their live events published
// in the transaction (NOTIFY, out on commit); the after-commit consumers run once it committed.
import type { Logger } from 'pino';
import { inTransaction, type Sql } from '../../db/client.js';
import { retryOnConflict } from '../../db/conflicts.js';
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

  let emitted: WebhookEvent[] | null;
  try {
    // Deliveries touching the same contacts in another order can deadlock: the loser is run again.
    emitted = await retryOnConflict(() =>
      inTransaction(deps.pool, async (db) => {
        const locked = await repo.lockUnprocessed(db, eventId);
        if (!locked) return null; // processed meanwhile, or another process has it now
        const out: WebhookEvent[] = [];
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
            const { live, after } = await handle(db, page, event);
            for (const e of live) await publish(db, page.fbPageId, e);
            if (after) out.push(after);
          }
        }
        return out;
      }),
    );
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
  for (const e of emitted) {
    await runAfterCommit(deps.afterCommit, e, (err) => {
      consumerError ??= err;
      deps.logger?.error({ err, eventId }, 'webhook listener failed');
    });
  }
  await repo.markProcessed(
    deps.pool,
    eventId,
    consumerError === undefined
      ? null
      : `listener failed: ${String((consumerError as Error).message ?? consumerError)}`,
  );
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
