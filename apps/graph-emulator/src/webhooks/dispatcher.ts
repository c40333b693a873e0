import { Agent, request } from 'undici';
import type { World, WorldEvent } from '../world/world.js';
import { escapeUnicode, signatureHeaders } from './signing.js';

export interface DeliveryRecord {
  id: number;
  attempt: number;
  status: number | null;
  error?: string;
  entries: number;
  time: number;
}

interface Pending {
  id: number;
  body: string;
  entries: number;
  attempt: number;
}

/**
 * Collects webhook events for `webhookBatchMs`, posts one signed body with several entries to the app's
 * callback URL, and retries non-200 answers / network errors with exponential backoff (bounded attempts).
 */
export class WebhookDispatcher {
  private queue: Array<
    | { id: string; time: number; messaging: unknown[] }
    | { id: string; time: number; standby: unknown[] }
    | { id: string; time: number; changes: Array<{ field: string; value: unknown }> }
  > = [];
  private flushTimer: NodeJS.Timeout | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inflight = new Set<Promise<void>>();
  private nextId = 1;
  private closed = false;
  readonly deliveries: DeliveryRecord[] = [];
  private readonly agent = new Agent({ keepAliveTimeout: 4_000, connections: 16 });

  constructor(private readonly world: World) {}

  /** Called for every world event; drops events the app/page did not subscribe to. */
  enqueue(e: WorldEvent): void {
    const sub = this.world.app.subscription;
    // Standby events (another app controls the thread) need the `standby` field instead of the event's own.
    const field = e.standby ? 'standby' : e.field;
    // A template status change reaches a subscription under either name Meta documents (its guide says
    // message_template_status_update, its webhooks reference messenger_template_status_update).
    const has = (fields: string[]) =>
      fields.includes(field) ||
      (field === 'message_template_status_update' &&
        fields.includes('messenger_template_status_update'));
    if (this.closed || !sub || !has(sub.fields)) return;
    const page = this.world.pages.get(e.pageId);
    const pageFields = page?.subscribedApps.get(this.world.app.id);
    if (!pageFields || !has(pageFields)) return;
    const time = this.world.now();
    this.queue.push(
      e.change
        ? { id: e.pageId, time, changes: [{ field: e.field, value: e.event }] }
        : e.standby
          ? { id: e.pageId, time, standby: [e.event] }
          : { id: e.pageId, time, messaging: [e.event] },
    );
    if (!this.flushTimer) {
      this.flushTimer = setTimeout(() => this.flush(), this.world.behaviour.webhookBatchMs);
    }
  }

  flush(): void {
    this.flushTimer = null;
    if (this.queue.length === 0) return;
    const entry = this.queue;
    this.queue = [];
    const body = escapeUnicode(JSON.stringify({ object: 'page', entry }));
    this.attempt({ id: this.nextId++, body, entries: entry.length, attempt: 1 });
  }

  private attempt(p: Pending): void {
    const sub = this.world.app.subscription;
    if (this.closed || !sub) return;
    const run = (async () => {
      let status: number | null = null;
      let error: string | undefined;
      try {
        const res = await request(sub.callbackUrl, {
          method: 'POST',
          dispatcher: this.agent,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'facebookexternalua',
            ...signatureHeaders(p.body, this.world.app.secret),
          },
          body: p.body,
          headersTimeout: 20_000,
          bodyTimeout: 20_000,
        });
        status = res.statusCode;
        await res.body.dump();
      } catch (e) {
        error = (e as Error).message;
      }
      this.deliveries.push({
        id: p.id,
        attempt: p.attempt,
        status,
        ...(error ? { error } : {}),
        entries: p.entries,
        time: this.world.now(),
      });
      if (this.deliveries.length > 1000) this.deliveries.splice(0, this.deliveries.length - 1000);
      if (status === 200 || this.closed) return;
      if (p.attempt > this.world.behaviour.webhookRetries) return;
      const delay = this.world.behaviour.webhookRetryBaseMs * 2 ** (p.attempt - 1);
      const t = setTimeout(() => {
        this.timers.delete(t);
        this.attempt({ ...p, attempt: p.attempt + 1 });
      }, delay);
      this.timers.add(t);
    })();
    this.inflight.add(run);
    void run.finally(() => this.inflight.delete(run));
  }

  /** The verification GET handshake of `POST /{app-id}/subscriptions`. */
  async verify(
    callbackUrl: string,
    verifyToken: string,
    challenge: string,
  ): Promise<{ status: number; body: string; error?: string }> {
    const url = new URL(callbackUrl);
    url.searchParams.set('hub.mode', 'subscribe');
    url.searchParams.set('hub.verify_token', verifyToken);
    url.searchParams.set('hub.challenge', challenge);
    try {
      const res = await request(url, {
        method: 'GET',
        dispatcher: this.agent,
        headersTimeout: 10_000,
        bodyTimeout: 10_000,
      });
      const body = await res.body.text();
      return { status: res.statusCode, body: body.trim() };
    } catch (e) {
      return { status: 0, body: '', error: (e as Error).message };
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await this.agent.destroy();
    await Promise.allSettled([...this.inflight]);
  }
}
