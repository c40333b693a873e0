import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * A graceful close that ends: app.close() waits for every open connection, and Node only closes the
 * connections that are idle at that instant. Two kinds would otherwise hold the shutdown open until the client
 * lets go (keep-alive is 72 s, past the 15 s shutdown timeout, so the process exits 1 without stopping its
 * workers): a connection that never sent a request (browsers and load balancers open spare ones), and a
 * keep-alive connection whose request was in flight when the close began (an SSE stream ended by its
 * preClose hook, a slow answer). Once closing, the first are closed at once and the others as soon as their
 * last answer is written; answers in flight are never cut.
 */
export function registerConnectionDrain(app: FastifyInstance): void {
  const requestsInFlight = new Map<Socket, number>();
  let closing = false;

  app.server.on('connection', (socket: Socket) => {
    requestsInFlight.set(socket, 0);
    socket.once('close', () => requestsInFlight.delete(socket));
  });
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    requestsInFlight.set(socket, (requestsInFlight.get(socket) ?? 0) + 1);
    res.once('close', () => {
      if (!requestsInFlight.has(socket)) return;
      const left = Math.max(0, (requestsInFlight.get(socket) ?? 1) - 1);
      requestsInFlight.set(socket, left);
      // After the answer is flushed (destroySoon ends the socket once its writes are done).
      if (closing && left === 0) socket.destroySoon();
    });
  });
  app.addHook('preClose', async () => {
    closing = true;
    for (const [socket, n] of requestsInFlight) if (n === 0) socket.destroySoon();
  });
}
