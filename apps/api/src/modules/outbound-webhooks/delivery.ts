// The delivery worker, in every job worker process: woken by the outbox's NOTIFY (and a poll, for a lost
// notification, a retry coming due or another worker's expired lease), it claims due deliveries
// (delivery-repo.ts#claimDue: one try of a delivery in flight at a time over all workers, a contact's
// deliveries one after the other), POSTs each signed, with a bounded concurrency, and writes the outcomes
// in batches. Never in a request: an admin's 'Send test event' or 'Replay' only queues.
import { WEBHOOK_LIMITS, WEBHOOK_MESSAGES, WEBHOOK_SIGNATURE_HEADER } from '@pagecast/contract';
import pg from 'pg';
import type { Logger } from 'pino';
import { request, type Agent } from 'undici';
import type { Config } from '../../config.js';
import type { TokenCipher } from '../../crypto/tokens.js';
import { assertDeliveryHost, deliveryAgent, type UrlRule } from './address-rule.js';
import {
  claimDue,
  disableEndpoint,
  purgeOldEvents,
  recordOutcomes,
  type ClaimedDelivery,
  type TryOutcome,
} from './delivery-repo.js';
import { OUTBOUND_CHANNEL } from './outbox.js';
import { signatureHeader } from './signing.js';

export interface DeliveryWorkerDeps {
  config: Pick<Config, 'outboundWebhooks'>;
  pool: pg.Pool;
  tokens: Pick<TokenCipher, 'decrypt'>;
  logger?: Logger;
}

export interface DeliveryWorkerOptions {
  /** Tries in flight at once in this worker. */
  concurrency: number;
  /** How often to look for due deliveries without a notification. */
  pollMs: number;
  /** How long a claim holds: past the try's timeout, so only a crashed worker's claim is taken again. */
  leaseMs: number;
  /** The longest wait between two tries. */
  maxBackoffMs: number;
  /** How often to delete the log past WEBHOOK_LIMITS.logRetentionDays. */
  purgeMs: number;
  /** Overrides config's rule (tests run a worker in production mode). */
  urlRule?: UrlRule;
}

export interface DeliveryWorker {
  /** Looks for due deliveries now. */
  wake: () => void;
  /** Resolves once the LISTEN is in place. */
  ready: Promise<void>;
  /** Stops claiming, waits for the tries in flight and their outcomes, closes its connections. */
  stop: () => Promise<void>;
}

const USER_AGENT = 'Pagecast-Webhooks/1.0 (+https://pagecast.app/docs/api#webhooks)';

/** The wait before try `attempt + 1`: doubling from `baseMs`, at most `maxMs`, with equal jitter. */
export function backoffMs(
  attempt: number,
  baseMs: number,
  maxMs: number,
  random = Math.random,
): number {
  const full = Math.min(maxMs, baseMs * 2 ** Math.min(attempt - 1, 30));
  return Math.round(full / 2 + (random() * full) / 2);
}

export function startDeliveryWorker(
  deps: DeliveryWorkerDeps,
  options: Partial<DeliveryWorkerOptions> = {},
): DeliveryWorker {
  const opts: DeliveryWorkerOptions = {
    concurrency: 64,
    pollMs: 1000,
    leaseMs: WEBHOOK_LIMITS.timeoutMs + 50_000,
    maxBackoffMs: 3_600_000,
    purgeMs: 3_600_000,
    ...options,
  };
  const rule = opts.urlRule ?? deps.config.outboundWebhooks.urlRule;
  const agent: Agent = deliveryAgent(rule, opts.concurrency);
  const log = deps.logger?.child({ part: 'outbound-webhooks' });
  let stopped = false;
  let inFlight = 0;
  let claiming = false;
  let again = false;
  const done: TryOutcome[] = [];
  const finals: Array<{ endpointId: string; error: string }> = [];
  let flushing: Promise<void> | null = null;
  const idle = new Set<() => void>();
  // Secrets decrypted once per endpoint and version of its secret.
  const secrets = new Map<string, string>();
  const secretOf = (enc: string) => {
    let s = secrets.get(enc);
    if (s === undefined) {
      s = deps.tokens.decrypt(enc);
      if (secrets.size > 1000) secrets.clear();
      secrets.set(enc, s);
    }
    return s;
  };

  const settle = () => {
    if (inFlight === 0 && !claiming && !flushing && done.length === 0) for (const fn of idle) fn();
  };

  const flush = () => {
    if (flushing || done.length === 0) return;
    const batch = done.splice(0);
    const disable = finals.splice(0);
    flushing = (async () => {
      await recordOutcomes(deps.pool, batch);
      for (const f of disable)
        await disableEndpoint(
          deps.pool,
          f.endpointId,
          WEBHOOK_MESSAGES.disabledAfterFailures(f.error),
        );
    })()
      .catch((err: unknown) => {
        // Left unwritten, the claims run out and the deliveries are tried again (at least once).
        log?.error({ err, count: batch.length }, 'writing webhook delivery outcomes failed');
      })
      .finally(() => {
        flushing = null;
        if (done.length > 0) flush();
        // Slots are free and a head of queue may have moved on: claim what follows.
        pump();
        settle();
      });
  };

  const send = async (d: ClaimedDelivery) => {
    const at = new Date();
    const started = performance.now();
    let status: number | null = null;
    let response: string | null = null;
    let error: string | null = null;
    try {
      const url = new URL(d.url);
      assertDeliveryHost(url, rule);
      const valid = [secretOf(d.secretEnc)];
      if (d.previousSecretEnc) valid.push(secretOf(d.previousSecretEnc));
      const res = await request(url, {
        method: 'POST',
        dispatcher: agent,
        body: d.body,
        headers: {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: signatureHeader(d.body, valid),
          'pagecast-event-id': d.eventId,
          'pagecast-event-type': d.type,
        },
        signal: AbortSignal.timeout(WEBHOOK_LIMITS.timeoutMs),
      });
      status = res.statusCode;
      response = await firstBytes(res.body, WEBHOOK_LIMITS.responseBytes);
      if (status < 200 || status > 299) error = `HTTP ${status}`;
    } catch (err) {
      error = tryError(err);
    }
    const latencyMs = Math.round(performance.now() - started);
    const ok = error === null;
    let state: TryOutcome['state'] = ok ? 'succeeded' : 'retrying';
    let nextAttemptAt: Date | null = null;
    if (!ok) {
      const now = Date.now();
      const until = new Date(d.retryUntil).getTime();
      if (now >= until) state = 'failed';
      else
        nextAttemptAt = new Date(
          Math.min(
            until,
            now + backoffMs(d.attempt, deps.config.outboundWebhooks.retryBaseMs, opts.maxBackoffMs),
          ),
        );
    }
    done.push({
      id: d.id,
      endpointId: d.endpointId,
      attempt: d.attempt,
      at,
      status,
      latencyMs,
      response,
      error,
      state,
      nextAttemptAt,
    });
    if (state === 'failed') finals.push({ endpointId: d.endpointId, error: error ?? 'failed' });
  };

  const pump = () => {
    if (stopped) return;
    if (claiming) {
      again = true;
      return;
    }
    const free = opts.concurrency - inFlight;
    if (free <= 0) return;
    claiming = true;
    again = false;
    claimDue(deps.pool, free, opts.leaseMs)
      .then((claimed) => {
        for (const d of claimed) {
          inFlight++;
          void send(d).finally(() => {
            inFlight--;
            flush();
          });
        }
        // A full batch: more may be due at once.
        if (claimed.length === free) again = true;
      })
      .catch((err: unknown) => log?.warn({ err }, 'claiming webhook deliveries failed'))
      .finally(() => {
        claiming = false;
        if (again) pump();
        settle();
      });
  };

  // The LISTEN connection: a pg.Client of its own, reconnected when it drops (the poll covers the gap).
  let listener: pg.Client | null = null;
  let reconnect: NodeJS.Timeout | null = null;
  const listen = async (): Promise<void> => {
    const c = new pg.Client({
      ...(deps.pool.options as pg.ClientConfig),
      application_name: 'pagecast-outbound-webhooks',
    });
    const lost = () => {
      if (listener !== c) return;
      listener = null;
      c.end().catch(() => {});
      if (!stopped) reconnect = setTimeout(() => void listen().catch(() => {}), 1000);
    };
    c.on('error', lost);
    c.on('end', lost);
    try {
      await c.connect();
      c.on('notification', () => pump());
      await c.query(`LISTEN ${OUTBOUND_CHANNEL}`);
    } catch (err) {
      c.removeAllListeners();
      c.on('error', () => {});
      await c.end().catch(() => {});
      if (!stopped) reconnect = setTimeout(() => void listen().catch(() => {}), 1000);
      throw err;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    listener = c;
    pump();
  };
  const ready = listen().catch((err: unknown) => {
    log?.warn({ err }, 'outbound webhooks LISTEN failed: polling until it is back');
  });

  const poll = setInterval(pump, opts.pollMs);
  poll.unref();
  const purge = setInterval(() => {
    (async () => {
      let deleted = 0;
      for (
        let n = await purgeOldEvents(deps.pool, WEBHOOK_LIMITS.logRetentionDays);
        n > 0;
        n = await purgeOldEvents(deps.pool, WEBHOOK_LIMITS.logRetentionDays)
      )
        deleted += n;
      if (deleted > 0) log?.info({ deleted }, 'old outbound webhook events deleted');
    })().catch((err: unknown) => log?.warn({ err }, 'outbound webhook purge failed'));
  }, opts.purgeMs);
  purge.unref();

  return {
    wake: pump,
    ready,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      clearInterval(poll);
      clearInterval(purge);
      if (reconnect) clearTimeout(reconnect);
      const c = listener;
      listener = null;
      await c?.end().catch(() => {});
      await new Promise<void>((resolve) => {
        const fn = () => (idle.delete(fn), resolve());
        idle.add(fn);
        settle();
      });
      await agent.close();
    },
  };
}

/** The first `max` bytes of an answer's body as text; the rest is not read (the connection is dropped). */
async function firstBytes(body: AsyncIterable<Buffer> & { destroy: () => unknown }, max: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= max) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, max).toString('utf8');
}

/** Why a try got no answer, for the delivery log. */
function tryError(err: unknown): string {
  const e = err as {
    name?: string;
    code?: string;
    message?: string;
    cause?: { code?: string; message?: string };
  };
  if (
    e.name === 'TimeoutError' ||
    e.code === 'UND_ERR_HEADERS_TIMEOUT' ||
    e.code === 'UND_ERR_BODY_TIMEOUT'
  )
    return `timeout after ${WEBHOOK_LIMITS.timeoutMs / 1000} s`;
  const code = e.code ?? e.cause?.code;
  if (code === 'ADDRESS_REFUSED') return e.message ?? e.cause?.message ?? 'address refused';
  if (e.cause?.code === 'ADDRESS_REFUSED') return e.cause.message ?? 'address refused';
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'connection reset';
  if (code?.startsWith('ERR_TLS') || code?.includes('CERT')) return `TLS: ${code}`;
  return (e.message ?? 'request failed').slice(0, 200);
}
