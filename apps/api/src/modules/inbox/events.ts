// Live inbox: Server-Sent Events of one page, fed by the realtime hub (Postgres LISTEN/NOTIFY), so a client
// connected to any API process gets events published by every process. A raw Fastify route: ts-rest cannot
// stream. The web client reads it with fetch (bearer header), so no token ever travels in the URL.
import { PassThrough } from 'node:stream';
import { contract } from '@pagecast/contract';
import type { FastifyInstance } from 'fastify';
import { assertPageAdmin, requireAdmin } from '../../auth/index.js';
import { ForbiddenError, NotFoundError, UnavailableError, validationError } from '../../errors.js';
import type { ModuleDeps } from '../shared/deps.js';
import { assertKeyPage, routeGuard, routeMeta } from '../shared/route-guard.js';
import { type LiveStream, LiveStreams } from './live-streams.js';

const route = contract.inbox.events;

/** Comment line every 15 s, so proxies and browsers keep an idle stream open. */
export const HEARTBEAT_MS = 15_000;
/** How long a browser waits before reconnecting by itself (the web client has its own backoff too). */
const RETRY_MS = 3_000;
/** setTimeout's longest delay; a longer-lived token re-arms nothing (sessions last 7 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function registerInboxEvents(app: FastifyInstance, deps: ModuleDeps): void {
  const streams = new LiveStreams({
    perAdmin: deps.config.liveStreamsPerAdmin,
    perProcess: deps.config.liveStreamsPerProcess,
  });
  // Open streams would keep app.close() waiting forever: end them first.
  app.addHook('preClose', async () => {
    for (const stream of streams.list()) stream.close();
  });
  const hub = deps.realtime;
  if (hub) {
    // A session ended in any API process: its streams here close.
    hub.onSessionEnded((ended) => streams.closeSessions(ended, ended.reason));
    // An admin's pages or roles were rewritten: a stream whose page they lost (or whose messaging role
    // went) closes, so message texts stop flowing within a second of Pagecast learning it.
    hub.onAccessChanged((adminId) => void recheckAccess(deps, streams.ofAdmin(adminId), app.log));
    // Ends announced while LISTEN was down were missed: ask the database about each open session and page.
    hub.onReconnect(() => {
      void recheckSessions(app, streams).then(() => recheckAccess(deps, streams.list(), app.log));
    });
  }

  app.get(route.path, { onRequest: routeGuard(route) }, async (request, reply) => {
    const auth = await requireAdmin(request);
    const params = route.pathParams.safeParse(request.params);
    if (!params.success) throw validationError(params.error.issues);
    const { pageId } = params.data;
    await assertKeyPage(deps.pool, request, routeMeta(route), { params: params.data });
    await assertPageAdmin(deps.pool, auth.adminId, pageId, 'messaging');
    if (!hub) throw new UnavailableError('Live updates are not available right now');

    const stream = new PassThrough();
    const write = (chunk: string) => {
      if (!stream.writableEnded) stream.write(chunk);
    };
    // The caps first (429): a refused stream holds nothing.
    const release = streams.add({
      adminId: auth.adminId,
      sessionId: auth.sessionId,
      ...(auth.apiKey ? { keyHash: auth.apiKey.hash } : {}),
      pageId,
      close,
    });
    const unsubscribe = hub.subscribe(pageId, (event) =>
      write(`data: ${JSON.stringify(event)}\n\n`),
    );
    // Events published while the LISTEN connection was down are lost: tell the client to refetch.
    const offReconnect = hub.onReconnect(() => write('event: resync\ndata: {}\n\n'));
    const heartbeat = setInterval(() => write(': heartbeat\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    // The JWT's end is the stream's end: a stream never outlives the token that opened it.
    const expiry = setTimeout(
      () => close('expired'),
      Math.max(0, Math.min(auth.expiresAt - Date.now(), MAX_TIMER_MS)),
    );
    expiry.unref();
    const cleanup = () => {
      clearInterval(heartbeat);
      clearTimeout(expiry);
      unsubscribe();
      offReconnect();
      release();
      if (!stream.writableEnded) stream.end();
    };
    // The client learns why (and stops reconnecting): its session is over.
    function close(reason?: string) {
      if (reason) write(`event: session-ended\ndata: ${JSON.stringify({ reason })}\n\n`);
      cleanup();
    }
    request.raw.on('close', cleanup);
    stream.on('close', cleanup);
    try {
      // Answer only once LISTEN is in place: whatever happens after the client sees the stream is delivered.
      await hub.ready();
    } catch (err) {
      cleanup();
      throw err;
    }
    write(`retry: ${RETRY_MS}\n: connected\n\n`);
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache, no-transform')
      .header('x-accel-buffering', 'no')
      .send(stream);
  });
}

/** Closes the streams whose session ended while this process was not listening. */
async function recheckSessions(app: FastifyInstance, streams: LiveStreams): Promise<void> {
  const sessions = new Map(streams.list().map((s) => [s.sessionId, s]));
  for (const [sessionId, { adminId, keyHash }] of sessions) {
    try {
      // A stream opened with an API key follows the key (its id stands for the session).
      const state = keyHash
        ? (await app.apiKeys.state(keyHash)).state === 'active'
          ? 'active'
          : 'ended'
        : await app.sessionState(sessionId, adminId);
      if (state !== 'active') streams.closeSessions({ sessionId }, state);
    } catch (err) {
      // Database away again: the next reconnect re-checks.
      app.log.warn({ err }, 'could not re-check a live stream session');
      return;
    }
  }
}

/** Why a stream ends when its admin no longer manages its page with a messaging role. */
export const PAGE_ACCESS_LOST = 'page-access-lost';

/** Closes the streams whose admin lost their page or its messaging role (404 / 403 of the page check). */
async function recheckAccess(
  deps: ModuleDeps,
  open: LiveStream[],
  log: FastifyInstance['log'],
): Promise<void> {
  for (const stream of open) {
    try {
      await assertPageAdmin(deps.pool, stream.adminId, stream.pageId, 'messaging');
    } catch (err) {
      if (err instanceof ForbiddenError || err instanceof NotFoundError) {
        stream.close(PAGE_ACCESS_LOST);
      } else {
        // Database away: the next change or reconnect re-checks.
        log.warn({ err }, 'could not re-check a live stream page access');
        return;
      }
    }
  }
}
