// Live inbox: Server-Sent Events of one page, fed by the realtime hub (Postgres LISTEN/NOTIFY), so a client
// connected to any API process gets events published by every process. A raw Fastify route: ts-rest cannot
// stream. The web client reads it with fetch (bearer header), so no token ever travels in the URL.
import { PassThrough } from 'node:stream';
import { contract } from '@pagecast/contract';
import type { FastifyInstance } from 'fastify';
import { assertPageAdmin, requireAdmin } from '../../auth/index.js';
import { UnavailableError, validationError } from '../../errors.js';
import type { ModuleDeps } from '../deps.js';
import { routeGuard } from '../route-guard.js';

const route = contract.chats.events;

/** Comment line every 15 s, so proxies and browsers keep an idle stream open. */
export const HEARTBEAT_MS = 15_000;
/** How long a browser waits before reconnecting by itself (the web client has its own backoff too). */
const RETRY_MS = 3_000;

export function registerChatEvents(app: FastifyInstance, deps: ModuleDeps): void {
  const open = new Set<PassThrough>();
  // Open streams would keep app.close() waiting forever: end them first.
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });

  app.get(route.path, { onRequest: routeGuard(route) }, async (request, reply) => {
    const auth = await requireAdmin(request);
    const params = route.pathParams.safeParse(request.params);
    if (!params.success) throw validationError(params.error.issues);
    const { pageId } = params.data;
    await assertPageAdmin(deps.db, auth.adminId, pageId);
    const hub = deps.realtime;
    if (!hub) throw new UnavailableError('Live updates are not available right now');

    const stream = new PassThrough();
    const write = (chunk: string) => {
      if (!stream.writableEnded) stream.write(chunk);
    };
    const unsubscribe = hub.subscribe(pageId, (event) =>
      write(`data: ${JSON.stringify(event)}\n\n`),
    );
    // Events published while the LISTEN connection was down are lost: tell the client to refetch.
    const offReconnect = hub.onReconnect(() => write('event: resync\ndata: {}\n\n'));
    const heartbeat = setInterval(() => write(': heartbeat\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    const cleanup = () => {
      clearInterval(heartbeat);
      unsubscribe();
      offReconnect();
      open.delete(stream);
      if (!stream.writableEnded) stream.end();
    };
    request.raw.on('close', cleanup);
    stream.on('close', cleanup);
    open.add(stream);
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
