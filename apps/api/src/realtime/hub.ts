// One LISTEN connection per API process, fanning live events out to in-process subscribers by page id.
// The connection is a dedicated pg.Client (not a pool client) so it can be dropped and re-opened freely.
import type { LiveEvent, MessageReceived } from '@pagecast/contract';
import pg from 'pg';
import {
  decodeAccessChanged,
  decodePayload,
  decodeSessionEnded,
  LIVE_CHANNEL,
  SESSION_CHANNEL,
  type SessionEnded,
} from './channel.js';

export type LiveListener = (event: LiveEvent) => void;

export interface RealtimeHub {
  /** Starts receiving the page's events (by its social network id); returns the unsubscribe function. */
  subscribe: (pageFbId: string, listener: LiveListener) => () => void;
  /**
   * Called after the LISTEN connection was lost and re-established: events published in between were
   * missed, so subscribers (e.g. SSE streams) should tell their clients to refetch.
   */
  onReconnect: (listener: () => void) => () => void;
  /**
   * Sessions ended anywhere (logout, deauthorize, deletion, operator): streams of those sessions close.
   * Ends announced while the connection was down are missed: onReconnect listeners re-check their session.
   */
  onSessionEnded: (listener: (ended: SessionEnded) => void) => () => void;
  /** An admin's page access was rewritten in some process: listeners re-check what that admin follows. */
  onAccessChanged: (listener: (adminId: string) => void) => () => void;
  /**
   * The LISTEN connection in place, numbered (a new number after each reconnect), or null while none is:
   * what is cached on the strength of these notifications is trusted only under the connection it was read.
   */
  connection: () => number | null;
  /** Resolves once the LISTEN is in place (subscribe starts it lazily; tests await this). */
  ready: () => Promise<void>;
  close: () => Promise<void>;
}

/** Loads a stored message of the page by its mid (the NOTIFY carried only this reference), or null. */
export type LoadMessage = (pageFbId: string, mid: string) => Promise<MessageReceived | null>;

export interface RealtimeHubOptions {
  /** How a message too big for a NOTIFY payload is read back (the owner of the messages table decides). */
  loadMessage: LoadMessage;
  /** First reconnect delay; doubles up to `maxReconnectMs`. */
  reconnectMs?: number;
  maxReconnectMs?: number;
  logger?: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

type Waiter = { resolve: () => void; reject: (err: unknown) => void };

/**
 * `pool` supplies the connection settings; `options.loadMessage` reads messages too big for a NOTIFY
 * payload. The LISTEN connection opens on the first subscribe or `ready()`: an API process asks at start,
 * since its session cache (auth/session-cache.ts) answers nothing until it listens.
 */
export function createRealtimeHub(pool: pg.Pool, options: RealtimeHubOptions): RealtimeHub {
  const reconnectMs = options.reconnectMs ?? 250;
  const maxReconnectMs = options.maxReconnectMs ?? 10_000;
  const listeners = new Map<string, Set<LiveListener>>();
  const reconnectListeners = new Set<() => void>();
  const sessionListeners = new Set<(ended: SessionEnded) => void>();
  const accessListeners = new Set<(adminId: string) => void>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let everConnected = false;
  let connections = 0;
  let closed = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let delay = reconnectMs;
  const waiters: Waiter[] = [];

  const dispatch = (pageFbId: string, event: LiveEvent) => {
    for (const fn of listeners.get(pageFbId) ?? []) {
      try {
        fn(event);
      } catch (err) {
        options.logger?.error({ err }, 'live event listener failed');
      }
    }
  };

  const onNotification = (msg: pg.Notification) => {
    if (msg.channel === SESSION_CHANNEL) {
      const ended = decodeSessionEnded(msg.payload);
      if (ended) for (const fn of sessionListeners) fn(ended);
      const access = ended ? null : decodeAccessChanged(msg.payload);
      if (access) for (const fn of accessListeners) fn(access.accessOf);
      return;
    }
    if (msg.channel !== LIVE_CHANNEL) return;
    const payload = decodePayload(msg.payload);
    if (!payload || !listeners.has(payload.p)) return;
    if ('e' in payload) return dispatch(payload.p, payload.e);
    const { ref } = payload;
    options
      .loadMessage(payload.p, ref.mid)
      .then((message) => {
        if (message)
          dispatch(payload.p, {
            type: 'message',
            pageId: payload.p,
            psid: ref.psid,
            message,
          });
      })
      .catch((err: unknown) => options.logger?.error({ err }, 'loading a live message failed'));
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect().catch(() => scheduleReconnect());
    }, delay);
    delay = Math.min(maxReconnectMs, delay * 2);
  };

  const connect = (): Promise<void> => {
    if (closed) return Promise.resolve();
    if (client) return Promise.resolve();
    connecting ??= (async () => {
      const c = new pg.Client({
        ...(pool.options as pg.ClientConfig),
        application_name: 'pagecast-realtime',
      });
      // A dropped connection: forget it and reconnect (events in the gap are announced via onReconnect).
      const lost = (err?: unknown) => {
        if (client !== c) return;
        client = null;
        c.removeAllListeners('notification');
        c.end().catch(() => {});
        if (!closed) {
          options.logger?.warn({ err }, 'realtime LISTEN connection lost: reconnecting');
          scheduleReconnect();
        }
      };
      c.on('error', lost);
      c.on('end', () => lost());
      try {
        await c.connect();
        c.on('notification', onNotification);
        await c.query(`LISTEN ${LIVE_CHANNEL}; LISTEN ${SESSION_CHANNEL}`);
      } catch (err) {
        c.removeAllListeners();
        c.on('error', () => {});
        await c.end().catch(() => {});
        throw err;
      }
      if (closed) {
        await c.end().catch(() => {});
        return;
      }
      client = c;
      connections++;
      delay = reconnectMs;
      const wasConnected = everConnected;
      everConnected = true;
      for (const w of waiters.splice(0)) w.resolve();
      if (wasConnected) for (const fn of reconnectListeners) fn();
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  const start = () => {
    connect().catch((err: unknown) => {
      options.logger?.warn({ err }, 'realtime LISTEN connection failed: retrying');
      scheduleReconnect();
    });
  };

  return {
    subscribe(pageFbId, listener) {
      let set = listeners.get(pageFbId);
      if (!set) listeners.set(pageFbId, (set = new Set()));
      set.add(listener);
      if (!client && !closed) start();
      return () => {
        const current = listeners.get(pageFbId);
        current?.delete(listener);
        if (current?.size === 0) listeners.delete(pageFbId);
      };
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
    onSessionEnded(listener) {
      sessionListeners.add(listener);
      return () => sessionListeners.delete(listener);
    },
    onAccessChanged(listener) {
      accessListeners.add(listener);
      return () => accessListeners.delete(listener);
    },
    connection() {
      return client ? connections : null;
    },
    ready() {
      if (client) return Promise.resolve();
      if (closed) return Promise.reject(new Error('realtime hub is closed'));
      const p = new Promise<void>((resolve, reject) => waiters.push({ resolve, reject }));
      start();
      return p;
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      for (const w of waiters.splice(0)) w.reject(new Error('realtime hub is closed'));
      listeners.clear();
      reconnectListeners.clear();
      sessionListeners.clear();
      accessListeners.clear();
      await connecting?.catch(() => {});
      const c = client;
      client = null;
      if (c) await c.end().catch(() => {});
    },
  };
}
